package scanner

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/ascii"
)

// Inputs for the allocation tests: valid and invalid, ASCII and not.
var allocInputs = []struct {
	name string
	in   string
	rule Rule
	ok   bool
}{
	{"valid ASCII", "http://user@example.com:8080/a/b/c?q=1&r=2#frag", IRI, true},
	{"valid ASCII relative", "../a/b;p?q", IRIReference, true},
	{"valid IPv6", "http://[2001:db8::7]/c=GB?objectClass?one", URI, true},
	{"valid non-ASCII", "http://\u4f8b\u3048.jp/\u30d1\u30b9?q=\u5024#\u7bc0", IRI, true},
	{"valid 4-byte and iprivate", "http://h/\U0001F600?\U0010FFFD", IRI, true},
	{"invalid ASCII", "http://example.com/a b", IRI, false},
	{"invalid port", "http://h:80x", IRI, false},
	{"invalid IP-literal", "http://[1:2:3:4:5:6:7:8:9]/", IRI, false},
	{"invalid UTF-8", "http://h/\u00e9\xe4\xb8", IRI, false},
	{"invalid code point", "http://h/\u00e9\ufdd0", IRI, false},
	{"invalid non-ASCII for URI", "http://h/\u00e9", URI, false},
	{"invalid bidi", "http://h/\u00e9\u200e", IRI, false},
}

func TestScanZeroAllocs(t *testing.T) {
	for _, tt := range allocInputs {
		b := []byte(tt.in)
		var r Result
		if n := testing.AllocsPerRun(100, func() { r = Scan(tt.in, tt.rule, 0) }); n != 0 {
			t.Errorf("Scan(%s) allocates %v times, want 0", tt.name, n)
		}
		if r.OK() != tt.ok {
			t.Errorf("Scan(%+q, %v).OK() = %v, want %v", tt.in, tt.rule, r.OK(), tt.ok)
		}
		if n := testing.AllocsPerRun(100, func() { r = ScanBytes(b, tt.rule, 0) }); n != 0 {
			t.Errorf("ScanBytes(%s) allocates %v times, want 0", tt.name, n)
		}
		var ok bool
		if n := testing.AllocsPerRun(100, func() { ok = Valid(tt.in, tt.rule, 0) }); n != 0 {
			t.Errorf("Valid(%s) allocates %v times, want 0", tt.name, n)
		}
		if ok != tt.ok {
			t.Errorf("Valid(%+q, %v) = %v, want %v", tt.in, tt.rule, ok, tt.ok)
		}
		lines := tt.in + "\n" + tt.in + "\n"
		var bad, n int
		if a := testing.AllocsPerRun(100, func() { bad, n = ValidLines(lines, tt.rule, 0) }); a != 0 {
			t.Errorf("ValidLines(%s) allocates %v times, want 0", tt.name, a)
		}
		if want := map[bool][2]int{true: {len(lines), 2}, false: {0, 0}}[tt.ok]; [2]int{bad, n} != want {
			t.Errorf("ValidLines(%+q, %v) = %d, %d, want %v", lines, tt.rule, bad, n, want)
		}
		// The lines ValidLines passed, encoded in one call, are their
		// URI forms one by one.
		buf := make([]byte, 0, 3*len(lines))
		if a := testing.AllocsPerRun(100, func() { buf = AppendNonASCIIEncoded(buf[:0], lines[:bad]) }); a != 0 {
			t.Errorf("AppendNonASCIIEncoded(%s) allocates %v times, want 0", tt.name, a)
		}
		if tt.ok {
			u, _ := AppendURI(nil, tt.in, tt.rule, 0)
			if want := string(u) + "\n" + string(u) + "\n"; string(buf) != want {
				t.Errorf("AppendNonASCIIEncoded(%+q) = %q, want %q", lines, buf, want)
			}
		}
	}
}

