package fuzz

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/scan"
	"github.com/irikit/iri/scanner"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/unicode/norm"
)

// pctNormal rewrites every %HH of s with uppercase hex and decodes those
// of unreserved characters (RFC 3986 6.2.2.1, 6.2.2.2): the two ways in
// which, per RFC 3987 section 3.2, an IRI from ToIRI may map back to a URI
// other than its input.
func pctNormal(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			c := unhex(s[i+1])<<4 | unhex(s[i+2])
			if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
				b.WriteByte(c)
			} else {
				b.WriteString(strings.ToUpper(s[i : i+3]))
			}
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// avoided reports whether s holds a character that section 3.2 step 4
// keeps encoded although it may stand in an IRI: one of section 6.1's.
func avoided(s string) bool {
	for _, r := range s {
		if scan.Avoid61(r) != 0 {
			return true
		}
	}
	return false
}

// FuzzToIRI checks RFC 3987 section 3.2 on every valid reference: the
// output is a valid IRI reference; it maps back (3.1) to the URI of the
// input but for hex case and unreserved characters; the conversion is
// idempotent; nothing reserved is ever decoded; and an IRI with no '%'
// and no character step 4 keeps encoded survives ToURI then ToIRI
// exactly. (The "ToIRI(ToURI(x)) == x" cannot hold when x itself
// holds a %HH that step 2 decodes, such as "%41"; those are left out.)
func FuzzToIRI(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	for _, s := range []string{"http://h/D%C3%BCrst", "http://h/D%FCrst", "http://xn--99zt52a.example.org/%e2%80%ae", "?%EE%80%80#%EE%80%80", "%C3%C3%BC%2F%41", "http://evil%EF%BC%8Ecom/%E2%80%A5", "http://xn--r8jz45g%E3%80%82jp/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := iri.ToIRI(s)
		if err != nil {
			if iri.Valid(s, iri.RuleIRIReference) {
				t.Fatalf("ToIRI(%q) failed on a valid reference: %v", s, err)
			}
			return
		}
		if !iri.Valid(out, iri.RuleIRIReference) {
			t.Fatalf("ToIRI(%q) = %q, not an IRI-reference", s, out)
		}
		if again, _ := iri.ToIRI(out); again != out {
			t.Fatalf("ToIRI is not idempotent on %q: %q then %q", s, out, again)
		}
		u1, _ := iri.AppendURI(nil, s)
		u2, _ := iri.AppendURI(nil, out)
		if pctNormal(string(u1)) != pctNormal(string(u2)) {
			t.Fatalf("ToIRI(%q) = %q maps to the URI %q, the input to %q", s, out, u2, u1)
		}
		// Reserved characters, '%' and what URIs do not allow are never
		// decoded: the output holds as many of them, and as many "%25",
		// as the input.
		for _, c := range ":/?#[]@!$&'()*+,;= \"<>\\^`{|}" {
			if strings.Count(out, string(c)) != strings.Count(s, string(c)) {
				t.Fatalf("ToIRI(%q) = %q changes the number of %q", s, out, c)
			}
		}
		if strings.Count(strings.ToUpper(out), "%25") != strings.Count(strings.ToUpper(s), "%25") {
			t.Fatalf("ToIRI(%q) = %q changes the number of %%25", s, out)
		}
		checkSameShape(t, "ToIRI", iri.MustParseReference(s), iri.MustParseReference(out))
		if idn, err := (iri.Parser{IDNA: true}).ToIRI(s); err != nil {
			t.Fatalf("IDNA ToIRI(%q): %v", s, err)
		} else {
			o := iri.MustParseReference(idn)
			checkSameShape(t, "IDNA ToIRI", iri.MustParseReference(s), o)
			if !iri.Equal(iri.MustParseReference(s), o) {
				t.Fatalf("IDNA ToIRI(%q) = %q, which Compare does not find equal", s, idn)
			}
		}
		if !strings.Contains(s, "%") && !avoided(s) {
			uri, _ := iri.AppendURI(nil, s)
			if back, err := iri.ToIRI(string(uri)); err != nil || back != s {
				t.Fatalf("ToIRI(ToURI(%q)) = %q, %v; want the input", s, back, err)
			}
		}
	})
}

// FuzzURLInterop checks the net/url bridge on every valid reference:
// where IRI.URL gives a URL (it may refuse), its String is the URI form, FromURL takes it back
// unchanged, and where net/url parses the IRI itself, its own encoding of
// it names the same URI as ToURI (but for hex case, unreserved characters,
// the scheme's case, which net/url lowercases, the query, which it leaves
// unencoded, and the sub-delims it encodes; see netURLPath).
func FuzzURLInterop(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := iri.ParseReference(s)
		if err != nil {
			return
		}
		uri := u.URI()
		x, err := u.URL()
		if err != nil {
			// Every failure of URL on a valid reference says that net/url
			// cannot hold it, whichever way net/url fails.
			if !errors.Is(err, iri.ErrNotRepresentable) {
				t.Fatalf("URL(%q): %v, want ErrNotRepresentable", s, err)
			}
			return // net/url cannot hold the URI form; nothing to compare
		}
		if u.HasFragment() && u.Fragment() == "" {
			t.Fatalf("URL(%q) of an empty fragment = %q, want ErrNotRepresentable", s, x)
		}
		if x.String() != uri {
			t.Fatalf("URL(%q).String() = %q, want %q", s, x.String(), uri)
		}
		back, err := iri.FromURL(x)
		if err != nil || back.String() != uri {
			t.Fatalf("FromURL(URL(%q)) = %q, %v; want %q", s, back, err, uri)
		}
		// net/url re-encodes a path or fragment that holds non-ASCII from
		// its decoded form, so a %2F, %3A, %40, ... in it comes out as
		// '/', ':', '@': a different reference. No comparison there.
		for _, p := range []string{u.Path(), u.Fragment()} {
			if strings.Contains(p, "%") && !isASCII(p) {
				return
			}
		}
		if x, err = url.Parse(s); err != nil {
			return
		}
		// net/url writes RawQuery as it was given, non-ASCII and all, so
		// its String of an IRI with a non-ASCII query is not a URI; that
		// part is mapped here before comparing.
		got := string(ascii.EncodeNonASCII(nil, x.String()))
		want := uri
		if u.IsAbsolute() {
			want = strings.ToLower(u.Scheme()) + want[len(u.Scheme()):]
		}
		if netURLPath(pctNormal(got)) != netURLPath(pctNormal(want)) {
			t.Fatalf("net/url writes %q as %q, ToURI gives %q", s, got, uri)
		}
	})
}

