package lint

import (
	"strings"
	"testing"
)

// BenchmarkFirstViolation is the question of a server that refuses at
// error in the default profile, where most checks are warnings and the
// whole reference is walked: FirstViolation ("first") against the list
// AppendViolations makes in a reused slice, scanned for the first error
// ("list", what httpiri's Reject did), on references of 256 KiB; and
// AppendViolationsLimit keeping 10 of each check ("limit", what iri lint
// does), which counts the errors too.
func BenchmarkFirstViolation(b *testing.B) {
	const n = 256 << 10
	for _, in := range []struct{ name, s string }{
		{"jamo", "http://h/" + strings.Repeat("\u1100\u1161\u11a8", n/9)},       // not NFC
		{"marks", "http://h/" + strings.Repeat("a\u0301", n/3)},                 // not NFC
		{"bidi-labels", "http://" + strings.Repeat("\u05d0a.", n/4) + "com/"},   // four checks a label
		{"pct-dot", "http://h/" + strings.Repeat("%2E%2E/", n/7)},               // encoded dot segments
		{"clean", "https://ja.example/" + strings.Repeat("\u6771\u4eac/", n/7)}, // nothing to report
	} {
		var o Options
		b.Run(in.name+"/list", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			dst := make([]Violation, 0, 64)
			for b.Loop() {
				dst = o.AppendViolations(dst[:0], in.s)
				for _, v := range dst {
					if v.Severity >= SeverityError {
						break
					}
				}
			}
		})
		b.Run(in.name+"/limit", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			dst := make([]Violation, 0, 64)
			for b.Loop() {
				var t Tally
				dst, t = o.AppendViolationsLimit(dst[:0], in.s, 10)
				if t.CountSeverity(SeverityError) > 0 {
					continue
				}
			}
		})
		b.Run(in.name+"/first", func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				o.FirstViolation(in.s, SeverityError)
			}
		})
	}
}
