//go:build !race

package httpiri

const raceEnabled = false
