package whatwg_test

import (
	"fmt"

	"golang.org/x/text/encoding/japanese"

	"github.com/irikit/iri/whatwg"
)

// A browser reads this as the host 127.0.0.1, with '\' as '/'. The
// validation errors are the standard's, one for each step that finds one
// (the first '\' twice: it is no "//", and it is a slash to skip).
func ExampleParse() {
	u, err := whatwg.Parse(`HTTP:\\0x7f.1\a\..\b?q#f`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Href())
	fmt.Println(u.Hostname(), u.HostKind(), u.Pathname(), u.Search(), u.Hash())
	for _, w := range u.Warnings() {
		fmt.Println(w)
	}
	// Output:
	// http://127.0.0.1/b?q#f
	// 127.0.0.1 IPv4 /b ?q #f
	// special-scheme-missing-following-solidus at byte offset 5
	// special-scheme-missing-following-solidus at byte offset 5
	// special-scheme-missing-following-solidus at byte offset 6
	// IPv4-too-few-parts at byte offset 7
	// IPv4-non-decimal-part at byte offset 7
	// invalid-reverse-solidus at byte offset 13
	// invalid-reverse-solidus at byte offset 15
	// invalid-reverse-solidus at byte offset 18
}

// A relative reference is resolved against a base, as new URL(ref, base)
// does.
func ExampleURL_Parse() {
	base, _ := whatwg.Parse("https://example.com/a/b?x")
	for _, ref := range []string{"c", "../c", "//other.example/", "?y", "#z", "/%2e%2e/c"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.com/a/c
	// https://example.com/c
	// https://other.example/
	// https://example.com/a/b?y
	// https://example.com/a/b?x#z
	// https://example.com/c
}

// An input that is no URL gives the validation error that ends parsing.
func ExampleError() {
	_, err := whatwg.Parse("http://exa mple.com/")
	fmt.Println(err)
	if e, ok := err.(*whatwg.Error); ok {
		fmt.Println(e.Kind, e.Offset)
	}
	// Output:
	// whatwg: cannot parse "http://exa mple.com/": domain-to-ASCII at byte offset 7
	// domain-to-ASCII 7
}

// A page in Shift_JIS sends its links' queries in Shift_JIS, and what the
// encoding lacks as a character reference.
func ExampleParser() {
	p := whatwg.Parser{Encoding: japanese.ShiftJIS}
	u, _ := p.Parse("https://example.jp/検索?q=東京‽#東京", nil)
	fmt.Println(u.Pathname())
	fmt.Println(u.Search())
	fmt.Println(u.Hash())
	// Output:
	// /%E6%A4%9C%E7%B4%A2
	// ?q=%93%8C%8B%9E%26%238253%3B
	// #%E6%9D%B1%E4%BA%AC
}
