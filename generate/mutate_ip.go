package generate

import "github.com/irikit/iri/scanner"

// The IP-literal mutations. Each writes a literal that RFC 3986 3.2.2
// rejects and knows the byte where the ABNF stops matching: the first
// one after which no IPv6address (or IPvFuture) can follow.

// literal replaces the IP-literal's content with t and returns the
// offset where t starts. The features of the old content go.
func (g *Generator) literal(t string) int {
	lo, hi := int(g.res.HostStart)+1, int(g.res.HostEnd)-1
	g.replace(lo, hi, t)
	g.feats &^= 1<<(FeatIPv6IPv4+1) - 1 // the ipv6-N forms and ipv6-ipv4
	return lo
}

// pieces appends n one- or two-digit h16 pieces joined by ':'.
func (g *Generator) pieces(dst []byte, n int) []byte {
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ':')
		}
		dst = append(dst, hexLower[1+g.intn(15)])
		if g.chance(1, 3) {
			dst = append(dst, hexUpper[g.intn(16)])
		}
	}
	return dst
}

// mutIPv6PieceCount writes too few pieces without "::" (the ABNF stops at
// the ']'), nine pieces (at the eighth ':'), or "::" and eight pieces (at
// the ':' after the seventh).
func mutIPv6PieceCount(g *Generator) bool {
	var b [32]byte
	t := b[:0]
	var stop int
	switch g.intn(3) {
	case 0:
		t = g.pieces(t, 1+g.intn(7))
		stop = len(t)
	case 1:
		t = g.pieces(t, 9)
		stop = nthColon(t, 8)
	default:
		t = append(t, ':', ':')
		t = g.pieces(t, 8)
		stop = nthColon(t[2:], 7) + 2
	}
	return g.fail(g.literal(string(t))+stop, scanner.CodeIPLiteral)
}

// nthColon returns the index of the nth ':' of t.
func nthColon(t []byte, n int) int {
	for i, c := range t {
		if c == ':' {
			if n--; n == 0 {
				return i
			}
		}
	}
	return len(t)
}

// mutIPv6DoubleColon writes two "::": the ABNF stops at the second ':' of
// the second.
func mutIPv6DoubleColon(g *Generator) bool {
	var b [24]byte
	a := g.intn(3)
	m := 1 + g.intn(3)
	c := g.intn(7 - a - m)
	t := g.pieces(b[:0], a)
	t = append(t, ':', ':')
	t = g.pieces(t, m)
	stop := len(t) + 1
	t = append(t, ':', ':')
	t = g.pieces(t, c)
	return g.fail(g.literal(string(t))+stop, scanner.CodeIPLiteral)
}

// mutIPv6LongPiece writes a piece of five hex digits: the ABNF stops at
// the fifth.
func mutIPv6LongPiece(g *Generator) bool {
	var b [24]byte
	a := g.intn(4)
	t := g.pieces(b[:0], a)
	if a > 0 {
		t = append(t, ':')
	}
	if g.chance(1, 2) {
		t = append(t, ':')
		if a == 0 {
			t = append(t, ':')
		}
	}
	stop := len(t) + 4
	t = append(t, "12345abcdeF0"[g.intn(7):][:5]...)
	return g.fail(g.literal(string(t))+stop, scanner.CodeIPLiteral)
}

// mutIPv6BadChar inserts a character that is neither HEXDIG, ':' nor '.'
// into the address (never a 'v' first, which would start an IPvFuture).
func mutIPv6BadChar(g *Generator) bool {
	p := int(g.res.HostStart) + 1 + g.intn(int(g.res.HostEnd-g.res.HostStart)-1)
	g.insert(p, "gGxXzZ_-~!"[g.intn(10):][:1])
	return g.fail(p, scanner.CodeIPLiteral)
}

// badIPv4s are ls32 IPv4addresses with a bad dec-octet after the first
// (a first one is read as an h16 until its '.'), and where the ABNF stops
// in them.
var badIPv4s = []struct {
	s    string
	stop int
}{
	{"1.2.3.256", 8}, {"1.2.256.4", 6}, {"1.256.3.4", 4}, {"1.2.3.01", 7},
	{"1.02.3.4", 3}, {"192.168.0.300", 12}, {"1.2.3", 5}, {"1.2.3.", 6},
	{"1.2.3.4.5", 7},
}

func mutIPv6BadIPv4(g *Generator) bool {
	prefix := [...]string{"::", "::ffff:", "1:2:3:4:5:6:", "64:ff9b::"}[g.intn(4)]
	v := badIPv4s[g.intn(len(badIPv4s))]
	var b [24]byte
	t := append(append(b[:0], prefix...), v.s...)
	return g.fail(g.literal(string(t))+len(prefix)+v.stop, scanner.CodeIPLiteral)
}

// zones are RFC 6874 zone identifiers, which RFC 3987 does not have: the
// ABNF stops at the '%'.
var zones = []string{"%25eth0", "%eth0", "%251", "%25en1", "%"}

func mutIPv6Zone(g *Generator) bool {
	p := int(g.res.HostEnd) - 1
	g.insert(p, zones[g.intn(len(zones))])
	return g.fail(p, scanner.CodeIPLiteral)
}

// badFutures are IPvFuture lookalikes and where the ABNF stops in them.
var badFutures = []struct {
	s    string
	stop int
}{
	{"v1.", 3}, {"v.x", 1}, {"vg.x", 1}, {"v1", 2}, {"V12", 3}, {"v1.x^y", 4}, {"v1.%41", 3},
}

func mutIPvFutureMalformed(g *Generator) bool {
	v := badFutures[g.intn(len(badFutures))]
	g.res.HostKind = scanner.HostIPvFuture
	return g.fail(g.literal(v.s)+v.stop, scanner.CodeIPLiteral)
}

// mutIPLiteralUnclosed drops the ']': the literal is complete, but what
// follows it ends iauthority first.
func mutIPLiteralUnclosed(g *Generator) bool {
	p := int(g.res.HostEnd) - 1
	g.replace(p, p+1, "")
	return g.fail(p, scanner.CodeIPLiteralEnd)
}

// mutAfterIPLiteral puts a character other than ':' or the end of
// iauthority right after the ']'.
func mutAfterIPLiteral(g *Generator) bool {
	g.insert(int(g.res.HostEnd), "x.a@[]!"[g.intn(7):][:1])
	return g.failWalk()
}
