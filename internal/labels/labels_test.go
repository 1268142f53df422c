package labels

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// A label of 63 code points may give a valid A-label, one of 64 cannot:
// the bound refuses no label a resolver would take.
func TestLabelToASCIIBound(t *testing.T) {
	for n := 56; n <= 70; n++ {
		for _, c := range []string{"a", "é", "例", "\u00AD", "Ａ"} {
			l := "x" + strings.Repeat(c, n)
			a, err := ToASCII(l)
			want, werr := idna.Lookup.ToASCII(l)
			switch {
			case werr == nil && len(want) <= MaxLen:
				if err != nil || a != want {
					t.Errorf("ToASCII(%q) = %q, %v; want %q (x/net, fits a DNS label)", l, a, err, want)
				}
			case err == nil && a != want:
				t.Errorf("ToASCII(%q) = %q; x/net gives %q, %v", l, a, want, werr)
			case err != nil && werr == nil && !errors.Is(err, ErrTooLong):
				t.Errorf("ToASCII(%q): %v, x/net takes it", l, err)
			}
			if errors.Is(err, ErrTooLong) && werr == nil && len(want) <= MaxLen {
				t.Errorf("ToASCII(%q) refuses a label whose A-label %q fits", l, want)
			}
		}
	}
	// Soft hyphens map to nothing: a long label of them is short.
	l := "a" + strings.Repeat("\u00AD", 10000) + "é"
	if a, err := ToASCII(l); err != nil || a != "xn--a-bga" {
		t.Errorf("ToASCII(a, 10000 soft hyphens, é) = %q, %v; want xn--a-bga", a, err)
	}
	if utf8.RuneCountInString(l) <= MaxLen {
		t.Fatal("the test label is too short")
	}
}

func TestMadeDelimiter(t *testing.T) {
	for _, a := range []string{"a.b", "a/b", "a?b", "a#b", "a@b", "a:b", "a%b", "a[b", "a]b"} {
		if err := checkMadeDelimiter(a); !errors.Is(err, ErrMadeDelimiter) {
			t.Errorf("checkMadeDelimiter(%q) = %v, want ErrMadeDelimiter", a, err)
		}
	}
	for _, a := range []string{"xn--r8jz45g", "a-b", "ab_c"} {
		if err := checkMadeDelimiter(a); err != nil {
			t.Errorf("checkMadeDelimiter(%q) = %v", a, err)
		}
	}
}

// End splits at '.' and at U+3002, U+FF0E and U+FF61, raw or
// percent-encoded in either case of hex, and at nothing else.
func TestEnd(t *testing.T) {
	for _, tt := range []struct {
		host string
		want []string
	}{
		{"a.b", []string{"a", "b"}},
		{"a\u3002b\uFF0Ec\uFF61d", []string{"a", "b", "c", "d"}},
		{"a%E3%80%82b%ef%bc%8ec%EF%BD%A1d", []string{"a", "b", "c", "d"}},
		{"a%E3%80b\u3001c%2Ed", []string{"a%E3%80b\u3001c%2Ed"}},
		{"", []string{""}},
		{"a.", []string{"a", ""}},
	} {
		var got []string
		for i := 0; ; {
			j, sep := End(tt.host, i)
			got = append(got, tt.host[i:j])
			if sep == 0 {
				break
			}
			i = j + sep
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("labels of %q = %q, want %q", tt.host, got, tt.want)
		}
	}
}

func TestDecode(t *testing.T) {
	for _, tt := range []struct {
		in, out string
		ok      bool
	}{
		{"h%C3%A9", "hé", true},
		{"abc", "abc", true},
		{"a%2Db", "a-b", true}, // unreserved
		{"a%2Eb", "a.b", true}, // unreserved: ToASCII then refuses the dot (ErrMadeDelimiter)
		{"a%2fb", "", false},   // reserved
		{"%C3", "\xc3", false}, // not UTF-8
		{"x%41%e2%80%8B", "xA\u200b", true},
	} {
		got, ok := Decode(tt.in)
		if ok != tt.ok || ok && got != tt.out {
			t.Errorf("Decode(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.out, tt.ok)
		}
	}
}
