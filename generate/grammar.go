package generate

import (
	"github.com/irikit/iri/scanner"
)

// The valid samples: a walk down the RFC 3987 section 2.2 ABNF that takes
// each alternative and repetition at random, weighted toward the edges
// where parsers disagree, and records the offsets of what it writes.

// need is what a mutation asks of the valid sample it will change.
type need uint16

const (
	needScheme    need = 1 << iota // a scheme (where the rule allows both)
	needNoscheme                   // a relative sample with ipath-noscheme or ipath-empty
	needUserinfo                   // iuserinfo
	needPort                       // port
	needNoPort                     // no port
	needIPv6                       // an IPv6address host
	needIPLiteral                  // an IP-literal host
	needRegName                    // a non-empty ireg-name or IPv4address host
	needSlash                      // a '/' before the query: iauthority or ipath-absolute
	needFragment                   // ifragment
	hostNeeds     = needUserinfo | needPort | needIPv6 | needIPLiteral | needRegName
)

// ctx is where a character goes; each allows its own set.
type ctx uint8

const (
	ctxSegment   ctx = iota // isegment: ipchar
	ctxSegmentNC            // isegment-nz-nc: ipchar but ':'
	ctxUserinfo             // iunreserved / pct-encoded / sub-delims / ":"
	ctxRegName              // iunreserved / pct-encoded / sub-delims
	ctxQuery                // ipchar / iprivate / "/" / "?"
	ctxFragment             // ipchar / "/" / "?"
)

func (g *Generator) prod(ps ...Production) {
	for _, p := range ps {
		g.prods |= 1 << p
	}
}

func (g *Generator) feat(f Feature) { g.feats |= 1 << f }

// valid writes a valid sample of the rule, meeting g.need, of at most
// g.limit bytes. Every step checks its room, keeping some for what must
// follow; a sample that still ends up too long is drawn again.
func (g *Generator) valid() bool {
	for try := 0; try < 32; try++ {
		g.b = g.b[:g.base]
		g.draw()
		if len(g.b)-g.base <= g.limit {
			return true
		}
	}
	return false
}

// minimal writes the shortest sample of the rule: "a:" or "".
func (g *Generator) minimal() {
	g.b = g.b[:g.base]
	g.res = scanner.Result{}
	g.prods, g.feats = 1<<ProdIpath|1<<ProdIpathEmpty, 0
	switch g.rule {
	case scanner.IRI, scanner.AbsoluteIRI, scanner.URI, scanner.AbsoluteURI:
		g.prod(ProdIRI, ProdIhierPart, ProdScheme)
		if g.rule.NoFragment() {
			g.prods ^= 1<<ProdIRI | 1<<ProdAbsoluteIRI
		}
		g.b = append(g.b, 'a', ':')
		g.res = scanner.Result{Parts: scanner.HasScheme, SchemeEnd: 1, PathStart: 2, PathEnd: 2}
	case scanner.IRIReference, scanner.URIReference:
		g.prod(ProdIRIReference, ProdIrelativeRef, ProdIrelativePart)
	default:
		g.prod(ProdIrelativeRef, ProdIrelativePart)
	}
}

func (g *Generator) draw() {
	g.res = scanner.Result{}
	g.prods, g.feats = 0, 0
	var abs bool
	switch g.rule {
	case scanner.IRI, scanner.AbsoluteIRI, scanner.URI, scanner.AbsoluteURI:
		abs = true
	case scanner.IRIReference, scanner.URIReference:
		g.prod(ProdIRIReference)
		abs = g.need&needScheme != 0 || g.need&needNoscheme == 0 && g.chance(3, 5)
	}
	reserve := 0 // bytes kept for what must follow the path
	if g.need&needFragment != 0 {
		reserve = 1
	}
	g.limit -= reserve
	if abs {
		if g.rule.NoFragment() {
			g.prod(ProdAbsoluteIRI)
		} else {
			g.prod(ProdIRI)
		}
		g.prod(ProdIhierPart, ProdScheme)
		g.scheme()
		g.res.SchemeEnd = g.pos()
		g.res.Parts |= scanner.HasScheme
		g.b = append(g.b, ':')
	} else {
		g.prod(ProdIrelativeRef, ProdIrelativePart)
	}
	g.hierPart(abs)
	g.res.PathEnd = g.pos()
	g.limit += reserve
	if g.chance(1, 3) {
		g.query()
	}
	if !g.rule.NoFragment() && (g.need&needFragment != 0 || g.chance(1, 4)) {
		g.fragment()
	}
}

