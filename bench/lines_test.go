package bench

import (
	"strings"
	"testing"

	"github.com/irikit/iri/scanner"
)

// perText runs f on each corpus as one text, a reference a line.
func perText(b *testing.B, f func(text string)) {
	for _, c := range loadCorpora(b) {
		text := strings.Join(c.lines, "\n") + "\n"
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				f(text)
			}
		})
	}
}

// BenchmarkValidLines is scanner.ValidLines over each corpus as a text,
// going on after each line that does not match, as iri check does.
func BenchmarkValidLines(b *testing.B) {
	perText(b, func(text string) {
		for len(text) > 0 {
			bad, n := scanner.ValidLines(text, scanner.IRIReference, 0)
			sink += n
			text = text[bad:]
			if k := strings.IndexByte(text, '\n'); k >= 0 {
				text = text[k+1:]
			} else {
				text = ""
			}
		}
	})
}

// BenchmarkValidLinesLoop is BenchmarkValidLines' baseline: each line's
// end found with strings.IndexByte, and the line checked with
// scanner.Valid.
func BenchmarkValidLinesLoop(b *testing.B) {
	perText(b, func(text string) {
		for len(text) > 0 {
			k := strings.IndexByte(text, '\n')
			if k < 0 {
				k = len(text) - 1
			}
			if scanner.Valid(text[:k], scanner.IRIReference, 0) {
				sink++
			}
			text = text[k+1:]
		}
	})
}
