package hostile

import (
	"strconv"
	"testing"

	"github.com/irikit/iri/internal/hostile"
)

var sink int

// BenchmarkHostile runs every entry point on every hostile family at 1, 4
// and 16 MiB: BenchmarkHostile/ENTRY/FAMILY/SIZE. SetBytes makes the
// reported MB/s a cost per byte, comparable across sizes.
func BenchmarkHostile(b *testing.B) {
	sizes := []int{1 << 20, 4 << 20, 16 << 20}
	inputs := make([][]string, len(hostile.Families))
	for i, fam := range hostile.Families {
		for _, n := range sizes {
			inputs[i] = append(inputs[i], fam.Make(n))
		}
	}
	for _, e := range hostile.Entries {
		b.Run(e.Name, func(b *testing.B) {
			for i, fam := range hostile.Families {
				b.Run(fam.Name, func(b *testing.B) {
					for k, n := range sizes {
						s := inputs[i][k]
						b.Run(strconv.Itoa(n>>20)+"MiB", func(b *testing.B) {
							b.ReportAllocs()
							b.SetBytes(int64(len(s)))
							for b.Loop() {
								sink += e.Run(s)
							}
						})
					}
				})
			}
		})
	}
}
