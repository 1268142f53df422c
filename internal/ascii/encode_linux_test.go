//go:build linux

package ascii

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/irikit/iri/internal/guardpage"
)

// Inputs that end at the last byte of a page followed by an unmapped one:
// the encoder reads nothing past s.
func TestEncodeAtPageEnd(t *testing.T) {
	page := guardpage.New(t)
	for _, in := range []string{strings.Repeat("日本", 30), strings.Repeat("a", 130), "ab\xffc" + strings.Repeat("é", 40)} {
		for n := 1; n <= len(in); n++ {
			p := guardpage.AtEnd(page, in[len(in)-n:])
			compareEncode(t, unsafe.String(&p[0], n))
		}
	}
}

// Likewise the pair search.
func TestHasPairAtPageEnd(t *testing.T) {
	page := guardpage.New(t)
	for _, in := range []string{strings.Repeat("ab/", 50) + "/.", strings.Repeat("x", 140)} {
		for n := 2; n <= len(in); n++ {
			p := guardpage.AtEnd(page, in[len(in)-n:])
			s := unsafe.String(&p[0], n)
			if got, want := HasPair(s, 0, n, '/', '.'), strings.Contains(s, "/."); got != want {
				t.Fatalf("HasPair(%q) = %v", s, got)
			}
		}
	}
}

// Likewise the look of LookNormal.
func TestLookNormalAtPageEnd(t *testing.T) {
	page := guardpage.New(t)
	for _, in := range []string{strings.Repeat("ab/", 50) + "/.", strings.Repeat("x", 140) + "--", strings.Repeat("y", 130) + "Z", strings.Repeat("%2F", 50) + "%7e"} {
		for n := 1; n <= len(in); n++ {
			b := []byte(in[len(in)-n:])
			triplets(b)
			p := guardpage.AtEnd(page, string(b))
			s := unsafe.String(&p[0], n)
			compareLook(t, s, n, 0, n, 0, n, n)
			compareLook(t, s, n/2, n/3, n, n/4, n, n/2)
		}
	}
}
