//go:build race

package hostile

const raceEnabled = true
