package bench

import (
	"net/url"
	"testing"

	"github.com/irikit/iri/scanner"
)

func BenchmarkSplit(b *testing.B) {
	all := readPairs(b, "relative_urls_cc_10k.csv")
	var bases, rels []string
	for i := 0; i < len(all); i += 2 {
		bases = append(bases, all[i])
		rels = append(rels, all[i+1])
	}
	for _, c := range []struct {
		name  string
		lines []string
	}{{"bases", bases}, {"rels", rels}} {
		b.Run("scan-"+c.name, func(b *testing.B) {
			for b.Loop() {
				for _, l := range c.lines {
					r := scanner.Scan(l, scanner.IRIReference, 0)
					sink += int(r.PathEnd)
				}
			}
		})
		b.Run("url-"+c.name, func(b *testing.B) {
			for b.Loop() {
				for _, l := range c.lines {
					u, err := url.Parse(l)
					if err == nil {
						sink += len(u.Path)
					}
				}
			}
		})
	}
}
