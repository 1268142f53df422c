package lint

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Encoded tag characters are reported but inside an emoji tag sequence:
// a WAVING BLACK FLAG, raw or encoded, then tags U+E0020-E007E, up to
// and with CANCEL TAG.
func TestTagSequence(t *testing.T) {
	const (
		flag    = "%F0%9F%8F%B4"
		g       = "%F3%A0%81%A7" // TAG LATIN SMALL LETTER G
		b       = "%F3%A0%81%A2"
		cancel  = "%F3%A0%81%BF"
		langTag = "%F3%A0%80%81" // U+E0001, outside E0020-E007E
	)
	for _, tc := range []struct {
		in   string
		want []int // offsets of tag-character violations
	}{
		{"http://h/a" + g, []int{10}},
		{"http://h/" + flag + g + b + g + cancel, nil}, // the flag of England's kind
		{"http://h/\U0001F3F4" + g + cancel, nil},      // a raw flag
		{"http://h/" + flag + g + "x" + g, []int{34}},  // the sequence broken by "x"
		{"http://h/" + flag + g + "%41" + g, []int{36}},
		{"http://h/" + flag + cancel + g, []int{33}},         // nothing after CANCEL TAG
		{"http://h/" + flag + langTag + g, []int{33}},        // U+E0001 is in, but does not carry on
		{"http://h/" + g + flag + g, []int{9}},               // before the flag
		{"http://h/" + flag + "%F0%9F%8F%B5" + g, []int{33}}, // another emoji
		{"http://h/?q=" + flag + g, nil},                     // in the query
	} {
		var got []int
		for _, v := range Lint(tc.in, Options{}) {
			if v.Check == CheckTagCharacter {
				got = append(got, v.Offset)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Lint(%q): tag-character at %v, want %v", tc.in, got, tc.want)
		}
	}

	// Against a plain reading of the rule, which walks back from each
	// tag, on random strings of these pieces.
	pieces := []string{flag, "\U0001F3F4", g, b, cancel, langTag, "a", "%41", "%C3%A9", "/"}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var sb strings.Builder
		sb.WriteString("http://h/")
		for range rnd.IntN(9) {
			sb.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		s := sb.String()
		var got, want []int
		for _, v := range Lint(s, Options{}) {
			if v.Check == CheckTagCharacter {
				got = append(got, v.Offset)
			}
		}
		for i := 0; i+12 <= len(s); i++ {
			if r := encodedRune(s, i); 0xE0000 <= r && r <= 0xE007F && !tagInSequenceSlow(s, i) {
				want = append(want, i)
				i += 11
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("Lint(%q): tag-character at %v, want %v", s, got, want)
		}
	}
}

// encodedRune returns the character that four %HH at s[i] encode, or -1.
func encodedRune(s string, i int) rune {
	if i < 0 || i+12 > len(s) {
		return -1
	}
	var b [4]byte
	for k := range b {
		if s[i+3*k] != '%' {
			return -1
		}
		b[k] = unhex(s[i+3*k+1])<<4 | unhex(s[i+3*k+2])
	}
	r, n := utf8.DecodeRune(b[:])
	if n != 4 {
		return -1
	}
	return r
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c&^0x20 - 'A' + 10
}

// tagInSequenceSlow walks back from the tag at s[i] over tags
// U+E0020-E007E to a flag.
func tagInSequenceSlow(s string, i int) bool {
	for {
		if strings.HasSuffix(s[:i], "\U0001F3F4") {
			return true
		}
		switch r := encodedRune(s, i-12); {
		case r == 0x1F3F4:
			return true
		case 0xE0020 <= r && r <= 0xE007E:
			i -= 12
		default:
			return false
		}
	}
}

// An A-label whose U-label is longer than itself (фотографам), raw or
// with %HH, is read as that U-label: decoding it over its own bytes
// once made it no Punycode, a host-idna error on a valid host.
func TestLintLongULabel(t *testing.T) {
	for _, s := range []string{
		"http://xn--80aah2bgapnqg.xn--p1ai/art/",
		"http://%78n--80aah2bgapnqg.xn--p1ai/",
	} {
		for _, v := range Lint(s, Options{}) {
			if v.Check == CheckHostIDNA {
				t.Errorf("Lint(%q): %v", s, v)
			}
		}
	}
	// And a host that mixes scripts in such a label is still caught.
	if vs := Lint("http://xn--80aah2bgapnqg-xyz.example/", Options{}); !slices.ContainsFunc(vs, func(v Violation) bool {
		return v.Check == CheckMixedScript || v.Check == CheckHostIDNA
	}) {
		t.Errorf("mixed label: %v", vs)
	}
}
