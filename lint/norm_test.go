package lint

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// isNormal, which reuses one iterator, against x/text's IsNormalString,
// on random text of characters that compose, reorder, decompose into
// several segments or overflow the stream-safe limit, with the iterator
// left in every state a call can stop in.
func TestIsNormal(t *testing.T) {
	chars := []string{
		"a", "e", "A", "/", "\u00e9", "\u00c5", "\u212b", "\u2126", "\ufb01", "\uff71", "\uff9e", "\u3099", "\u304b",
		"\u0301", "\u0316", "\u0334", "\u0340", "\u0344", "\u0345", "\u05b0", "\u05bc", "\u0958", "\u093c", "\u094d",
		"\u0f71", "\u0f72", "\u0f73", "\u0f75", "\u0f81", "\u1100", "\u1161", "\u11a8", "\uac00", "\uac01", "\u1e9b",
		"\u0cc6", "\u0cc2", "\u0dd9", "\u0dcf", "\U0001d15e", "\U0001d165", "\u034f", "\x80", "\xff", "\xe2\x80", "\u0300\u0300\u0300\u0300\u0300\u0300\u0300\u0300",
	}
	rnd := rand.New(rand.NewPCG(5, 6))
	var e explainer
	defer e.release()
	for range 100000 {
		var b strings.Builder
		for range rnd.IntN(12) {
			b.WriteString(chars[rnd.IntN(len(chars))])
		}
		s := b.String()
		for _, f := range []norm.Form{norm.NFC, norm.NFKC} {
			if got, want := e.isNormal(f, s), f.IsNormalString(s); got != want {
				t.Fatalf("isNormal(%v, %+q) = %v, IsNormalString %v", f, s, got, want)
			}
		}
	}
	// Past the stream-safe limit of 30 non-starters.
	for _, n := range []int{29, 30, 31, 32, 61, 100} {
		s := "a" + strings.Repeat("\u0301", n)
		for _, f := range []norm.Form{norm.NFC, norm.NFKC} {
			if got, want := e.isNormal(f, s), f.IsNormalString(s); got != want {
				t.Errorf("isNormal(%v, a+%d U+0301) = %v, IsNormalString %v", f, n, got, want)
			}
		}
	}
}