var schemes = []string{
	"http", "https", "ftp", "file", "mailto", "urn", "data", "tel", "ldap",
	"news", "ws", "wss", "git+ssh", "svn+ssh", "view-source", "coap+tcp",
	"iris.beep", "z39.50r", "HTTP", "Https", "a", "x-y",
}

// scheme writes scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func (g *Generator) scheme() {
	start := len(g.b)
	if g.room(24) && g.chance(2, 3) {
		g.b = append(g.b, schemes[g.intn(len(schemes))]...)
	} else {
		g.b = append(g.b, g.alpha())
		for n := g.intn(7); n > 0 && g.room(10); n-- {
			switch k := g.intn(10); {
			case k < 6:
				g.b = append(g.b, g.alpha())
			case k < 8:
				g.b = append(g.b, byte('0'+g.intn(10)))
			default:
				g.b = append(g.b, "+-."[g.intn(3)])
			}
		}
	}
	for _, c := range g.b[start:] {
		switch {
		case 'A' <= c && c <= 'Z':
			g.feat(FeatSchemeCase)
		case c == '+' || c == '-' || c == '.':
			g.feat(FeatSchemeSymbol)
		}
	}
}

// The kinds of ihier-part and irelative-part.
const (
	partAuthority = iota // "//" iauthority ipath-abempty
	partAbsolute         // ipath-absolute
	partFirst            // ipath-rootless, or ipath-noscheme when relative
	partEmpty            // ipath-empty
)

func (g *Generator) partKind() int {
	switch n := g.need; {
	case n&hostNeeds != 0:
		return partAuthority
	case n&needNoscheme != 0:
		if g.room(1) && g.chance(4, 5) {
			return partFirst
		}
		return partEmpty
	case n&needSlash != 0:
		if g.chance(1, 2) {
			return partAuthority
		}
		return partAbsolute
	case !g.room(8):
		if g.room(1) && g.chance(1, 2) {
			return partFirst
		}
		return partEmpty
	}
	switch k := g.intn(20); {
	case k < 11:
		return partAuthority
	case k < 14:
		return partAbsolute
	case k < 18:
		return partFirst
	}
	return partEmpty
}

// hierPart writes ihier-part (abs) or irelative-part.
func (g *Generator) hierPart(abs bool) {
	g.prod(ProdIpath)
	switch g.partKind() {
	case partAuthority:
		g.prod(ProdIauthority, ProdIpathAbempty)
		g.b = append(g.b, '/', '/')
		g.res.AuthorityStart = g.pos()
		g.res.Parts |= scanner.HasAuthority
		g.authority()
		g.res.PathStart = g.pos()
		g.segments()
	case partAbsolute:
		g.prod(ProdIpathAbsolute)
		g.res.PathStart = g.pos()
		g.b = append(g.b, '/')
		if g.room(2) && g.chance(4, 5) {
			g.prod(ProdIsegmentNz)
			g.segment(ctxSegment, true)
			g.segments()
		}
	case partFirst:
		g.res.PathStart = g.pos()
		if abs {
			g.prod(ProdIpathRootless, ProdIsegmentNz)
			g.segment(ctxSegment, true)
		} else {
			g.prod(ProdIpathNoscheme, ProdIsegmentNzNc)
			g.segment(ctxSegmentNC, true)
		}
		g.segments()
	default:
		g.prod(ProdIpathEmpty)
		g.res.PathStart = g.pos()
	}
}

// segments writes *( "/" isegment ).
func (g *Generator) segments() {
	empty := false
	for g.room(2) && (g.need&needSlash != 0 && g.pos() == g.res.PathStart || g.chance(2, 3)) {
		if empty {
			g.feat(FeatEmptySegment)
		}
		g.b = append(g.b, '/')
		g.prod(ProdIsegment)
		n := len(g.b)
		g.segment(ctxSegment, false)
		empty = len(g.b) == n
	}
}