// netURLPath decodes %21, %27, %28, %29 and %2A. When net/url has to
// re-encode a path (when it holds non-ASCII, say), it also encodes the
// sub-delims '!', '\”, '(', ')' and '*', which RFC 3986 2.2 leaves as
// they are and which are not equivalent to their encodings in general
// (6.2.2.2); this is where its output and ToURI's may differ.
func netURLPath(s string) string {
	r := strings.NewReplacer("%21", "!", "%27", "'", "%28", "(", "%29", ")", "%2A", "*")
	return r.Replace(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// FuzzAppendURIFrom feeds arbitrary bytes through the legacy-encoding
// path (RFC 3987 3.1 step 1b) in four encodings: it never panics, and
// whatever it accepts is a valid URI reference with the delimiters of
// the converted text, no more and no fewer (NFC neither makes one, as
// U+037E would make ';', nor composes one away, as '=' and U+0338
// would). NFC applies to the characters of the text, where a %HH is three
// characters and is not decoded: so when the text holds no %HH of
// non-ASCII, each run of the URI between delimiters and %HH of ASCII is
// NFC once its %HH of non-ASCII, all made by the mapping, are decoded.
// "%70" and U+0301 stay "%70%CC%81": 'p' is not text there, and the
// mark is not composed with it.
func FuzzAppendURIFrom(f *testing.F) {
	for _, s := range []string{
		"http://h/r\xe9sum\xe9", "http://h/\x82\xa0", "x:\x81\x30\x81\x30", "%zz",
		"%70\xec", "%7A\xec", "a%A\xec", "%\xec", // marks after a triplet, or half of one (windows-1258)
		"http://h/a\x81\x30\xc9\x32b?k=\x81\x30\xc2\x32v", // U+037E and '=' U+0338 (GB18030)
	} {
		f.Add([]byte(s))
	}
	encs := []encoding.Encoding{charmap.ISO8859_1, japanese.ShiftJIS, simplifiedchinese.GB18030, charmap.Windows1258}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, enc := range encs {
			u, err := iri.Parser{}.AppendURIFrom(nil, src, enc)
			if err != nil {
				var e *iri.Error
				if errors.As(err, &e) && (e.Offset < 0 || e.Offset > len(e.Input)) {
					t.Fatalf("%v: error offset %d outside its input %q", enc, e.Offset, e.Input)
				}
				continue
			}
			if !scanner.Valid(string(u), scanner.URIReference, 0) {
				t.Fatalf("%v: AppendURIFrom(%q) = %q, not a URI reference", enc, src, u)
			}
			text, err := enc.NewDecoder().String(string(src))
			if err != nil {
				t.Fatalf("%v: AppendURIFrom(%q) = %q, but the text does not decode: %v", enc, src, u, err)
			}
			if d, w := reservedOf(string(u)), reservedOf(text); d != w {
				t.Fatalf("%v: AppendURIFrom(%q) = %q: delimiters %q, but the text %+q has %q", enc, src, u, d, text, w)
			}
			if hasNonASCIITriplet(text) {
				continue // its own %HH of non-ASCII are not text NFC applies to
			}
			if !runsNFC(string(u)) {
				t.Fatalf("%v: AppendURIFrom(%q) = %q, which has a run that is not NFC", enc, src, u)
			}
		}
	})
}

// reservedOf returns the syntax of s: its reserved characters (RFC 3986
// 2.2) outside %HH triplets, in order.
func reservedOf(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 2
		case strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0:
			b = append(b, c)
		}
	}
	return string(b)
}

// hasNonASCIITriplet reports whether s holds a %HH of an octet over 0x7F.
func hasNonASCIITriplet(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) && unhex(s[i+1]) >= 8 {
			return true
		}
	}
	return false
}

// runsNFC reports whether each run of the URI u between its ASCII that is
// not unreserved and its %HH of ASCII, with its %HH of non-ASCII decoded,
// is NFC.
func runsNFC(u string) bool {
	var run []byte
	flush := func() bool {
		ok := norm.NFC.IsNormal(run)
		run = run[:0]
		return ok
	}
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c == '%':
			if v := unhex(u[i+1])<<4 | unhex(u[i+2]); v >= 0x80 {
				run = append(run, v)
			} else if !flush() {
				return false
			}
			i += 2
		case 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0:
			run = append(run, c)
		default:
			if !flush() {
				return false
			}
		}
	}
	return flush()
}
