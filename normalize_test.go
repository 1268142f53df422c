package iri

import (
	"testing"
)

// RFC 3987 5.3.2 and 5.3.3 examples, verbatim, and the rules of each level.
func TestNormalize(t *testing.T) {
	scheme := Normalizer{Level: LevelScheme}
	display := Normalizer{DecodeNonASCII: true}
	uri := Normalizer{URI: true}
	for _, tt := range []struct {
		name string
		n    Normalizer
		in   string
		want string
	}{
		// 5.3.2.1: scheme and US-ASCII host are case-insensitive.
		{"5.3.2.1", Normalizer{}, "HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		{"hex case", Normalizer{}, "http://h/%3a%2f%c3%a9", "http://h/%3A%2F%C3%A9"},
		{"non-ASCII host keeps case", Normalizer{}, "http://Bücher.DE/", "http://Bücher.DE/"},
		{"IP literal", Normalizer{}, "http://[FE80::A]/", "http://[fe80::a]/"},
		{"userinfo keeps case", Normalizer{}, "http://User@H/", "http://User@h/"},
		// 5.3.2.3: unreserved decoded, in either case.
		{"5.3.2.3 ~user", Normalizer{}, "http://example.org/~user", "http://example.org/~user"},
		{"5.3.2.3 %7euser", Normalizer{}, "http://example.org/%7euser", "http://example.org/~user"},
		{"5.3.2.3 %7Euser", Normalizer{}, "http://example.org/%7Euser", "http://example.org/~user"},
		{"decoded in the host, then lowercase", Normalizer{}, "http://%41%42.com/", "http://ab.com/"},
		// Never a reserved character, never %25, never twice.
		{"reserved stay", Normalizer{}, "http://h/a%2Fb%3f%23%40%3A%5B?%26=%3D#%2F", "http://h/a%2Fb%3F%23%40%3A%5B?%26=%3D#%2F"},
		{"%25 stays", Normalizer{}, "http://h/%252E%25", "http://h/%252E%25"},
		// 5.3.2.4: dot segments, %2E decoded first (RFC 3986 6.2.2).
		{"5.3.2.4", Normalizer{}, "http://h/a/./b/../c", "http://h/a/c"},
		{"%2E first", Normalizer{}, "http://h/a/%2E%2E/b/%2e/c", "http://h/b/c"},
		{"absolute-path reference", Normalizer{}, "/a/../b", "/b"},
		{"relative-path reference keeps dots", Normalizer{}, "../a/./b", "../a/./b"},
		{"no authority", Normalizer{}, "x:/a/..//b", "x:/.//b"},
		// 5.3.2: the section's example, at the URI level.
		{"5.3.2 first", uri, "example://a/b/c/%7Bfoo%7D/rosé", "example://a/b/c/%7Bfoo%7D/ros%C3%A9"},
		{"5.3.2 second", uri, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "example://a/b/c/%7Bfoo%7D/ros%C3%A9"},
		{"display form", display, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", "example://a/b/c/%7Bfoo%7D/rosé"},
		{"display keeps RLO encoded", display, "http://h/%e2%80%ae", "http://h/%E2%80%AE"},
		// Characters are kept unless asked.
		{"NFC not applied", Normalizer{}, "http://h/re\u0301sume\u0301", "http://h/re\u0301sume\u0301"},
		{"NFC", Normalizer{Chars: CharsNFC}, "http://h/re\u0301sume\u0301", "http://h/résumé"},
		{"NFKC", Normalizer{Chars: CharsNFKC}, "http://h/ｱ?ｘ=１", "http://h/ア?x=1"},
		{"NFKC makes no delimiter", Normalizer{Chars: CharsNFKC}, "http://h/a\uff0fb\uff1fc", "http://h/a%2Fb%3Fc"},
		{"NFC composes no delimiter", Normalizer{Chars: CharsNFC}, "http://h/?a=\u0338b", "http://h/?a=\u0338b"},
		{"NFC leaves a triplet whole", Normalizer{Chars: CharsNFC}, "%0A\u0302%4f\u0308", "%0A\u0302\u00d6"},
		// A label IDNA refuses ('!') is folded to lowercase, after which
		// the form composes 'y' and U+030A (FuzzNormalize found it).
		{"folded label in NFKC", Normalizer{Chars: CharsNFKC, Level: LevelScheme}, "//Y\u030a!", "//\u1e99!/"},
		{"folded label in NFC", Normalizer{Chars: CharsNFC, Level: LevelScheme}, "http://a.Y\u030a!.B/", "http://a.\u1e99!.b/"},
		// 5.3.3: the four equivalent forms, and what is not equivalent.
		{"IDN host made ASCII is lowercase", scheme, "//0\u00c9.%00A.B", "//xn--0-bga.%00a.b/"},
		{"5.3.3 a", scheme, "http://example.com", "http://example.com/"},
		{"5.3.3 b", scheme, "http://example.com/", "http://example.com/"},
		{"5.3.3 c", scheme, "http://example.com:/", "http://example.com/"},
		{"5.3.3 d", scheme, "http://example.com:80/", "http://example.com/"},
		{"port with zeros", scheme, "http://example.com:0080/", "http://example.com/"},
		{"other port", scheme, "http://example.com:8080", "http://example.com:8080/"},
		{"https port", scheme, "HTTPS://example.com:443/", "https://example.com/"},
		{"unknown scheme keeps port", scheme, "foo://h:80/", "foo://h:80/"},
		{"empty query kept", scheme, "http://example.com/?", "http://example.com/?"},
		{"empty fragment kept", scheme, "http://example.com#", "http://example.com/#"},
		{"syntax level keeps ports", Normalizer{}, "http://example.com:80", "http://example.com:80"},
		// IDN hosts: U-labels to show, A-labels at the URI level.
		{"5.3.3 résumé", scheme, "http://résumé.example.org", "http://résumé.example.org/"},
		{"5.3.3 xn--rsum-bpad", scheme, "http://xn--rsum-bpad.example.org", "http://résumé.example.org/"},
		{"IDN mapped", scheme, "http://RÉSUMÉ.Example.org/", "http://résumé.example.org/"},
		{"IDN percent-encoded", scheme, "http://r%C3%A9sum%C3%A9.example.org/", "http://résumé.example.org/"},
		{"IDN as A-label", Normalizer{Level: LevelScheme, URI: true}, "http://résumé.example.org", "http://xn--rsum-bpad.example.org/"},
		{"bad IDN kept", scheme, "http://xn--a.example/", "http://xn--a.example/"},
	} {
		got, err := tt.n.Normalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("%s: Normalize(%q) = %q, %v; want %q", tt.name, tt.in, got, err, tt.want)
			continue
		}
		if again, _ := tt.n.Normalize(got); again != got {
			t.Errorf("%s: not idempotent: %q then %q", tt.name, got, again)
		}
	}
	if _, err := Normalize("http://h/ x"); err == nil {
		t.Error("Normalize accepted an invalid IRI")
	}
}

func TestCompare(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want Rung
	}{
		{"http://example.com/", "http://example.com/", RungSimple},
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", RungSyntax},
		{"http://example.org/~user", "http://example.org/%7euser", RungSyntax},
		{"http://example.org/%7euser", "http://example.org/%7Euser", RungSyntax},
		{"example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", RungSyntax},
		{"http://example.com", "http://example.com:80/", RungScheme},
		{"http://example.com:/", "http://example.com/", RungScheme},
		{"http://résumé.example.org", "http://xn--rsum-bpad.example.org", RungScheme},
		{"http://example.com/?", "http://example.com/", RungNone},
		{"http://example.com/#", "http://example.com/", RungNone},
		{"http://h/r\u00e9sum\u00e9", "http://h/re\u0301sume\u0301", RungNone}, // 5.3.2.2
		{"http://h/a%2Fb", "http://h/a/b", RungNone},
		{"http://h/a", "http://h/A", RungNone},
	} {
		a, b := MustParseReference(tt.a), MustParseReference(tt.b)
		if got := CompareRung(a, b); got != tt.want {
			t.Errorf("CompareRung(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := CompareRung(b, a); got != tt.want {
			t.Errorf("CompareRung(%q, %q) = %v, want %v (not symmetric)", tt.b, tt.a, got, tt.want)
		}
		if Equal(a, b) != (tt.want != RungNone) || (Key(a) == Key(b)) != (tt.want != RungNone) {
			t.Errorf("Equal/Key disagree with CompareRung on %q, %q", tt.a, tt.b)
		}
		// Compare: 0 exactly where Equal, and antisymmetric.
		if c, d := Compare(a, b), Compare(b, a); (c == 0) != (tt.want != RungNone) || c != -d {
			t.Errorf("Compare(%q, %q) = %d, reversed %d, rung %v", tt.a, tt.b, c, d, tt.want)
		}
	}
}

func TestNormalizeAllocs(t *testing.T) {
	in := "http://example.com/a/b?c=d#e"
	if n := testing.AllocsPerRun(100, func() { _, _ = Normalize(in) }); n != 0 {
		t.Errorf("Normalize of a normal IRI allocates %v times, want 0", n)
	}
	sch := Normalizer{Level: LevelScheme}
	if n := testing.AllocsPerRun(100, func() { _, _ = sch.Normalize(in) }); n != 0 {
		t.Errorf("scheme-level Normalize of a normal IRI allocates %v times, want 0", n)
	}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf, _ = sch.AppendNormalize(buf[:0], "HTTP://Example.COM:80/a/../%7e?q") }); n != 0 {
		t.Errorf("AppendNormalize allocates %v times, want 0", n)
	}
	a, b := MustParseReference("http://example.com"), MustParseReference("HTTP://example.com:80/")
	if n := testing.AllocsPerRun(100, func() { _ = CompareRung(a, b) }); n != 0 {
		t.Errorf("CompareRung allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Compare(a, b) }); n != 0 {
		t.Errorf("Compare allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = IsNFC("http://h/résumé") }); n != 0 {
		t.Errorf("IsNFC allocates %v times, want 0", n)
	}
}

// NoIDNA gives the scheme-based form of RFC 3986 6.2.3, which has no IDNA
// step: ports and empty paths are normalized, IDN hosts are not mapped.
func TestNormalizeNoIDNA(t *testing.T) {
	for _, tt := range []struct {
		n       Normalizer
		in, out string
	}{
		{Normalizer{Level: LevelScheme}, "http://Résumé.Example:80", "http://résumé.example/"},
		{Normalizer{Level: LevelScheme, NoIDNA: true}, "http://Résumé.Example:80", "http://Résumé.Example/"},
		{Normalizer{Level: LevelScheme, NoIDNA: true}, "HTTP://EXAMPLE.com:80", "http://example.com/"},
		{Normalizer{Level: LevelScheme, NoIDNA: true}, "http://xn--rsum-bpad.example/", "http://xn--rsum-bpad.example/"},
		{Normalizer{Level: LevelScheme, NoIDNA: true, URI: true}, "http://résumé.example", "http://r%C3%A9sum%C3%A9.example/"},
		{Normalizer{Level: LevelScheme, URI: true}, "http://résumé.example", "http://xn--rsum-bpad.example/"},
		{Normalizer{NoIDNA: true}, "http://résumé.example:80", "http://résumé.example:80"},
	} {
		got, err := tt.n.Normalize(tt.in)
		if err != nil || got != tt.out {
			t.Errorf("%+v.Normalize(%q) = %q, %v; want %q", tt.n, tt.in, got, err, tt.out)
		}
	}
}

// AllowBidi accepts the bidi formatting characters section 4.1 forbids,
// as Parser.AllowBidi does, at every level and with every step that
// parses again; without it they are refused as before.
func TestNormalizeAllowBidi(t *testing.T) {
	for _, tt := range []struct {
		n       Normalizer
		in, out string
	}{
		{Normalizer{AllowBidi: true}, "HTTP://x/\u200fg/./h", "http://x/\u200fg/h"},
		{Normalizer{AllowBidi: true, Level: LevelScheme}, "http://x:80/\u200fg", "http://x/\u200fg"},
		{Normalizer{AllowBidi: true, URI: true}, "http://x/\u200fg", "http://x/%E2%80%8Fg"},
		{Normalizer{AllowBidi: true, Chars: CharsNFC}, "http://x/\u200fe\u0301", "http://x/\u200f\u00e9"},
		{Normalizer{AllowBidi: true, DecodeNonASCII: true}, "http://x/\u200f%C3%A9", "http://x/\u200f\u00e9"},
	} {
		got, err := tt.n.Normalize(tt.in)
		if err != nil || got != tt.out {
			t.Errorf("%+v.Normalize(%q) = %q, %v; want %q", tt.n, tt.in, got, err, tt.out)
		}
		tt.n.AllowBidi = false
		if _, err := tt.n.Normalize(tt.in); err == nil {
			t.Errorf("%+v.Normalize(%q): no error without AllowBidi", tt.n, tt.in)
		}
	}
}
