// Package bench holds the benchmarks of the iri module: the scanner, the
// IRI -> URI mapping and their baselines (net/url, and the floor loop that
// only ORs one table lookup per byte) on the real corpora in testdata, and
// the same on hostile inputs. Run them together so ratios are meaningful:
//
//	go test ./bench -run '^$' -bench . -benchmem -count 5
package bench
