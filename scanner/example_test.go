package scanner_test

import (
	"fmt"
	"strings"

	"github.com/irikit/iri/scanner"
)

func ExampleScan() {
	s := "http://例え.テスト/パス?q=1#top"
	r := scanner.Scan(s, scanner.IRIReference, 0)
	fmt.Println(r.OK(), r.HostKind)
	fmt.Println(s[r.HostStart:r.HostEnd], s[r.PathStart:r.PathEnd], s[r.QueryStart:r.QueryEnd])

	r = scanner.Scan("http://h/a b", scanner.IRIReference, 0)
	fmt.Println(r.OK(), r.Offset, r.Code)
	// Output:
	// true reg-name
	// 例え.テスト /パス q=1
	// false 10 char
}

// The URI form of a text with a reference a line, as iri to-uri writes
// it: the run of lines that match is encoded in one call.
func ExampleAppendNonASCIIEncoded() {
	text := "http://a/b\nhttps://例え.テスト/\nhttp://h/a b\n"
	bad, n := scanner.ValidLines(text, scanner.IRIReference, 0)
	out := scanner.AppendNonASCIIEncoded(nil, text[:bad])
	fmt.Printf("%d lines:\n%s", n, out)
	// Output:
	// 2 lines:
	// http://a/b
	// https://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/
}

// A text with a reference a line: ValidLines passes over the lines that
// match and stops at each that does not.
func ExampleValidLines() {
	text := "http://a/b\nhttps://例え.テスト/\nhttp://h/a b\n../c?d\nhttp://[::1\n"
	line := 1
	for len(text) > 0 {
		bad, n := scanner.ValidLines(text, scanner.IRIReference, 0)
		line += n
		text = text[bad:]
		if text == "" {
			break
		}
		end := strings.IndexByte(text, '\n')
		if end < 0 {
			end = len(text)
		}
		fmt.Printf("line %d: %q\n", line, text[:end])
		text = text[min(end+1, len(text)):]
		line++
	}
	// Output:
	// line 3: "http://h/a b"
	// line 5: "http://[::1"
}
