package bench

import (
	"sync"
	"testing"

	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/scanner"
)

// BenchmarkLint lints each reference into a reused slice. What it costs
// beyond BenchmarkScan is the work of the checks; the allocations are
// the messages of syntax errors and IDNA on non-ASCII hosts.
func BenchmarkLint(b *testing.B) {
	dst := make([]lint.Violation, 0, 64)
	perCorpus(b, func(b *testing.B, lines []string) {
		for _, l := range lines {
			dst = lint.AppendViolations(dst[:0], l)
			sink += len(dst)
		}
	})
}

// cleanCorpora are the corpora without the lines Lint reports anything
// in: the input the ≤ 2x-of-Scan bound is about.
var (
	cleanOnce    sync.Once
	cleanCorpora []corpus
)

func loadClean(tb testing.TB) []corpus {
	cleanOnce.Do(func() {
		for _, c := range loadCorpora(tb) {
			cc := corpus{name: c.name}
			for _, l := range c.lines {
				if len(lint.Lint(l, lint.Options{})) == 0 {
					cc.lines = append(cc.lines, l)
					cc.bytes += int64(len(l))
				}
			}
			cleanCorpora = append(cleanCorpora, cc)
		}
	})
	return cleanCorpora
}

func perCleanCorpus(b *testing.B, f func(lines []string)) {
	for _, c := range loadClean(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(c.bytes)
			for b.Loop() {
				f(c.lines)
			}
		})
	}
}

// BenchmarkLintClean is BenchmarkLint on the lines it finds clean.
func BenchmarkLintClean(b *testing.B) {
	dst := make([]lint.Violation, 0, 64)
	perCleanCorpus(b, func(lines []string) {
		for _, l := range lines {
			dst = lint.AppendViolations(dst[:0], l)
			sink += len(dst)
		}
	})
}

// BenchmarkScanClean is BenchmarkScan on the lines of BenchmarkLintClean:
// its baseline.
func BenchmarkScanClean(b *testing.B) {
	perCleanCorpus(b, func(lines []string) {
		for _, l := range lines {
			r := scanner.Scan(l, scanner.IRIReference, 0)
			sink += int(r.PathEnd)
		}
	})
}

// TestCleanCorpora checks that most of each corpus is clean, so that
// BenchmarkLintClean measures what users mostly see.
func TestCleanCorpora(t *testing.T) {
	all := loadCorpora(t)
	for i, c := range loadClean(t) {
		if n, total := len(c.lines), len(all[i].lines); n < total/2 {
			t.Errorf("%s: %d of %d lines lint clean", c.name, n, total)
		} else {
			t.Logf("%s: %d of %d lines lint clean", c.name, n, total)
		}
	}
}
