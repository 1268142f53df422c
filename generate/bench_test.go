package generate

import (
	"math/rand/v2"
	"testing"
)

// Append allocates nothing once its buffer has grown, valid samples or
// not.
func TestAppendAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, inv := range []float64{0, 0.5, 1} {
		g := New(Options{Seed: 1, Invalid: inv, IPrivate: true})
		buf := make([]byte, 0, 4*DefaultMaxLen)
		if n := testing.AllocsPerRun(2000, func() { buf, _ = g.Append(buf[:0]) }); n != 0 {
			t.Errorf("Invalid %v: %v allocations per Append", inv, n)
		}
	}
}

// benchGen reports samples and bytes per second of f over b.N samples.
func benchGen(b *testing.B, f func() int) {
	b.ReportAllocs()
	total := 0
	for i := 0; i < b.N; i++ {
		total += f()
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N)/sec, "samples/s")
	b.ReportMetric(float64(total)/sec/1e6, "MB/s")
}

func BenchmarkAppend(b *testing.B) {
	for _, c := range []struct {
		name string
		inv  float64
	}{{"valid", 0}, {"half-invalid", 0.5}} {
		b.Run(c.name, func(b *testing.B) {
			g := New(Options{Seed: 1, Invalid: c.inv})
			buf := make([]byte, 0, 4*DefaultMaxLen)
			benchGen(b, func() int {
				buf, _ = g.Append(buf[:0])
				return len(buf)
			})
		})
	}
}

func BenchmarkNext(b *testing.B) {
	g := New(Options{Seed: 1, Invalid: 0.5})
	benchGen(b, func() int { return len(g.Next().Input) })
}

// BenchmarkFloor is the floor under Append: the same PCG filling a buffer
// of the samples' mean length with random letters, one draw per byte.
func BenchmarkFloor(b *testing.B) {
	g := New(Options{Seed: 1, Invalid: 0.5})
	mean := 0
	for i := 0; i < 1000; i++ {
		mean += len(g.Next().Input)
	}
	mean /= 1000
	var src rand.PCG
	src.Seed(1, stream)
	buf := make([]byte, 0, mean)
	benchGen(b, func() int {
		buf = buf[:0]
		for k := 0; k < mean; k++ {
			buf = append(buf, letters[src.Uint64()%52])
		}
		return len(buf)
	})
}
