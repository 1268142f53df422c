//go:build !race

package whatwg

const raceEnabled = false
