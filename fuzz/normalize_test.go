package fuzz

import (
	"strings"
	"testing"

	"github.com/irikit/iri"
)

var normalizers = []struct {
	name string
	n    iri.Normalizer
}{
	{"syntax", iri.Normalizer{}},
	{"scheme", iri.Normalizer{Level: iri.LevelScheme}},
	{"uri", iri.Normalizer{URI: true}},
	{"uri-scheme", iri.Normalizer{URI: true, Level: iri.LevelScheme}},
	{"display", iri.Normalizer{DecodeNonASCII: true}},
	{"nfc", iri.Normalizer{Chars: iri.CharsNFC}},
	{"nfkc", iri.Normalizer{Chars: iri.CharsNFKC, Level: iri.LevelScheme}},
}

// FuzzNormalize checks every normalizer on any valid reference: the
// output is a valid reference, normalizing it again changes nothing, it
// never has a delimiter that the input did not (no %2F, %3F, %23, %40, %3A
// or %5B becomes syntax; the only '/' added is the one an empty path
// gets, or the "/." that keeps a path off the authority), the URI level
// is ASCII, and, but for the character forms, the result is Equal to the
// input.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"HTTP://www.EXAMPLE.com:80", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "http://h/a%2Fb/%2E%2E/%252E",
		"http://RÉSUMÉ.example.org/?#", "x:/a/..//b", "//[FE80::1]:/p?q#f", "http://h/ｱ／?a=\u0338", "../%2e/a",
		"http://h/a/\u2025/admin", "a/\uFF0E\uFF0E/b", "http://a\u2024b\uFF0Ec/", "http://evil%EF%BC%8Ecom/", "http://ÉVIL_x.com/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := iri.ParseReference(s)
		if err != nil {
			return
		}
		for _, v := range normalizers {
			out, err := v.n.Normalize(s)
			if err != nil {
				t.Fatalf("%s: Normalize(%q): %v", v.name, s, err)
			}
			o, err := iri.ParseReference(out)
			if err != nil {
				t.Fatalf("%s: Normalize(%q) = %q, not a valid reference: %v", v.name, s, out, err)
			}
			if again, err := v.n.Normalize(out); err != nil || again != out {
				t.Fatalf("%s: Normalize(%q) = %q, then %q (%v): not idempotent", v.name, s, out, again, err)
			}
			for _, c := range "?#@:[]!$&'()*+,;=" {
				if strings.Count(out, string(c)) > strings.Count(s, string(c)) {
					t.Fatalf("%s: Normalize(%q) = %q has more %q", v.name, s, out, c)
				}
			}
			extra := 0
			if o.HasAuthority() && !u.HasAuthority() || strings.Contains(out, "/.//") {
				extra = 1
			}
			if o.HasAuthority() && u.Path() == "" {
				extra++
			}
			if strings.Count(out, "/") > strings.Count(s, "/")+extra {
				t.Fatalf("%s: Normalize(%q) = %q has more '/'", v.name, s, out)
			}
			if v.n.URI && !o.IsASCII() {
				t.Fatalf("%s: Normalize(%q) = %q is not ASCII", v.name, s, out)
			}
			if v.n.Chars == iri.CharsAsIs && !iri.Equal(u, o) {
				t.Fatalf("%s: Normalize(%q) = %q, which Compare does not find equal", v.name, s, out)
			}
			if v.n.Chars != iri.CharsAsIs {
				// A Unicode form makes no segment, dot segment or label
				// that the same normalizer without it would not.
				plain, err := iri.Normalizer{Level: v.n.Level}.Normalize(s)
				if err != nil {
					t.Fatalf("%s: Normalize(%q) without Chars: %v", v.name, s, err)
				}
				checkSameShape(t, v.name+" Normalize (against the same without Chars)", iri.MustParseReference(plain), o)
			}
		}
	})
}
