package interop_test

import (
	"fmt"

	"github.com/irikit/iri/interop"
)

// A host that WHATWG reads as a number: browsers and Node connect to
// 127.0.0.1, while RFC 3986 and net/url read a name.
func ExampleRead() {
	rep := interop.Read("http://0x7f.1/admin", interop.Context{})
	for _, r := range interop.Readers() {
		fmt.Printf("%-8s %s\n", r, rep.Reading(r).Host)
	}
	fmt.Println("differs:", rep.Differs)
	fmt.Println("causes:", rep.Causes)
	fmt.Println("net/http dials:", rep.Connect(interop.ClientNetHTTP))
	fmt.Println("a browser dials:", rep.Connect(interop.ClientWHATWG))
	// Output:
	// rfc3986  0x7f.1
	// rfc3987  0x7f.1
	// whatwg   127.0.0.1
	// neturl   0x7f.1
	// differs: host
	// causes: IPv4-non-decimal-part
	// net/http dials: 0x7f.1:80
	// a browser dials: 127.0.0.1:80
}

// A request target that starts with "//" is a path to net/http, and a
// host to a Node server that builds new URL(req.url, base).
func ExampleRead_requestTarget() {
	rep := interop.Read("//evil.example/x", interop.Context{Base: "http://api.example", RequestTarget: true})
	fmt.Println(rep.Reading(interop.ReaderNetURL).Host, rep.Reading(interop.ReaderNetURL).Path)
	fmt.Println(rep.Reading(interop.ReaderWHATWG).Host, rep.Reading(interop.ReaderWHATWG).Path)
	fmt.Println(rep.DestinationDiffers(), rep.Causes)
	// Output:
	// api.example //evil.example/x
	// evil.example /x
	// true request-target-authority
}

// Check is the question of a hot path: can the readers disagree on where
// the reference goes? It reads no reader's output and allocates nothing.
func ExampleCheck() {
	for _, ref := range []string{"https://example.com/a?b", `http:\\evil.example\x`, "http://ex%61mple.com/"} {
		if causes, ok := interop.Check(ref, interop.Context{}); ok {
			fmt.Println("same destination:", ref)
		} else {
			fmt.Println("may differ:", ref, "by", causes)
		}
	}
	// Output:
	// same destination: https://example.com/a?b
	// may differ: http:\\evil.example\x by invalid-reverse-solidus
	// may differ: http://ex%61mple.com/ by host-percent-decoding
}