func TestAppendURIZeroAllocs(t *testing.T) {
	buf := make([]byte, 0, 4096) // pre-grown and reused
	for _, tt := range allocInputs {
		b := []byte(tt.in)
		var r Result
		if n := testing.AllocsPerRun(100, func() { buf, r = AppendURI(buf[:0], tt.in, tt.rule, 0) }); n != 0 {
			t.Errorf("AppendURI(%s) into a reused buffer allocates %v times, want 0", tt.name, n)
		}
		if r.OK() != tt.ok {
			t.Errorf("AppendURI(%+q, %v).OK() = %v, want %v", tt.in, tt.rule, r.OK(), tt.ok)
		}
		if n := testing.AllocsPerRun(100, func() { buf, r = AppendURIBytes(buf[:0], b, tt.rule, 0) }); n != 0 {
			t.Errorf("AppendURIBytes(%s) into a reused buffer allocates %v times, want 0", tt.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { buf = ascii.EncodeNonASCII(buf[:0], tt.in) }); n != 0 {
			t.Errorf("ascii.EncodeNonASCII(%s) into a reused buffer allocates %v times, want 0", tt.name, n)
		}
	}
}

// Long hostile inputs are read in one pass: each gives the expected
// result, which a scanner that backtracked or rescanned would still give,
// but the inputs are large enough (1 MiB) that a quadratic one would make
// the test time out. Nothing here measures time.
func TestLongHostileInputs(t *testing.T) {
	const n = 1 << 20
	rep := func(s string) string { return strings.Repeat(s, n/len(s)) }
	tests := []struct {
		name string
		in   string
		rule Rule
		code Code
		off  int // -1: len(in); for valid inputs, ignored
	}{
		{"pct-encoded path", "http://h/" + rep("%41"), IRI, CodeOK, 0},
		{"percent signs", "http://h/" + rep("%"), IRI, CodePercent, 9},
		{"percent signs at the end", "http://h/" + rep("a") + "%4", IRI, CodePercent, -3},
		{"colons in authority", "http://" + rep(":"), IRI, CodePort, 8},
		{"colons then '@'", "http://" + rep("a:") + "@h", IRI, CodeOK, 0},
		{"colons as path", "a:" + rep(":"), IRI, CodeOK, 0},
		{"colons in relative first segment", rep("a") + ":", IRelativeRef, CodeColonInFirstSegment, -2},
		{"long scheme", rep("a") + ":", IRI, CodeOK, 0},
		{"open brackets", rep("["), IRIReference, CodeChar, 0},
		{"IP-literal of colons", "http://[" + rep(":") + "]", IRI, CodeIPLiteral, 10},
		{"IP-literal of pieces", "http://[" + rep("1:"), IRI, CodeIPLiteral, 23},
		{"unclosed IP-literal", "http://[::1" + rep("/"), IRI, CodeIPLiteralEnd, 11},
		{"long IPvFuture", "http://[v1." + rep("x") + "]", IRI, CodeOK, 0},
		{"unclosed IPvFuture", "http://[v1." + rep("x"), IRI, CodeIPLiteralEnd, -1},
		{"at signs in path", "a" + rep("@"), IRIReference, CodeOK, 0},
		{"at signs in host", "//" + rep("@"), IRIReference, CodeChar, 3},
		{"4-byte characters", "http://h/" + rep("\U0001F600"), IRI, CodeOK, 0},
		{"4-byte characters then a stray byte", "http://h/" + rep("\U0001F600") + "\x80", IRI, CodeUTF8, -2},
		{"iprivate in query", "?" + rep("\U00100000"), IRIReference, CodeOK, 0},
		{"iprivate in path", "/" + rep("\u00e9") + "\ue000", IRIReference, CodePrivate, -4},
		{"dot segments", rep("..//"), IRIReference, CodeOK, 0},
		{"queries", "?" + rep("?/"), IRIReference, CodeOK, 0},
		{"fragments of hashes", "#" + rep("#"), IRIReference, CodeChar, 1},
		{"userinfo without '@'", "//" + rep("a:b"), IRIReference, CodePort, 4},
		{"URI rule with late non-ASCII", "http://h/" + rep("a") + "\u00e9", URI, CodeNonASCII, -3},
	}
	buf := make([]byte, 0, 4*n)
	for _, tt := range tests {
		r := Scan(tt.in, tt.rule, 0)
		off := tt.off
		if off < 0 {
			off += len(tt.in) + 1
		}
		if r.Code != tt.code || (tt.code != CodeOK && int(r.Offset) != off) {
			t.Errorf("Scan(%s, %v) = code %d offset %d, want code %d offset %d", tt.name, tt.rule, r.Code, r.Offset, tt.code, off)
		}
		if tt.code == CodeOK && int(r.PathEnd) > len(tt.in) {
			t.Errorf("Scan(%s) PathEnd %d beyond the input", tt.name, r.PathEnd)
		}
		var ra Result
		buf, ra = AppendURI(buf[:0], tt.in, tt.rule, 0)
		if ra != r {
			t.Errorf("AppendURI(%s) result differs from Scan: %+v vs %+v", tt.name, ra, r)
		}
		if r.OK() && len(buf) != len(tt.in)+2*ascii.CountNonASCII(tt.in) {
			t.Errorf("AppendURI(%s) wrote %d bytes, want %d", tt.name, len(buf), len(tt.in)+2*ascii.CountNonASCII(tt.in))
		}
	}
}
