//go:build linux && amd64 && !purego

package look

import (
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/irikit/iri/internal/guardpage"
	"github.com/irikit/iri/internal/simd"
)

// Strings that end at the last byte of a page followed by an unmapped
// one: lookRun512 must read nothing past it and agree with lookRunGo.
func TestLookRunAtPageEnd(t *testing.T) {
	page := guardpage.New(t)
	inputs := []string{
		"https://bn.wikipedia.org/wiki/মিডিয়াউইকি:Category_header",
		strings.Repeat("Географія_", 12),
		strings.Repeat("漢字", 30) + "\u0301",
		"x\U0001F600\u0301" + strings.Repeat("ж", 40),
		strings.Repeat("a", 70) + "\u09C7\u09BE",
	}
	for _, in := range inputs {
		for n := 1; n <= len(in); n++ {
			s := in[len(in)-n:]
			if !utf8.ValidString(s) {
				continue
			}
			p := guardpage.AtEnd(page, s)
			v := unsafe.String(&p[0], n)
			for i := 0; i <= n; i += charLen(v, i) {
				want := lookRunGo(v, i, 2)
				if simd.Have.Look512 {
					if got := lookRun512(v, i, 2); got != want {
						t.Errorf("lookRun512(%+q, %d, 2) = %d, want %d", v, i, got, want)
					}
				}
				if i == n {
					break
				}
			}
		}
	}
}

// charLen is the length of the character at s[i], 0 at the end of s.
func charLen(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return n
}
