//go:build !race

package iri

const raceEnabled = false
