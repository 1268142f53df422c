// Package hostile benchmarks every entry point of package iri on the
// references an attacker would send (internal/hostile), at 1, 4 and 16
// MiB, to show that each costs the same per byte at every size:
//
//	go test ./bench/hostile -run '^$' -bench . -benchtime 1x -benchmem | tee hostile.txt
//	go run ./bench/ratios -hostile < hostile.txt
//
// Run it with -benchtime 1x (or a few x): a single run of the largest
// size takes up to a second or two, and there are some five thousand.
// internal/hostile's TestLinear is the test that fails when a cost per
// byte grows with the size.
package hostile
