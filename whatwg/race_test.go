//go:build race

package whatwg

const raceEnabled = true
