package punycode

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"golang.org/x/net/idna"
)

// AppendDecoded against x/net/idna's decoder, and the samples of
// RFC 3492 7.1.
func TestPunycode(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mnchen-3ya", "münchen"},
		{"egbpdaj6bu4bxfgehfvwxn", "ليهمابتكلموشعربي؟"},                          // (A) Arabic
		{"ihqwcrb4cv8a8dqg056pqjye", "他们为什么不说中文"},                                // (B) Chinese
		{"Proprostnemluvesky-uyb24dma41a", "Pročprostěnemluvíčesky"},             // (D) Czech, case kept
		{"3B-ww4c5e180e575a65lsy2b", "3年B組金八先生"},                                 // (L) mixed
		{"-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n", "安室奈美恵-with-SUPER-MONKEYS"}, // (M)
	} {
		got, ok := AppendDecoded(nil, tc.in)
		if !ok || string(got) != tc.want {
			t.Errorf("AppendDecoded(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, bad := range []string{"", "abc-", "-", "a-b-", "99999999999", "zzzzzzzzzzzz", "a!", "ü"} {
		if got, ok := AppendDecoded(nil, bad); ok {
			t.Errorf("AppendDecoded(%q) = %q, want none", bad, got)
		}
	}
}

// FuzzPunycode: where x/net/idna's decoder finds a non-ASCII label, so
// does AppendDecoded, the same; and it finds nothing x/net does not.
func FuzzPunycode(f *testing.F) {
	for _, s := range []string{"mnchen-3ya", "egbpdaj6bu4bxfgehfvwxn", "abc-", "4db", "a", "zz-zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 63 || !ascii.IsASCII(p) || strings.IndexByte(p, '.') >= 0 {
			return
		}
		got, ok := AppendDecoded(nil, p)
		u, err := idna.Punycode.ToUnicode("xn--" + p)
		if strings.ContainsRune(u, utf8.RuneError) {
			return // x/net turns a surrogate into U+FFFD; AppendDecoded refuses it
		}
		want := err == nil && !strings.HasPrefix(u, "xn--") && !ascii.IsASCII(u) && utf8.ValidString(u)
		if ok != want || ok && string(got) != u {
			t.Errorf("AppendDecoded(%q) = %q, %v; x/net: %q, %v", p, got, ok, u, err)
		}
	})
}
