package iri

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri/internal/ascii"
)

// RFC 3987 section 3.1 step 1b: legacy text is converted to UCS and NFC,
// then mapped; step 1c: UCS text is not normalized.
func TestAppendURIFrom(t *testing.T) {
	utf16 := xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)
	tests := []struct {
		name string
		enc  encoding.Encoding
		src  []byte
		want string
	}{
		{"ISO-8859-1", charmap.ISO8859_1, []byte("http://h/r\xe9sum\xe9"), "http://h/r%C3%A9sum%C3%A9"},
		{"Shift_JIS", japanese.ShiftJIS, []byte("http://h/\x93\xfa\x96\x7b"), "http://h/%E6%97%A5%E6%9C%AC"}, // 日本
		{"GB18030", simplifiedchinese.GB18030, []byte("http://h/\xd6\xd0"), "http://h/%E4%B8%AD"},            // 中
		// windows-1258 (Vietnamese) writes ế as ê and a combining acute; NFC composes them.
		{"windows-1258 NFC", charmap.Windows1258, []byte("http://h/\xea\xec"), "http://h/%E1%BA%BF"},
		{"UTF-8, no NFC", nil, []byte("http://h/e\u0301"), "http://h/e%CC%81"},
		// Step 1c: a Unicode encoding is UCS already, and is not normalized.
		{"x/text UTF-8, no NFC", xunicode.UTF8, []byte("http://h/e\u0301"), "http://h/e%CC%81"},
		{"UTF-16LE, no NFC", utf16, encodeTo(t, utf16, "http://h/e\u0301"), "http://h/e%CC%81"},
		{"UTF-32, no NFC", utf32.UTF32(utf32.BigEndian, utf32.UseBOM), encodeTo(t, utf32.UTF32(utf32.BigEndian, utf32.UseBOM), "http://h/e\u0301"), "http://h/e%CC%81"},
		// A %HH is three characters to NFC, not the one it encodes (issue
		// 27, item 18): U+0301 after "%70" does not make U+1E55, and
		// after "%7A" it does not compose with the digit 'A'.
		{"mark after %HH", charmap.Windows1258, []byte("http://h/%70\xec"), "http://h/%70%CC%81"},
		{"mark after hex letter of %HH", charmap.Windows1258, []byte("http://h/%7A\xec"), "http://h/%7A%CC%81"},
		// NFC neither makes nor removes a delimiter (issue 27, item 13).
		{"U+037E and =U+0338", simplifiedchinese.GB18030, encodeTo(t, simplifiedchinese.GB18030, "http://h/a\u037eb?k=\u0338v"), "http://h/a%3Bb?k=%CC%B8v"},
		{"U+037E in the host", simplifiedchinese.GB18030, encodeTo(t, simplifiedchinese.GB18030, "http://a\u037eb/"), "http://a%3Bb/"},
	}
	for _, tt := range tests {
		got, err := Parser{}.AppendURIFrom([]byte("x"), tt.src, tt.enc)
		if err != nil || string(got) != "x"+tt.want {
			t.Errorf("%s: AppendURIFrom = %q, %v; want %q", tt.name, got, err, "x"+tt.want)
		}
	}
	if _, err := (Parser{}).AppendURIFrom(nil, []byte("http://h/a b"), charmap.ISO8859_1); err == nil {
		t.Error("AppendURIFrom accepted a space")
	}
	// A '%' without its digits is a delimiter of its own, and an error,
	// wherever it falls.
	for _, s := range []string{"%", "%7", "%\xec", "%7\xec", "a%A\xec", "http://h/%"} {
		got, err := Parser{}.AppendURIFrom(nil, []byte(s), charmap.Windows1258)
		var e *Error
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) {
			t.Errorf("AppendURIFrom(%q) = %q, %v; want an *Error inside its input", s, got, err)
		}
	}
}

