package bench

import (
	"net/url"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/interop"
)

// The references of the four corpora read by interop.Read (four readers
// and the comparison) and checked by interop.Check, beside iri.Parse and
// net/url's Parse, in the same run: ns and allocations a reference.
// Check's budget is 3x iri.Parse.
func BenchmarkInterop(b *testing.B) {
	for _, c := range loadCorpora(b) {
		run := func(name string, f func(string)) {
			b.Run(c.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(c.bytes / int64(len(c.lines)))
				for i := 0; b.Loop(); i++ {
					f(c.lines[i%len(c.lines)])
				}
			})
		}
		run("read", func(s string) { interop.Read(s, interop.Context{}) })
		run("check", func(s string) { interop.Check(s, interop.Context{}) })
		run("iri", func(s string) { iri.ParseReference(s) })
		run("neturl", func(s string) { url.Parse(s) })
	}
}
