module github.com/irikit/iri/bench

go 1.26.0

require (
	github.com/PuerkitoBio/purell v1.2.1
	github.com/irikit/iri v0.0.0
	github.com/nlnwa/whatwg-url v0.6.2
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

// The benchmarks measure the iri module of this checkout.
replace github.com/irikit/iri => ../
