package bench

import (
	"testing"

	"github.com/PuerkitoBio/purell"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/scanner"
)

// BenchmarkNormalize normalizes each reference at the scheme level (RFC
// 3987 5.3.2 and 5.3.3) into a reused buffer.
func BenchmarkNormalize(b *testing.B) {
	n := iri.Normalizer{Level: iri.LevelScheme}
	buf := make([]byte, 0, 1<<16)
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			buf, _ = n.AppendNormalize(buf[:0], l)
			sink += len(buf)
		}
	})
}

// BenchmarkPurellNormalize is the baseline for BenchmarkNormalize:
// purell's safe normalizations (lowercase scheme and host, uppercase
// escapes, decode unnecessary escapes, encode necessary ones, drop the
// default port and an empty query separator) over net/url.
func BenchmarkPurellNormalize(b *testing.B) {
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			s, err := purell.NormalizeURLString(l, purell.FlagsSafe)
			if err == nil {
				sink += len(s)
			}
		}
	})
}

// BenchmarkNormalizeFloor is what BenchmarkNormalize costs on input that
// is already normal, less the look for anything to change: the scan and
// the copy. It bounds what any normality check can reach.
func BenchmarkNormalizeFloor(b *testing.B) {
	buf := make([]byte, 0, 1<<16)
	var r scanner.Result
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			if inplace.Scan(&r, l, scanner.IRIReference, 0); r.OK() {
				buf = append(buf[:0], l...)
				sink += len(buf)
			}
		}
	})
}
