//go:build linux && amd64 && !purego

package scan

import (
	"testing"
	"unsafe"

	"github.com/irikit/iri/internal/guardpage"
)

// Inputs that end at the last byte of a page followed by an unmapped one:
// the assembly loop must not read past the page, and must still agree
// with the Go loop.
func TestLoopsAgreeAtPageEnd(t *testing.T) {
	needVec(t)
	page := guardpage.New(t)
	inputs := []string{
		"http://example.com/path/to/a/file.html?query=1#frag",
		"http://ja.wikipedia.org/wiki/日本語の記事_タイトル",
		"//user@host:8080/é/ü?ø=∂#ß",
		"a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q",
		"http://h/中中中中中中中中中中中中中中中中",
		"http://h/\xe4\xb8",
		"http://h/aaaaaaaaaaaaaaaa\xc3",
		"http://h/%E4%B8%AD%E6%96%87%E7%BB%B4%E5%9F%BA%E7%99%BE%E7%A7%91",
		"http://h/%E4%B8%AD%E6%96%87%E7%BB%B4%E5%9F%BA%E7%99%BE%E7%A7%9",
		"http://h/%E4%B8%AD%E6%96%87%E7%BB%B4%E5%9F%BA%E7%99%BE%E7%A7%",
		"//%41%42%43%44%45%46%47%48%49%4a%4b%4c%4d%4e%4f@h/",
	}
	for _, in := range inputs {
		for n := 1; n <= len(in); n++ {
			p := guardpage.AtEnd(page, in[len(in)-n:])
			compareAllRules(t, unsafe.String(&p[0], n))
		}
		// Lines, the last of which ends at the page's end.
		for n := 1; n <= len(in); n++ {
			p := guardpage.AtEnd(page, "a:b\n"+in[len(in)-n:])
			checkLines(t, unsafe.String(&p[0], n+4), IRIReference, 0)
		}
	}
}
