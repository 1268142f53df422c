package fuzz

import (
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
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
		if scanner.Avoid61(r) != 0 {
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
	for _, s := range []string{"http://h/D%C3%BCrst", "http://h/D%FCrst", "http://xn--99zt52a.example.org/%e2%80%ae", "?%EE%80%80#%EE%80%80", "%C3%C3%BC%2F%41"} {
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
		if !strings.Contains(s, "%") && !avoided(s) {
			uri, _ := iri.AppendURI(nil, s)
			if back, err := iri.ToIRI(string(uri)); err != nil || back != s {
				t.Fatalf("ToIRI(ToURI(%q)) = %q, %v; want the input", s, back, err)
			}
		}
	})
}