// segment writes one segment: isegment, or isegment-nz when nz (the
// caller checked room for one byte).
func (g *Generator) segment(c ctx, nz bool) {
	if g.room(2) && g.chance(1, 12) {
		g.feat(FeatDotSegment)
		g.prod(ProdIunreserved)
		if g.chance(1, 2) {
			g.b = append(g.b, '.')
		} else {
			g.b = append(g.b, '.', '.')
		}
		return
	}
	n := g.length()
	if nz && n == 0 {
		n = 1
	}
	start := len(g.b)
	for ; n > 0 && g.char(c); n-- {
	}
	if nz && len(g.b) == start {
		g.b = append(g.b, g.alpha())
		g.prod(ProdIunreserved)
	}
}

// length draws the number of characters of a segment or component.
func (g *Generator) length() int {
	if g.chance(1, 4) {
		return g.intn(3)
	}
	return 1 + g.intn(10)
}

// authority writes iauthority = [ iuserinfo "@" ] ihost [ ":" port ].
func (g *Generator) authority() {
	if g.need&needUserinfo != 0 || g.chance(1, 5) && g.room(8) {
		g.prod(ProdIuserinfo)
		g.limit -= 2 // for the '@' and a host character
		g.userinfo()
		g.limit += 2
		g.res.UserinfoEnd = g.pos()
		g.res.Parts |= scanner.HasUserinfo
		g.b = append(g.b, '@')
	}
	g.prod(ProdIhost)
	g.res.HostStart = g.pos()
	keep := 0 // room for a port that must follow
	if g.need&needPort != 0 {
		keep = 1
	}
	g.limit -= keep
	g.host()
	g.limit += keep
	g.res.HostEnd = g.pos()
	if g.need&needPort != 0 || g.need&needNoPort == 0 && g.chance(1, 4) && g.room(7) {
		g.prod(ProdPort)
		g.b = append(g.b, ':')
		g.res.PortStart = g.pos()
		g.res.Parts |= scanner.HasPort
		g.port()
	}
}

// userinfo writes iuserinfo: a user, a user and password, or something
// that reads like host:port.
func (g *Generator) userinfo() {
	switch k := g.intn(10); {
	case k == 0:
		g.feat(FeatEmptyUserinfo)
	case k == 1 && g.room(12):
		g.feat(FeatPortLikeUserinfo)
		g.feat(FeatColonInUserinfo)
		g.b = append(g.b, g.alpha())
		g.b = append(g.b, ':')
		for n := 1 + g.intn(4); n > 0; n-- {
			g.b = append(g.b, byte('0'+g.intn(10)))
		}
		g.prod(ProdIunreserved)
	default:
		n := 1 + g.intn(8)
		for ; n > 0 && g.char(ctxUserinfo); n-- {
		}
		if k < 5 && g.room(4) {
			g.feat(FeatColonInUserinfo)
			g.b = append(g.b, ':')
			for n := g.intn(9); n > 0 && g.char(ctxUserinfo); n-- {
			}
		}
	}
}

// host writes ihost and sets the host kind.
func (g *Generator) host() {
	n := g.need
	switch {
	case n&needIPv6 != 0:
		g.ipLiteral(false)
	case n&needIPLiteral != 0:
		g.ipLiteral(g.chance(1, 4))
	case n&needRegName != 0:
		g.regName(true)
	default:
		switch k := g.intn(100); {
		case k < 13 && g.room(48):
			g.ipLiteral(false)
		case k < 17 && g.room(16):
			g.ipLiteral(true)
		case k < 27 && g.room(16):
			g.ipv4()
			g.res.HostKind = scanner.HostIPv4
		case k < 32 && g.room(20):
			g.ipv4Like()
		default:
			g.regName(false)
		}
	}
}

// regName writes an ireg-name that is not an IPv4address: it never
// starts with a digit.
func (g *Generator) regName(nonEmpty bool) {
	g.prod(ProdIregName)
	g.res.HostKind = scanner.HostRegName
	if !nonEmpty && g.chance(1, 12) || !g.room(1) {
		g.feat(FeatEmptyHost)
		return
	}
	for labels := 1 + g.intn(4); labels > 0 && g.room(3); labels-- {
		if g.pos() > g.res.HostStart {
			g.b = append(g.b, '.')
		}
		for n := g.length(); n > 0 && g.char(ctxRegName); n-- {
		}
	}
	// An IPv4address starts with a digit; a letter in its place keeps
	// this an ireg-name.
	if h := g.base + int(g.res.HostStart); h == len(g.b) {
		g.b = append(g.b, g.alpha())
	} else if c := g.b[h]; '0' <= c && c <= '9' {
		g.b[h] = g.alpha()
	}
	g.prod(ProdIunreserved)
}