func encodeTo(t *testing.T, enc encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

// TestAppendURIFromDelimiters takes every code point whose NFC holds ASCII
// that is not unreserved, and every one NFC composes with such ASCII
// before it, through AppendURIFrom in each component (GB18030 encodes
// all of UCS): the result has the delimiters the text had, no more and
// no fewer, the same scheme and port, each component's text up to
// canonical equivalence, and runs in NFC (issue 27, item 13).
func TestAppendURIFromDelimiters(t *testing.T) {
	var made []string // a code point between two letters
	var joined []string
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		if f := norm.NFC.String(s); strings.IndexFunc(f, isDelimRune) >= 0 {
			made = append(made, "a"+s+"b")
		}
		if norm.NFC.PropertiesString(s).BoundaryBefore() {
			continue // it never composes with what is before it
		}
		for d := byte(0x21); d < 0x7F; d++ {
			if ds := string(d) + s; !ascii.IsUnreserved(d) && norm.NFC.String(ds) != ds[:1]+norm.NFC.String(s) {
				joined = append(joined, ds)
			}
		}
	}
	// Unicode 15 has U+037E (';'), U+1FEF ('`') and '<', '=', '>' with
	// U+0338: the loop must find at least those, or it tests nothing.
	for _, want := range []string{"a\u037eb", "a\u1fefb"} {
		if !contains(made, want) {
			t.Fatalf("no %+q among the code points NFC maps to a delimiter: %+q", want, made)
		}
	}
	for _, want := range []string{"<\u0338", "=\u0338", ">\u0338"} {
		if !contains(joined, want) {
			t.Fatalf("no %+q among the compositions with a delimiter: %+q", want, joined)
		}
	}
	check := func(text string) {
		t.Helper()
		src, err := simplifiedchinese.GB18030.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatalf("GB18030 cannot encode %+q: %v", text, err)
		}
		got, err := Parser{EncodeUnsafeASCII: true}.AppendURIFrom(nil, src, simplifiedchinese.GB18030)
		if err != nil {
			t.Errorf("AppendURIFrom(%+q): %v", text, err)
			return
		}
		out := string(got)
		if d, w := delims(out), delims(text); d != w {
			t.Errorf("AppendURIFrom(%+q) = %q: delimiters %q, want %q", text, out, d, w)
		}
		if !runsNFC(out) {
			t.Errorf("AppendURIFrom(%+q) = %q: a run is not NFC", text, out)
		}
		u, err := ParseReference(out)
		if err != nil {
			t.Errorf("AppendURIFrom(%+q) = %q, which does not parse: %v", text, out, err)
			return
		}
		w, err := ParseReference(string(encodeUnsafe(text)))
		if err != nil {
			t.Fatalf("test text %+q does not parse: %v", text, err)
		}
		if u.Scheme() != w.Scheme() || u.Port() != w.Port() || u.HasQuery() != w.HasQuery() || u.HasFragment() != w.HasFragment() {
			t.Errorf("AppendURIFrom(%+q) = %q: scheme, port or parts changed", text, out)
		}
		for i, pair := range [][2]string{{u.Userinfo(), w.Userinfo()}, {u.Host(), w.Host()}, {u.Path(), w.Path()}, {u.Query(), w.Query()}, {u.Fragment(), w.Fragment()}} {
			if g, w := norm.NFC.String(unescape(pair[0])), norm.NFC.String(unescape(pair[1])); g != w {
				t.Errorf("AppendURIFrom(%+q) = %q: component %d holds %+q, want %+q", text, out, i, g, w)
			}
		}
	}
	for _, m := range made {
		check(fmt.Sprintf("http://u%[1]s@h%[1]s:8/p%[1]s?q%[1]s#f%[1]s", m))
	}
	for _, j := range joined {
		if j[0] == '%' || j[0] == '[' || j[0] == ']' || j[0] == '#' {
			t.Fatalf("%+q composes; this test places it in a query, where that is not valid: place it elsewhere", j)
		}
		check(fmt.Sprintf("http://u%[1]s@h:8/p%[1]s?q%[1]s#f%[1]s", j))
	}
}

// encodeUnsafe percent-encodes the ASCII that EncodeUnsafeASCII
// encodes, so that test text with it parses.
func encodeUnsafe(s string) []byte {
	var b []byte
	for i := 0; i < len(s); i++ {
		if c := s[i]; strings.IndexByte(" \"<>\\^`{|}", c) >= 0 {
			b = ascii.AppendPct(b, c)
		} else {
			b = append(b, c)
		}
	}
	return b
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isDelimRune reports whether r is ASCII that is not unreserved.
func isDelimRune(r rune) bool { return r < 0x80 && !ascii.IsUnreserved(byte(r)) }

// delims returns the syntax of s: its reserved characters (RFC 3986 2.2)
// outside %HH triplets, in order.
func delims(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]):
			i += 2
		case strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0:
			b = append(b, c)
		}
	}
	return string(b)
}

// unescape decodes every %HH of s.
func unescape(s string) string { return string(ascii.AppendUnescape(nil, s)) }

// runsNFC reports whether each run of the URI u between its ASCII that is
// not unreserved and its %HH of ASCII, with its %HH of non-ASCII decoded,
// is NFC: the runs AppendURIFrom normalized, when its text held no %HH.
func runsNFC(u string) bool {
	var run []byte
	flush := func() bool {
		ok := norm.NFC.IsNormal(run)
		run = run[:0]
		return ok
	}
	for i := 0; i < len(u); i++ {
		switch c := u[i]; {
		case c == '%':
			if v := ascii.UnhexPair(u[i+1], u[i+2]); v >= 0x80 {
				run = append(run, v)
			} else if !flush() {
				return false
			}
			i += 2
		case ascii.IsUnreserved(c):
			run = append(run, c)
		default:
			if !flush() {
				return false
			}
		}
	}
	return flush()
}

// nfcRuns allocates nothing on text in NFC, the common case.
func TestNFCRunsAllocs(t *testing.T) {
	s := "http://h/r\u00e9sum\u00e9?q=\u65e5\u672c#f"
	if got := nfcRuns(s); got != s {
		t.Fatalf("nfcRuns(%q) = %q, want it as it is", s, got)
	}
	if n := testing.AllocsPerRun(100, func() { nfcRuns(s) }); n != 0 {
		t.Errorf("nfcRuns on NFC text: %v allocations, want 0", n)
	}
}
