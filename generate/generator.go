package generate

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/irikit/iri/scanner"
)

// A Generator draws labelled samples. It is not safe for concurrent use:
// give each goroutine its own (the same Options with different Seeds draw
// different streams).
type Generator struct {
	opts    Options
	rule    scanner.Rule
	maxLen  int
	invalid uint64      // a sample is invalid when a 32-bit draw is below this
	muts    []*mutation // the mutations that apply to the rule
	weights int         // the sum of their weights
	src     rand.PCG
	buf     []byte // Next's input buffer

	// The sample being built: its input is b[base:], and offsets are
	// relative to base.
	b     []byte
	base  int
	limit int // the longest the valid sample may be, leaving room for a mutation
	need  need
	res   scanner.Result
	prods Productions
	feats Features
}

// stream is the PCG stream of every Generator: Options.Seed picks the
// state, so that one Seed means one sequence.
const stream = 0x6972692d67656e65 // "iri-gene"

// New returns a Generator that draws the samples o describes.
//
// The random source is math/rand/v2's PCG (PCG-DXSM, 128 bits of state)
// seeded with (o.Seed, a fixed stream), read only through its Uint64:
// the algorithm is published and its outputs are pinned by the standard
// library's own tests, so no Go release can change them. Bounded draws are
// made here (the high word of a 64x64-bit product), not with math/rand's
// helpers, whose algorithms the standard library does not promise to keep;
// and no draw goes through floating point. The same Options therefore give
// the same samples on every platform and Go release, which TestPinned
// checks.
func New(o Options) *Generator {
	g := &Generator{opts: o, rule: o.Rule}
	if g.rule > scanner.RelativeRef {
		g.rule = scanner.IRIReference
	}
	g.opts.Rule = g.rule
	switch {
	case o.MaxLen == 0:
		g.maxLen = DefaultMaxLen
	case o.MaxLen < MinMaxLen:
		g.maxLen = MinMaxLen
	default:
		g.maxLen = o.MaxLen
	}
	switch {
	case o.Invalid >= 1:
		g.invalid = 1 << 32
	case o.Invalid > 0: // false for NaN
		g.invalid = uint64(math.Ldexp(o.Invalid, 32))
	}
	if g.opts.Script >= numScripts {
		g.opts.Script = ScriptMixed
	}
	for _, only := range []bool{true, false} {
		for i := range mutations {
			if mutations[i].applies(g.rule) && (!only || o.Mutations&(1<<i) != 0) {
				g.muts = append(g.muts, &mutations[i])
				g.weights += mutations[i].weight
			}
		}
		if len(g.muts) > 0 {
			break
		}
	}
	g.src.Seed(o.Seed, stream)
	return g
}

// Options returns the options the generator draws with, after New's
// defaults and clamping.
func (g *Generator) Options() Options {
	o := g.opts
	o.MaxLen = g.maxLen
	return o
}

// Next returns the next sample.
func (g *Generator) Next() Sample {
	var s Sample
	g.buf, s = g.Append(g.buf[:0])
	s.Input = string(g.buf)
	return s
}

// Append appends the next sample's input to dst and returns the extended
// slice and the sample's labels, whose offsets count from len(dst) on
// entry. The Sample's Input is empty; Append allocates nothing once dst
// has room.
func (g *Generator) Append(dst []byte) ([]byte, Sample) {
	g.b, g.base = dst, len(dst)
	s := Sample{Rule: g.rule, Offset: -1}
	if g.invalid != 0 && g.src.Uint64()>>32 < g.invalid {
		m := g.mutation()
		// A mutation that finds no place in a sample gets a new one; a
		// few misses in a row fall back to the one that always fits, if
		// the set has it, or else to others of the set.
		for try := 0; ; try++ {
			switch {
			case try >= 1024 || try == 16 && g.muts[0] == &mutations[0]:
				m = &mutations[0]
			case try > 16 && m != &mutations[0]:
				m = g.mutation()
			}
			g.limit, g.need = g.maxLen-m.room, m.need
			ok := g.valid()
			if !ok && m == &mutations[0] {
				g.minimal()
				ok = true
			}
			if ok && m.apply(g) {
				break
			}
		}
		s.Mutation = m.name
		s.Offset = int(g.res.Offset)
	} else {
		g.limit, g.need = g.maxLen, 0
		if !g.valid() {
			g.minimal()
		}
		s.Valid = true
	}
	s.Want, s.Productions, s.Features = g.res, g.prods, g.feats
	out := g.b
	g.b = nil // do not keep the caller's memory
	return out, s
}

// mutation draws a mutation that applies to the rule, by weight.
func (g *Generator) mutation() *mutation {
	k := g.intn(g.weights)
	for _, m := range g.muts {
		if k -= m.weight; k < 0 {
			return m
		}
	}
	return g.muts[0]
}

// intn returns a number in [0, n), n > 0: the high word of a 64x64-bit
// product, whose bias is below n/2^64.
func (g *Generator) intn(n int) int {
	hi, _ := bits.Mul64(g.src.Uint64(), uint64(n))
	return int(hi)
}

// chance reports true with probability num/den.
func (g *Generator) chance(num, den int) bool { return g.intn(den) < num }

// pos is the offset at which the next byte goes.
func (g *Generator) pos() int32 { return int32(len(g.b) - g.base) }

// room reports whether k more bytes fit the limit.
func (g *Generator) room(k int) bool { return len(g.b)-g.base+k <= g.limit }

// sample is the input built so far.
func (g *Generator) sample() []byte { return g.b[g.base:] }
