//go:build race

package iri

// raceEnabled: the race detector slows the corpus tests tenfold, and
// they run one goroutine; under it they take a sample.
const raceEnabled = true
