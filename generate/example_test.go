package generate_test

import (
	"fmt"

	"github.com/irikit/iri/generate"
	"github.com/irikit/iri/scanner"
)

// Valid and invalid references with their labels, the same for every
// run of the same options.
func Example() {
	g := generate.New(generate.Options{Rule: scanner.IRI, Seed: 2, Invalid: 0.5, Script: generate.ScriptLatin, MaxLen: 48})
	for i := 0; i < 6; i++ {
		s := g.Next()
		if s.Valid {
			fmt.Printf("valid   %q\n", s.Input)
		} else {
			fmt.Printf("invalid %q: %s, %v at byte %d\n", s.Input, s.Mutation, s.Want.Code, s.Offset)
		}
	}
	// Output:
	// valid   "Vj://kRB~âÉ5.D7ĕ%BBi.fo1O:8080/B/E/_FRS%4A3P"
	// invalid "HTTP:qL$A;/3.HxWŧÈ/?k0#vÚs%13=#%C3%85": hash-in-fragment, char at byte 33
	// invalid "iris.beep://[d::9:3:3:7/?#:)": ip-literal-unclosed, ip-literal-end at byte 23
	// invalid "wss://_ŔÅ:ISmÍ%C3%A4i@%50Y.h2qH%6bŨ@RTi.+%49": second-at, char at byte 39
	// valid   "svn+ssh:/"
	// invalid "v://gu=@//(TXÐK\xfe+x": bad-utf8, utf8 at byte 16
}

// A fuzz harness's seed corpus: the same samples each run, with what the
// parser under test must say about each.
func ExampleGenerator_Append() {
	g := generate.New(generate.Options{Seed: 1, Invalid: 0.5, Script: generate.ScriptASCII, MaxLen: 40})
	var buf []byte
	for i := 0; i < 4; i++ {
		var s generate.Sample
		buf, s = g.Append(buf[:0])
		fmt.Printf("%-5v %q\n", s.Valid, buf)
	}
	// Output:
	// false "coap+tcp:\u200f"
	// true  "ftp:#D"
	// true  "tel://+E.JXcz%3F.7Ap&IY%75F.h3.rN3''/T1?"
	// false "5coap+tcp:%52W/:hLU80L/dWgon"
}

// The productions and edge cases a sample holds, by name.
func ExampleProductions_Names() {
	g := generate.New(generate.Options{Seed: 12, MaxLen: 40, Script: generate.ScriptCJK})
	s := g.Next()
	fmt.Printf("%q\n%q\n%q\n", s.Input, s.Productions.Names(nil), s.Features.Names(nil))
	// Output:
	// "3ホ7zFn_%40#:S𪑪l4_3%CE"
	// ["IRI-reference" "irelative-ref" "irelative-part" "ipath" "ipath-noscheme" "isegment-nz-nc" "ipchar" "ifragment" "iunreserved" "ucschar" "pct-encoded" "reserved" "gen-delims"]
	// ["pct-delim" "ucschar-4byte"]
}
