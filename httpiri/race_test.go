//go:build race

package httpiri

// raceEnabled: the race detector makes sync.Pool drop items at random,
// so allocation counts are not the code's own.
const raceEnabled = true
