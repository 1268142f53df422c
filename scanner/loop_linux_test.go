//go:build linux && amd64

package scanner

import (
	"syscall"
	"testing"
	"unsafe"
)

// Inputs that end at the last byte of a page followed by an unmapped one:
// the assembly loop must not read past the page, and must still agree
// with the Go loop.
func TestLoopsAgreeAtPageEnd(t *testing.T) {
	needVec(t)
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
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
			s := in[len(in)-n:]
			// Place s so that its last byte is the page's last byte.
			p := mem[page-n : page]
			copy(p, s)
			view := unsafe.String(&p[0], n)
			compareAllRules(t, view)
		}
	}
}
