package generate_test

import (
	"fmt"

	"github.com/irikit/iri"
	"github.com/irikit/iri/generate"
)

// The generate lines of docs/library.md, run.
func Example_library() {
	var buf []byte
	g := generate.New(generate.Options{Rule: iri.RuleIRI, Seed: 1, Invalid: 0.5})
	s := g.Next()
	fmt.Printf("%q %v %q %d %v\n", s.Input, s.Valid, s.Mutation, s.Offset, s.Want.Code)
	buf, s = g.Append(buf[:0])
	fmt.Printf("%q %v %q %d %v\n", buf, s.Valid, s.Mutation, s.Offset, s.Want.Code)
	// Output:
	// "https:/\u200f" false "bidi" 7 bidi
	// "https://:443/sBF%F0%9F%93%AD8,P%F9wy#mGZ$KD" true "" -1 ok
}
