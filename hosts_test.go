package iri

import (
	"strings"
	"testing"

	"github.com/irikit/iri/internal/ascii"
)

// RFC 3490 3.1: U+3002, U+FF0E and U+FF61 separate labels as '.' does, so
// the host that is compared is the host a browser or IDNA sends.
func TestHostSeparators(t *testing.T) {
	for _, s := range []string{
		"http://evil\uFF0Ecom/",
		"http://evil\u3002com/",
		"http://evil\uFF61com/",
		"http://evil%EF%BC%8Ecom/",
		"http://evil%ef%bc%8ecom/",
		"http://EVIL%E3%80%82COM/",
		"HTTP://Evil\uFF0ECom:80",
	} {
		u := MustParseReference(s)
		if got, want := Key(u), "http://evil.com/"; got != want {
			t.Errorf("Key(%q) = %q, want %q", s, got, want)
		}
		if r := CompareRung(u, MustParseReference("http://evil.com/")); r != RungScheme {
			t.Errorf("CompareRung(%q, http://evil.com/) = %v, want scheme", s, r)
		}
		got, err := Normalizer{Level: LevelScheme}.Normalize(s)
		if err != nil || got != "http://evil.com/" {
			t.Errorf("scheme-level Normalize(%q) = %q, %v; want http://evil.com/", s, got, err)
		}
	}
	// A separator between IDN labels, each mapped on its own.
	if got, want := Key(MustParseReference("http://例え\uFF0Eテスト/")), "http://xn--r8jz45g.xn--zckzah/"; got != want {
		t.Errorf("Key = %q, want %q", got, want)
	}
	if got, want := Key(MustParseReference("http://例え.テスト/")), "http://xn--r8jz45g.xn--zckzah/"; got != want {
		t.Errorf("Key = %q, want %q", got, want)
	}
}

// Case never tells two hosts apart, whether IDNA takes them or not
// ('_' is not STD3, so IDNA refuses these labels).
func TestHostCaseFoldingRefusedByIDNA(t *testing.T) {
	groups := [][]string{
		{"http://ÉVIL_x.com/", "http://évil_x.com/", "http://%C3%89VIL_x.com/", "http://%c3%a9vil_X.COM/", "http://ÉVIL_X\uFF0ECOM/"},
		{"http://Ⱥ_b.example/", "http://ⱥ_b.example/"}, // the lowercase is longer in UTF-8
		{"http://ΣΑ_.example/", "http://σα_.example/"},
	}
	for _, g := range groups {
		want := Key(MustParseReference(g[0]))
		for _, s := range g[1:] {
			if got := Key(MustParseReference(s)); got != want {
				t.Errorf("Key(%q) = %q, Key(%q) = %q; want them equal", s, got, g[0], want)
			}
			if !Equal(MustParseReference(s), MustParseReference(g[0])) {
				t.Errorf("Equal(%q, %q) = false", s, g[0])
			}
		}
		if !ascii.IsASCII(want) || strings.ContainsAny(want, "ÉⱥΣ") {
			t.Errorf("Key(%q) = %q, want ASCII", g[0], want)
		}
	}
	// A label IDNA refuses whose lowercase it takes is mapped lowercase,
	// so that normalizing it gives a host with the same key (FuzzNormalize
	// found "//\u04C0").
	if a, b := Key(MustParseReference("//\u04C0")), Key(MustParseReference("//\u04CF/")); a != b || a != "//xn--s5a/" {
		t.Errorf("Key(//U+04C0) = %q, Key(//U+04CF/) = %q; want both //xn--s5a/", a, b)
	}
	if got, _ := (Normalizer{Level: LevelScheme}).Normalize("//\u04C0"); got != "//\u04CF/" {
		t.Errorf("scheme-level Normalize(//U+04C0) = %q", got)
	}
	// Reserved %HH and stray octets in a refused label are kept as they are.
	for in, want := range map[string]string{
		"http://A%2FB_é.x/": "http://a%2Fb_%C3%A9.x/",
		"http://A%FF_é.x/":  "http://a%FF_%C3%A9.x/",
	} {
		if got := Key(MustParseReference(in)); got != want {
			t.Errorf("Key(%q) = %q, want %q", in, got, want)
		}
	}
}

// A Unicode form never makes a dot segment or a label separator out of
// text that was neither: the text stays as it was, percent-encoded.
func TestNormalizeCharsMakesNoDots(t *testing.T) {
	nfkc := Normalizer{Chars: CharsNFKC}
	tests := []struct{ in, want string }{
		{"http://h/a/\u2025/admin", "http://h/a/%E2%80%A5/admin"},
		{"http://h/a/\uFF0E\uFF0E/admin", "http://h/a/%EF%BC%8E%EF%BC%8E/admin"},
		{"http://h/a/\u2024\u2024/admin", "http://h/a/%E2%80%A4%E2%80%A4/admin"},
		{"http://h/a/\uFE52\uFE52/admin", "http://h/a/%EF%B9%92%EF%B9%92/admin"},
		{"http://h/a/.\u2024/admin", "http://h/a/.%E2%80%A4/admin"},
		{"http://h/a/\uFF0E/b", "http://h/a/%EF%BC%8E/b"},
		{"http://h/a/\u2025", "http://h/a/%E2%80%A5"},
		{"a/\u2025/b", "a/%E2%80%A5/b"},           // a relative reference: its resolution would climb
		{"\u2025/b", "%E2%80%A5/b"},               // the first segment
		{"http://h/b\uFF0Etxt", "http://h/b.txt"}, // a dot in a name is no segment
		{"http://h/\uFF21\u2025", "http://h/A.."}, // nor are two in one
		{"http://h/?q=\u2025", "http://h/?q=.."},  // nor in a query
		// In a host, a '.' is a label separator; U+FF0E is one already.
		{"http://a\u2024b.example/", "http://a%E2%80%A4b.example/"},
		{"http://\uFF41\u2024b.\uFF45x/", "http://%EF%BD%81%E2%80%A4b.ex/"},
		{"http://a\uFF0Eb/", "http://a.b/"},
		{"http://a\uFF61b/", "http://a\u3002b/"},
	}
	for _, tt := range tests {
		got, err := nfkc.Normalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("NFKC Normalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		// Normalizing again changes nothing.
		if again, err := nfkc.Normalize(got); err != nil || again != got {
			t.Errorf("NFKC Normalize(%q) = %q, %v; not idempotent", got, again, err)
		}
	}
	// At the scheme level the dot segment is not removed either.
	got, err := Normalizer{Chars: CharsNFKC, Level: LevelScheme}.Normalize("http://h/a/\u2025/admin")
	if err != nil || got != "http://h/a/%E2%80%A5/admin" {
		t.Errorf("scheme-level NFKC Normalize = %q, %v", got, err)
	}
}
