package bench

import (
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/simd"
	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/scanner"
)

// BenchmarkAsm runs each assembly routine against its Go form, in the
// same run, through the entry point that uses it on each corpus:
// BenchmarkAsm/ROUTINE/CORPUS/asm and .../go differ only in the routine's
// simd switch. A routine earns its place with a gain of 15 % or more
// (go ÷ asm ≥ 1.15) on the corpora where it is used; go run ./ratios
// -asm prints the ratios. (Decode512's "go" form is the SSSE3 decoder,
// which runs where it is off; Decode is measured with Decode512 off;
// Block256 with Block off, against the SSSE3 loop.)
func BenchmarkAsm(b *testing.B) {
	uri := uriCorpora(b)
	clean := loadClean(b)
	buf := make([]byte, 0, 1<<16)
	vs := make([]lint.Violation, 0, 64)
	routines := []struct {
		name    string
		have    bool
		sw      *bool
		corpora []corpus
		run     func(lines []string)
		setup   func() // the other switches, the same for both forms
	}{
		{"ScanLoop", simd.Have.ScanLoop, &simd.ScanLoop, loadCorpora(b), func(lines []string) {
			for _, l := range lines {
				r := scanner.Scan(l, scanner.IRIReference, 0)
				sink += int(r.PathEnd)
			}
		}, nil},
		{"Decode", simd.Have.Decode, &simd.Decode, uri, func(lines []string) {
			for _, l := range lines {
				buf, _ = iri.AppendIRI(buf[:0], l)
				sink += len(buf)
			}
		}, func() { simd.Decode512 = false }},
		// Against the SSSE3 decoder, which is what runs without it.
		{"Decode512", simd.Have.Decode512, &simd.Decode512, uri, func(lines []string) {
			for _, l := range lines {
				buf, _ = iri.AppendIRI(buf[:0], l)
				sink += len(buf)
			}
		}, nil},
		// Against the SSSE3 loop too, not the AVX2 block path.
		{"Block", simd.Have.Block, &simd.Block, loadCorpora(b), func(lines []string) {
			for _, l := range lines {
				if scanner.Valid(l, scanner.IRIReference, 0) {
					sink++
				}
			}
		}, func() { simd.Block256 = false }},
		// The AVX2 block path against the SSSE3 loop, which is what runs
		// without it (and without Block).
		{"Block256", simd.Have.Block256, &simd.Block256, loadCorpora(b), func(lines []string) {
			for _, l := range lines {
				if scanner.Valid(l, scanner.IRIReference, 0) {
					sink++
				}
			}
		}, func() { simd.Block = false }},
		{"Encode", simd.Have.Encode, &simd.Encode, loadCorpora(b), func(lines []string) {
			for _, l := range lines {
				buf, _ = scanner.AppendURI(buf[:0], l, scanner.IRIReference, 0)
				sink += len(buf)
			}
		}, nil},
		{"Pair", simd.Have.Pair, &simd.Pair, loadCorpora(b), func(lines []string) {
			n := iri.Normalizer{Level: iri.LevelScheme}
			for _, l := range lines {
				buf, _ = n.AppendNormalize(buf[:0], l)
				sink += len(buf)
			}
		}, nil},
		{"Look512", simd.Have.Look512, &simd.Look512, clean, func(lines []string) {
			for _, l := range lines {
				vs = lint.AppendViolations(vs[:0], l)
				sink += len(vs)
			}
		}, nil},
	}
	defer simd.Restore()
	for _, r := range routines {
		b.Run(r.name, func(b *testing.B) {
			if !r.have {
				b.Skip("the CPU (or GODEBUG, or the purego tag) rules this routine out")
			}
			for _, c := range r.corpora {
				b.Run(c.name, func(b *testing.B) {
					for _, form := range []string{"asm", "go"} {
						b.Run(form, func(b *testing.B) {
							simd.Restore()
							if r.setup != nil {
								r.setup()
							}
							*r.sw = form == "asm"
							b.ReportAllocs()
							b.SetBytes(c.bytes)
							for b.Loop() {
								r.run(c.lines)
							}
						})
					}
				})
			}
		})
	}
}
