package generate

import (
	"unicode/utf8"

	"github.com/irikit/iri/scanner"
)

// The characters of the components, and the hosts and ports.

const (
	letters   = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	hexUpper  = "0123456789ABCDEF"
	hexLower  = "0123456789abcdef"
	subDelims = "!$&'()*+,;="
)

func (g *Generator) alpha() byte { return letters[g.intn(len(letters))] }

// char writes one character that c allows, or nothing (false) when there
// is no room left.
func (g *Generator) char(c ctx) bool {
	if !g.room(1) {
		return false
	}
	if c == ctxSegment || c == ctxQuery || c == ctxFragment {
		g.prod(ProdIpchar)
	}
	k := g.intn(100)
	switch {
	case k < 69 && k >= 61:
		g.prod(ProdSubDelims, ProdReserved)
		if c == ctxRegName {
			g.feat(FeatSubDelimsInHost)
		}
		g.b = append(g.b, subDelims[g.intn(len(subDelims))])
		return true
	case k < 77 && k >= 69:
		if g.pct() {
			return true
		}
	case k < 91 && k >= 77:
		if c == ctxQuery && g.opts.IPrivate && !g.rule.ASCII() && g.chance(1, 3) && g.room(4) {
			r, _ := g.pick(iprivateSpans[:], 1)
			g.b = utf8.AppendRune(g.b, r)
			g.prod(ProdIprivate)
			g.res.Flags |= scanner.HasNonASCII | scanner.HasIPrivate
			return true
		}
		if g.nonASCII() {
			return true
		}
	case k < 96 && k >= 91:
		if c == ctxSegment || c == ctxUserinfo || c == ctxQuery || c == ctxFragment {
			g.delim(c, ':')
			return true
		}
	case k < 98 && k >= 96:
		if c == ctxSegment || c == ctxSegmentNC || c == ctxQuery || c == ctxFragment {
			g.delim(c, '@')
			return true
		}
	case k >= 98:
		if c == ctxQuery || c == ctxFragment {
			g.feat(FeatSlashInQuery)
			g.delim(c, "/?"[g.intn(2)])
			return true
		}
	}
	g.prod(ProdIunreserved)
	if k < 61 && k >= 55 {
		g.b = append(g.b, "-._~"[g.intn(4)])
	} else if g.chance(1, 5) {
		g.b = append(g.b, byte('0'+g.intn(10)))
	} else {
		g.b = append(g.b, g.alpha())
	}
	return true
}

// delim writes a gen-delim as data.
func (g *Generator) delim(c ctx, d byte) {
	g.prod(ProdGenDelims, ProdReserved)
	switch {
	case d == ':' && c == ctxSegment:
		g.feat(FeatColonInPath)
	case d == '@' && (c == ctxSegment || c == ctxSegmentNC):
		g.feat(FeatAtInPath)
	case d == ':' && c == ctxUserinfo:
		g.feat(FeatColonInUserinfo)
	}
	g.b = append(g.b, d)
}

// nonASCII writes a character of the script: raw in the IRI rules,
// percent-encoded as UTF-8 in the URI rules.
func (g *Generator) nonASCII() bool {
	if g.opts.Script == ScriptASCII {
		return false
	}
	if g.rule.ASCII() {
		return g.room(12) && g.pctRune()
	}
	if !g.room(4) {
		return false
	}
	r, edge := g.ucschar()
	g.b = utf8.AppendRune(g.b, r)
	g.prod(ProdUcschar, ProdIunreserved)
	g.res.Flags |= scanner.HasNonASCII
	g.runeFeatures(r, edge)
	return true
}

func (g *Generator) runeFeatures(r rune, edge bool) {
	if r >= 0x10000 {
		g.feat(FeatUcschar4)
	}
	if edge {
		g.feat(FeatUcscharEdge)
	}
	if isRTL(r) {
		g.feat(FeatRTL)
	}
}

