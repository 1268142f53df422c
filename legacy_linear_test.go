package iri_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/hostile"
)

// legacyFamilies are the worst cases of AppendURIFrom's NFC step, as
// GB18030 text: many runs of one mark between delimiters, one long run
// of marks (reordered, and cut by the stream-safe rule), a mark after
// every triplet, characters NFC turns into a delimiter, and Hangul jamo
// that compose.
var legacyFamilies = []hostile.Family{
	gb18030Family("delim-mark", "http://h/?", "=\u0338", ""),
	gb18030Family("semicolons", "http://h/", "\u037e", ""),
	gb18030Family("semicolon-delims", "http://h/", "\u037e;", ""),
	gb18030Family("marks-alternating", "http://h/a", "\u0301\u0316", ""),
	gb18030Family("triplet-mark", "http://h/", "%41\u0301", ""),
	gb18030Family("jamo", "http://h/", "\u1100\u1161\u11a8", ""),
	gb18030Family("decomposed", "http://h/", "e\u0301", ""),
}

// gb18030Family is a reference of n bytes of GB18030: prefix, unit
// repeated, suffix.
func gb18030Family(name, prefix, unit, suffix string) hostile.Family {
	enc := func(s string) string {
		b, err := simplifiedchinese.GB18030.NewEncoder().String(s)
		if err != nil {
			panic(err)
		}
		return b
	}
	p, u, s := enc(prefix), enc(unit), enc(suffix)
	return hostile.Family{Name: name, Make: func(n int) string {
		k := max(1, (n-len(p)-len(s)+len(u)-1)/len(u))
		return p + strings.Repeat(u, k) + s
	}}
}

func appendURIFromGB18030(s string) int {
	b, err := iri.Parser{}.AppendURIFrom(nil, []byte(s), simplifiedchinese.GB18030)
	if err != nil {
		return -1
	}
	return len(b)
}

// AppendURIFrom runs in time and memory linear in its input on each
// worst case of its NFC step.
func TestAppendURIFromLinear(t *testing.T) {
	hostile.RequireLinear(t)
	for _, fam := range legacyFamilies {
		if appendURIFromGB18030(fam.Make(1024)) < 0 {
			t.Fatalf("%s: AppendURIFrom fails on it; a family must be valid to test the whole path", fam.Name)
		}
		t.Run(fam.Name, func(t *testing.T) { hostile.CheckLinear(t, "AppendURIFrom", appendURIFromGB18030, fam) })
	}
}

// BenchmarkAppendURIFromHostile gives the figures at 1, 4 and 16 MiB.
func BenchmarkAppendURIFromHostile(b *testing.B) {
	for _, fam := range legacyFamilies {
		for _, mib := range []int{1, 4, 16} {
			s := fam.Make(mib << 20)
			b.Run(fmt.Sprintf("%s/%dMiB", fam.Name, mib), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				b.ReportAllocs()
				for b.Loop() {
					appendURIFromGB18030(s)
				}
			})
		}
	}
}
