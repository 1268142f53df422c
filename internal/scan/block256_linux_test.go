//go:build linux && amd64 && !purego

package scan

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/irikit/iri/internal/guardpage"
)

// Inputs that end at the last byte of a page followed by an unmapped one,
// or start at the first byte of a page after one: block256 reads a block
// near a page end from within the page, and must read nothing past s
// there, nor before it, at every length.
func TestBlock256AtPageEnd(t *testing.T) {
	need256(t)
	end, start := guardpage.New(t), guardpage.After(t)
	inputs := []string{
		"http://example.com/path/to/a/file.html?query=1#frag",
		"http://ja.wikipedia.org/wiki/日本語の記事_タイトル",
		"//user@host:8080/é/ü?ø=∂#ß",
		"http://h/" + strings.Repeat("%41a", 40),
		"http://h/" + strings.Repeat("中", 50) + "?" + strings.Repeat("é", 40),
		"http://h/" + strings.Repeat("abcdefgh", 30) + "#f",
		"http://h/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3",
		"a" + strings.Repeat("b", 70) + ":c",
	}
	for _, in := range inputs {
		for n := 1; n <= len(in); n++ {
			p := guardpage.AtEnd(end, in[len(in)-n:])
			compareBlock256(t, unsafe.String(&p[0], n))
			p = guardpage.AtStart(start, in[:n])
			compareBlock256(t, unsafe.String(&p[0], n))
		}
	}
}