// pct writes pct-encoded octets: an arbitrary octet, an encoded
// delimiter, an unreserved character or a character's UTF-8.
func (g *Generator) pct() bool {
	if !g.room(3) {
		return false
	}
	var b byte
	switch k := g.intn(10); {
	case k < 4:
		b = byte(g.intn(256))
	case k < 6:
		b = "/?#%:@[] "[g.intn(9)]
		g.feat(FeatPctDelim)
	case k < 8:
		if g.opts.Script != ScriptASCII && g.room(12) {
			return g.pctRune()
		}
		b = byte(g.intn(256))
	default:
		b = letters[g.intn(len(letters))]
	}
	g.pctByte(b, g.chance(1, 4))
	return true
}

// pctRune writes a character of the script as percent-encoded UTF-8.
func (g *Generator) pctRune() bool {
	r, edge := g.ucschar()
	var u [4]byte
	n := utf8.EncodeRune(u[:], r)
	lower := g.chance(1, 4)
	for _, b := range u[:n] {
		g.pctByte(b, lower)
	}
	g.feat(FeatPctUTF8)
	g.runeFeatures(r, edge)
	return true
}

func (g *Generator) pctByte(b byte, lower bool) {
	hex := hexUpper
	if lower {
		hex = hexLower
		if b>>4 >= 10 || b&15 >= 10 {
			g.feat(FeatPctLowercase)
		}
	}
	g.b = append(g.b, '%', hex[b>>4], hex[b&15])
	g.prod(ProdPctEncoded)
	g.res.Flags |= scanner.HasPercent
}

// decOctets are the edges of dec-octet's five alternatives.
var decOctets = []string{"0", "9", "10", "99", "100", "199", "200", "249", "250", "255", "1", "127", "192", "168"}

// ipv4 writes an IPv4address.
func (g *Generator) ipv4() {
	g.prod(ProdIPv4address, ProdDecOctet)
	for i := 0; i < 4; i++ {
		if i > 0 {
			g.b = append(g.b, '.')
		}
		g.b = append(g.b, decOctets[g.intn(len(decOctets))]...)
	}
}

// ipv4Likes are ireg-names one step from an IPv4address.
var ipv4Likes = []string{
	"1.2.3.256", "256.1.1.1", "1.2.3.999", "01.2.3.4", "1.02.3.4", "1.2.3.00",
	"1.2.3", "127.1", "1", "1.2.3.4.5", "1.2.3.4.", "0x7f.0.0.1", "0177.0.0.1",
	"4294967295", "1..2.3", "1.2.3.-4",
}

// ipv4Like writes an ireg-name that is almost an IPv4address.
func (g *Generator) ipv4Like() {
	g.prod(ProdIregName, ProdIunreserved)
	g.feat(FeatIPv4Like)
	g.res.HostKind = scanner.HostRegName
	g.b = append(g.b, ipv4Likes[g.intn(len(ipv4Likes))]...)
}

// ports are the edges of port = *DIGIT.
var ports = []string{"", "0", "80", "443", "8080", "65535", "65536", "99999", "0080", "00", "1"}

func (g *Generator) port() {
	p := ports[g.intn(len(ports))]
	if !g.room(len(p)) {
		p = ""
	}
	switch {
	case p == "":
		g.feat(FeatEmptyPort)
	case len(p) > 1 && p[0] == '0':
		g.feat(FeatPortLeadingZero)
	case len(p) == 5 && p > "65535":
		g.feat(FeatPortOverflow)
	}
	g.b = append(g.b, p...)
}

// ipLiteral writes IP-literal = "[" ( IPv6address / IPvFuture ) "]".
func (g *Generator) ipLiteral(future bool) {
	g.prod(ProdIPLiteral)
	g.b = append(g.b, '[')
	if future {
		g.res.HostKind = scanner.HostIPvFuture
		g.ipvFuture()
	} else {
		g.res.HostKind = scanner.HostIPv6
		switch {
		case g.room(48):
			g.ipv6(false)
		case g.room(22):
			g.ipv6(true)
		default: // "::" is the shortest of all
			g.prod(ProdIPv6address)
			g.feat(FeatIPv6Form9)
			g.b = append(g.b, ':', ':')
		}
	}
	g.b = append(g.b, ']')
}

