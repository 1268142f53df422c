//go:build linux && amd64 && !purego

package scan

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/irikit/iri/internal/guardpage"
)

// Inputs that end at the last byte of a page followed by an unmapped one:
// decode512 and convert512 must read nothing past them, at every length.
func TestDecode512AtPageEnd(t *testing.T) {
	need512(t)
	page := guardpage.New(t)
	inputs := []string{
		"http://h/" + strings.Repeat("%E4%B8%AD", 40),
		"http://h/" + strings.Repeat("%2F%41a%C3%A9", 30),
		"http://h/" + strings.Repeat("%E2%80%93%e4%b8%ad", 20),
		"http://h/?" + strings.Repeat("%EE%80%80x", 20),
		"http://h/" + strings.Repeat("abcdefgh", 30),
	}
	for _, in := range inputs {
		for n := 1; n <= len(in); n++ {
			p := guardpage.AtEnd(page, in[len(in)-n:])
			s := unsafe.String(&p[0], n)
			compareDecode(t, s)
			compareAppendIRI(t, s, IRIReference)
		}
	}
}
