package bench

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri"
)

// relativePairs returns the (base, relative) rows of the relative corpus.
func relativePairs(b *testing.B) (pairs [][2]string, n int64) {
	for _, c := range loadCorpora(b) {
		if c.name != "relative" {
			continue
		}
		for k := 0; k+1 < len(c.lines); k += 2 {
			pairs = append(pairs, [2]string{c.lines[k], c.lines[k+1]})
			n += int64(len(c.lines[k]) + len(c.lines[k+1]))
		}
	}
	return pairs, n
}

// BenchmarkResolve parses each base and reference of the relative corpus
// and appends the resolved target to a reused buffer (RFC 3986 5.2).
func BenchmarkResolve(b *testing.B) {
	pairs, n := relativePairs(b)
	buf := make([]byte, 0, 1<<12)
	b.Run("relative", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(n)
		for b.Loop() {
			for _, p := range pairs {
				buf, _ = iri.AppendResolve(buf[:0], p[0], p[1])
				sink += len(buf)
			}
		}
	})
}

// BenchmarkNetURLResolveReference is the baseline for BenchmarkResolve:
// net/url parses both, resolves and writes the target out.
func BenchmarkNetURLResolveReference(b *testing.B) {
	pairs, n := relativePairs(b)
	b.Run("relative", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(n)
		for b.Loop() {
			for _, p := range pairs {
				base, err := url.Parse(p[0])
				if err != nil {
					continue
				}
				ref, err := url.Parse(p[1])
				if err != nil {
					continue
				}
				sink += len(base.ResolveReference(ref).String())
			}
		}
	})
}

// BenchmarkRemoveDotSegments resolves hostile references made of long
// chains of dot segments; MB/s stays flat as they grow tenfold, which is
// remove_dot_segments running in linear time.
func BenchmarkRemoveDotSegments(b *testing.B) {
	buf := make([]byte, 0, 1<<20)
	for _, shape := range []struct{ name, unit string }{
		{"updown", "a/../"},
		{"up", "../"},
		{"deep-then-up", ""},
	} {
		for _, size := range []int{1 << 10, 1 << 14, 1 << 18} {
			var ref string
			if shape.unit != "" {
				ref = strings.Repeat(shape.unit, size/len(shape.unit))
			} else {
				ref = strings.Repeat("seg/", size/8) + strings.Repeat("../", size/8)
			}
			b.Run(shape.name+"/"+strconv.Itoa(size), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(ref)))
				for b.Loop() {
					buf, _ = iri.AppendResolve(buf[:0], "http://h/a/b/c", ref)
					sink += len(buf)
				}
			})
		}
	}
}
