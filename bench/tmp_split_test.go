package bench

import (
	"slices"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/scanner"
)

func BenchmarkTmpSplit(b *testing.B) {
	n := iri.Normalizer{Level: iri.LevelScheme}
	c := loadCorpora(b)[3]
	sets := make([][]string, 4)
	for i, l := range c.lines {
		k := i % 2
		if len(l) > 64 {
			k += 2
		}
		sets[k] = append(sets[k], l)
	}
	sorted := slices.Clone(sets[1])
	slices.SortFunc(sorted, func(a, b string) int {
		ka, kb := kind(a), kind(b)
		return ka - kb
	})
	sets = append(sets[:4:4], sorted)
	buf := make([]byte, 0, 1<<16)
	for k, name := range []string{"base64", "rel64", "baselong", "rellong", "rel64sorted"} {
		var bytes int64
		for _, l := range sets[k] {
			bytes += int64(len(l))
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(bytes)
			b.ReportMetric(float64(len(sets[k])), "lines")
			for b.Loop() {
				for _, l := range sets[k] {
					buf, _ = n.AppendNormalize(buf[:0], l)
					sink += len(buf)
				}
			}
		})
		b.Run(name+"floor", func(b *testing.B) {
			b.SetBytes(bytes)
			var r scanner.Result
			for b.Loop() {
				for _, l := range sets[k] {
					if inplace.Scan(&r, l, scanner.IRIReference, 0); r.OK() {
						buf = append(buf[:0], l...)
						sink += len(buf)
					}
				}
			}
		})
		b.Run(name+"valid", func(b *testing.B) {
			b.SetBytes(bytes)
			for b.Loop() {
				for _, l := range sets[k] {
					if scanner.Valid(l, scanner.IRIReference, 0) {
						sink++
					}
				}
			}
		})
	}
}

func kind(s string) int {
	if s == "" {
		return 0
	}
	switch s[0] {
	case '/':
		if len(s) > 1 && s[1] == '/' {
			return 1
		}
		return 2
	case '#':
		return 3
	case '?':
		return 4
	case '.':
		return 5
	}
	if strings.Contains(s, "://") {
		return 6
	}
	if strings.Contains(s, "%") {
		return 7
	}
	return 8
}
