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