// ipvFuture writes IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func (g *Generator) ipvFuture() {
	g.prod(ProdIPvFuture)
	g.b = append(g.b, "vV"[g.intn(2)])
	for n := 1 + g.intn(2); n > 0; n-- {
		g.b = append(g.b, hexUpper[g.intn(16)])
	}
	g.b = append(g.b, '.')
	for n := 1 + g.intn(8); n > 0; n-- {
		switch k := g.intn(10); {
		case k < 6:
			g.prod(ProdUnreserved)
			g.b = append(g.b, g.alpha())
		case k < 8:
			g.prod(ProdSubDelims)
			g.b = append(g.b, subDelims[g.intn(len(subDelims))])
		default:
			g.b = append(g.b, ':')
		}
	}
}

// ipv6 writes an IPv6address of one of its nine forms, with one-digit
// pieces when short.
func (g *Generator) ipv6(short bool) {
	g.prod(ProdIPv6address)
	form := g.intn(9)
	g.feat(FeatIPv6Form1 + Feature(form))
	if form == 0 {
		for i := 0; i < 6; i++ {
			g.h16(short)
			g.b = append(g.b, ':')
		}
		g.ls32(short)
		return
	}
	// Form k+1 has up to k-1 pieces before "::".
	for i, left := 0, g.intn(form); i < left; i++ {
		if i > 0 {
			g.b = append(g.b, ':')
		}
		g.h16(short)
	}
	g.b = append(g.b, ':', ':')
	switch {
	case form <= 6:
		for i := 0; i < 6-form; i++ {
			g.h16(short)
			g.b = append(g.b, ':')
		}
		g.ls32(short)
	case form == 7:
		g.h16(short)
	}
}

// h16 writes 1*4HEXDIG, in mixed case.
func (g *Generator) h16(short bool) {
	g.prod(ProdH16)
	n := 1
	if !short {
		n += g.intn(4)
	}
	hex := hexUpper
	if g.chance(1, 2) {
		hex = hexLower
	}
	for ; n > 0; n-- {
		g.b = append(g.b, hex[g.intn(16)])
	}
}

// ls32 writes ( h16 ":" h16 ) / IPv4address.
func (g *Generator) ls32(short bool) {
	g.prod(ProdLs32)
	if !short && g.chance(1, 2) {
		g.feat(FeatIPv6IPv4)
		g.ipv4()
		return
	}
	g.h16(short)
	g.b = append(g.b, ':')
	g.h16(short)
}

// query writes "?" iquery.
func (g *Generator) query() {
	if start, ok := g.delimited('?', ctxQuery, ProdIquery, scanner.HasQuery, FeatEmptyQuery); ok {
		g.res.QueryStart, g.res.QueryEnd = start, g.pos()
	}
}

// fragment writes "#" ifragment.
func (g *Generator) fragment() {
	if start, ok := g.delimited('#', ctxFragment, ProdIfragment, scanner.HasFragment, FeatEmptyFragment); ok {
		g.res.FragmentStart = start
	}
}

// delimited writes d and a component of characters c allows, if there is
// room, and returns where the component starts.
func (g *Generator) delimited(d byte, c ctx, p Production, part scanner.Parts, empty Feature) (int32, bool) {
	if !g.room(1) {
		return 0, false
	}
	g.b = append(g.b, d)
	g.prod(p)
	g.res.Parts |= part
	start := g.pos()
	for n := g.length(); n > 0 && g.char(c); n-- {
	}
	if g.pos() == start {
		g.feat(empty)
	}
	return start, true
}
