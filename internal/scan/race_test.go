//go:build race

package scan

// raceEnabled: the race detector slows the exhaustive tests tenfold, and
// they run one goroutine; under it they take a sample.
const raceEnabled = true
