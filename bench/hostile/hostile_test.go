package hostile

import (
	"strconv"
	"testing"

	"github.com/irikit/iri/internal/hostile"
)

var sink int

// BenchmarkHostile runs every entry point on every hostile family at 1, 4
// and 16 MiB: BenchmarkHostile/ENTRY/FAMILY/SIZE. SetBytes makes the
// reported MB/s a cost per byte, comparable across sizes. Each input is
// made when its benchmark first runs, so that a -bench pattern that picks
// a few pays for those only.
func BenchmarkHostile(b *testing.B) {
	inputs := map[string]string{}
	input := func(fam hostile.Family, n int) string {
		key := fam.Name + "/" + strconv.Itoa(n)
		s, ok := inputs[key]
		if !ok {
			s = fam.Make(n)
			inputs[key] = s
		}
		return s
	}
	for _, e := range hostile.Entries {
		b.Run(e.Name, func(b *testing.B) {
			for _, fam := range hostile.Families {
				b.Run(fam.Name, func(b *testing.B) {
					for _, n := range []int{1 << 20, 4 << 20, 16 << 20} {
						b.Run(strconv.Itoa(n>>20)+"MiB", func(b *testing.B) {
							s := input(fam, n)
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
