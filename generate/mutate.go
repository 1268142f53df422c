package generate

import (
	"fmt"
	"unicode/utf8"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/scanner"
	"github.com/irikit/iri/tables"
)

// A mutation turns a valid sample into an invalid one with one change and
// labels where and why the scanner rejects the result.
type mutation struct {
	name   string
	weight int // how often it is drawn, against the others that apply
	rules  ruleSet
	need   need
	room   int // the most bytes apply adds (an IP-literal's content is two at least)
	apply  func(g *Generator) bool
}

// ruleSet is a set of rules, a bit per scanner.Rule.
type ruleSet uint8

const (
	iriRules      ruleSet = 0x0F // IRI-reference, IRI, absolute-IRI, irelative-ref
	uriRules      ruleSet = 0xF0 // their RFC 3986 forms
	allRules              = iriRules | uriRules
	absoluteRules ruleSet = 1<<scanner.IRI | 1<<scanner.AbsoluteIRI | 1<<scanner.URI | 1<<scanner.AbsoluteURI
	relativeRules ruleSet = 1<<scanner.IRelativeRef | 1<<scanner.RelativeRef
	refRules      ruleSet = 1<<scanner.IRIReference | 1<<scanner.URIReference
	noFragment    ruleSet = 1<<scanner.AbsoluteIRI | 1<<scanner.AbsoluteURI
	schemeRules           = absoluteRules | refRules
)

func (m *mutation) applies(r scanner.Rule) bool { return m.rules&(1<<r) != 0 }

// Mutations returns the names of the mutations, which are stable, in
// this order:
//
//	forbidden-byte          a control, space, DEL or one of "<>\"{}|\\^`" anywhere
//	backslash               a '\' in place of a '/' delimiter
//	bracket                 '[' or ']' outside an IP-literal
//	second-at               an '@' in the host, after iuserinfo "@"
//	hash-in-fragment        a second '#'
//	fragment-in-absolute    a '#' ifragment where the rule (absolute-IRI) has none
//	scheme-digit            a scheme that starts with a digit
//	scheme-char             a character scheme does not allow, such as '_'
//	missing-scheme          a relative reference where the rule needs a scheme
//	unexpected-scheme       a scheme where the rule (irelative-ref) has none
//	colon-in-first-segment  a ':' in the first segment of a relative path
//	port-letter             a letter in the port
//	port-colon              a second ':' in the port
//	bad-percent             '%' not followed by two HEXDIG
//	bad-utf8                ill-formed UTF-8: stray, overlong, cut-short or impossible bytes
//	surrogate               a UTF-16 surrogate encoded as UTF-8 (CESU-8)
//	not-ucschar             a code point in neither ucschar nor iprivate (C1 control, noncharacter, tag)
//	iprivate                an iprivate character outside the query
//	bidi                    a bidi formatting character, which section 4.1 forbids
//	non-ascii               a character beyond ASCII in an RFC 3986 rule
//	ipv6-piece-count        too few or too many h16 pieces
//	ipv6-double-colon       two "::"
//	ipv6-long-piece         an h16 of five digits
//	ipv6-bad-char           a character that is not HEXDIG, ':' or '.' in an IPv6address
//	ipv6-bad-ipv4           a bad dec-octet, or too few or many, in an ls32 IPv4address
//	ipv6-zone               an RFC 6874 zone identifier, which RFC 3987 has not
//	ipvfuture-malformed     IPvFuture without its version, '.' or text
//	ip-literal-unclosed     an IP-literal without its ']'
//	after-ip-literal        a character other than ':' port after the ']'
func Mutations() []string {
	names := make([]string, len(mutations))
	for i := range mutations {
		names[i] = mutations[i].name
	}
	return names
}

// MutationSet is a set of mutations, made by MutationsNamed.
type MutationSet uint64

// MutationsNamed returns the set of the named mutations; a name that is
// not one of Mutations is an error.
func MutationsNamed(names ...string) (MutationSet, error) {
	var set MutationSet
next:
	for _, name := range names {
		for i := range mutations {
			if mutations[i].name == name {
				set |= 1 << i
				continue next
			}
		}
		return 0, fmt.Errorf("generate: unknown mutation %q", name)
	}
	return set, nil
}

// MutationApplies reports whether the named mutation can make an invalid
// sample of rule r (fragment-in-absolute, for one, needs a rule without
// ifragment).
func MutationApplies(name string, r scanner.Rule) bool {
	for i := range mutations {
		if mutations[i].name == name {
			return mutations[i].applies(r)
		}
	}
	return false
}

// mutations is the stable list; the first one fits every sample.
var mutations = [...]mutation{
	{"forbidden-byte", 4, allRules, 0, 1, mutForbiddenByte},
	{"backslash", 2, allRules, needSlash, 0, mutBackslash},
	{"bracket", 2, allRules, 0, 1, mutBracket},
	{"second-at", 2, allRules, needUserinfo | needRegName, 1, mutSecondAt},
	{"hash-in-fragment", 2, allRules &^ noFragment, needFragment, 1, mutHashInFragment},
	{"fragment-in-absolute", 2, noFragment, 0, 1, mutFragmentInAbsolute},
	{"scheme-digit", 2, schemeRules, needScheme, 1, mutSchemeDigit},
	{"scheme-char", 2, schemeRules, needScheme, 2, mutSchemeChar},
	{"missing-scheme", 3, absoluteRules, 0, 0, mutMissingScheme},
	{"unexpected-scheme", 3, relativeRules, 0, 6, mutUnexpectedScheme},
	{"colon-in-first-segment", 2, refRules | relativeRules, needNoscheme, 1, mutColonInFirstSegment},
	{"port-letter", 2, allRules, needPort, 1, mutPortLetter},
	{"port-colon", 1, allRules, needPort, 1, mutPortColon},
	{"bad-percent", 4, allRules, 0, 6, mutBadPercent},
	{"bad-utf8", 3, iriRules, 0, 4, mutBadUTF8},
	{"surrogate", 2, iriRules, 0, 3, mutSurrogate},
	{"not-ucschar", 2, iriRules, 0, 4, mutNotUcschar},
	{"iprivate", 2, iriRules, 0, 4, mutIPrivate},
	{"bidi", 2, iriRules, 0, 3, mutBidi},
	{"non-ascii", 4, uriRules, 0, 4, mutNonASCII},
	{"ipv6-piece-count", 1, allRules, needIPv6, 24, mutIPv6PieceCount},
	{"ipv6-double-colon", 1, allRules, needIPv6, 24, mutIPv6DoubleColon},
	{"ipv6-long-piece", 1, allRules, needIPv6, 24, mutIPv6LongPiece},
	{"ipv6-bad-char", 1, allRules, needIPv6, 1, mutIPv6BadChar},
	{"ipv6-bad-ipv4", 1, allRules, needIPv6, 24, mutIPv6BadIPv4},
	{"ipv6-zone", 1, allRules, needIPv6, 7, mutIPv6Zone},
	{"ipvfuture-malformed", 1, allRules, needIPLiteral, 24, mutIPvFutureMalformed},
	{"ip-literal-unclosed", 1, allRules, needIPLiteral | needNoPort, 0, mutIPLiteralUnclosed},
	{"after-ip-literal", 1, allRules, needIPLiteral, 1, mutAfterIPLiteral},
}

// Editing the sample in place.

// insert inserts t at offset p of the sample.
func (g *Generator) insert(p int, t string) { g.replace(p, p, t) }

// replace replaces the sample's bytes [p, q) with t.
func (g *Generator) replace(p, q int, t string) {
	p, q = p+g.base, q+g.base
	n := len(g.b)
	tail := n - q
	if d := len(t) - (q - p); d > 0 {
		for k := 0; k < d; k++ {
			g.b = append(g.b, 0)
		}
		copy(g.b[p+len(t):], g.b[q:n])
	} else {
		copy(g.b[p+len(t):], g.b[q:n])
		g.b = g.b[:p+len(t)+tail]
	}
	copy(g.b[p:], t)
}

// boundary reports whether offset p of the valid sample lies between two
// units: not inside a UTF-8 character, a pct-encoded triplet or an
// IP-literal.
func (g *Generator) boundary(p int) bool {
	s := g.sample()
	if p < 0 || p > len(s) {
		return false
	}
	if p < len(s) && !utf8.RuneStart(s[p]) {
		return false
	}
	if p >= 1 && s[p-1] == '%' || p >= 2 && s[p-2] == '%' {
		return false
	}
	k := g.res.HostKind
	return !(k == scanner.HostIPv6 || k == scanner.HostIPvFuture) || p <= int(g.res.HostStart) || p >= int(g.res.HostEnd)
}

// posIn draws a unit boundary in [lo, hi].
func (g *Generator) posIn(lo, hi int) (int, bool) {
	if hi < lo {
		return 0, false
	}
	for try := 0; try < 8; try++ {
		if p := lo + g.intn(hi-lo+1); g.boundary(p) {
			return p, true
		}
	}
	return 0, false
}

// The components' spans in the valid sample: [lo, hi].
func (g *Generator) pathSpan() (int, int) { return int(g.res.PathStart), int(g.res.PathEnd) }
func (g *Generator) tailSpan() (int, int) { return int(g.res.PathStart), len(g.sample()) }

// posData draws a boundary in a component that holds data characters:
// iuserinfo, an ireg-name, the path, the query or the fragment. inQuery
// says whether the query may be drawn.
func (g *Generator) posData(inQuery bool) (int, bool) {
	r := &g.res
	for try := 0; try < 4; try++ {
		switch k := g.intn(6); {
		case k == 0 && r.Parts&scanner.HasUserinfo != 0:
			return g.posIn(int(r.AuthorityStart), int(r.UserinfoEnd))
		case k == 1 && r.Parts&scanner.HasAuthority != 0 && r.HostKind == scanner.HostRegName:
			return g.posIn(int(r.HostStart), int(r.HostEnd))
		case k == 2 && r.Parts&scanner.HasQuery != 0 && inQuery:
			return g.posIn(int(r.QueryStart), int(r.QueryEnd))
		case k == 3 && r.Parts&scanner.HasFragment != 0:
			return g.posIn(int(r.FragmentStart), len(g.sample()))
		case k >= 4:
			return g.posIn(g.pathSpan())
		}
	}
	return g.posIn(g.pathSpan())
}

// Labelling the result.

// failWalk labels a sample changed by ASCII bytes alone by walking the
// DFA over it; false means the change left it valid.
func (g *Generator) failWalk() bool {
	w := walk(g.sample(), g.rule, -1, nil)
	if !w.failed() {
		return false
	}
	g.res = w.err
	return true
}

// failUnit labels a sample with a unit inserted at p that one of the
// scanner's sub-steps rejects with code (a bad triplet, a bad UTF-8
// sequence or code point): unless the DFA rejects its first byte there
// already, as it does in a scheme, a port or an RFC 3986 rule.
func (g *Generator) failUnit(p int, code scanner.Code) bool {
	s := g.sample()
	w := walk(s, g.rule, p, nil)
	if w.failed() || w.done {
		return false
	}
	_, trans := dfa(g.rule)
	e := trans[int(w.state)*tables.NumClasses+int(tables.Class[s[p]])]
	switch next := e & tables.StateMask; {
	case next == tables.StateError:
		g.res = dfaError(w.state, e, p, w.mark)
	case e&tables.SubBit != 0:
		g.res = scanner.Result{Code: code, Component: scanner.Component(tables.StateComponent[next]), Offset: int32(p)}
	default:
		return false
	}
	return true
}

// fail labels a sample the IP-literal sub-step rejects at p.
func (g *Generator) fail(p int, code scanner.Code) bool {
	g.res = scanner.Result{Code: code, Component: scanner.ComponentHost, Offset: int32(p)}
	return true
}

// The mutations.

// forbiddenBytes are the bytes no component allows: controls, space,
// DEL and "\"<>\\^`{|}". LF and CR are left out, so that every sample
// stays one line.
const forbiddenBytes = "\x00\x01\t\x0b\x0c\x1b\x1f\x7f\"<>\\^`{|}"

func mutForbiddenByte(g *Generator) bool {
	p, ok := g.posIn(0, len(g.sample()))
	if !ok {
		return false
	}
	b := " "
	if g.chance(2, 3) {
		k := g.intn(len(forbiddenBytes))
		b = forbiddenBytes[k : k+1]
	}
	g.insert(p, b)
	return g.failWalk()
}

func mutBackslash(g *Generator) bool {
	s := g.sample()
	n := 0
	for _, c := range s[:g.res.PathEnd] {
		if c == '/' {
			n++
		}
	}
	if n == 0 {
		return false
	}
	k := g.intn(n)
	for i, c := range s[:g.res.PathEnd] {
		if c == '/' {
			if k == 0 {
				s[i] = '\\'
				break
			}
			k--
		}
	}
	return g.failWalk()
}

func mutBracket(g *Generator) bool {
	p, ok := g.posData(true)
	// A '[' where a host starts would open an IP-literal.
	if !ok || g.res.Parts&scanner.HasAuthority != 0 && (p == int(g.res.AuthorityStart) || p == int(g.res.HostStart)) {
		return false
	}
	g.insert(p, "[]"[g.intn(2):][:1])
	return g.failWalk()
}

func mutSecondAt(g *Generator) bool {
	p, ok := g.posIn(int(g.res.HostStart), int(g.res.HostEnd))
	if !ok {
		return false
	}
	g.insert(p, "@")
	return g.failWalk()
}

func mutHashInFragment(g *Generator) bool {
	p, ok := g.posIn(int(g.res.FragmentStart), len(g.sample()))
	if !ok {
		return false
	}
	g.insert(p, "#")
	return g.failWalk()
}

func mutFragmentInAbsolute(g *Generator) bool {
	p, ok := g.posIn(g.tailSpan())
	if !ok {
		return false
	}
	g.insert(p, "#")
	return g.failWalk()
}

func mutSchemeDigit(g *Generator) bool {
	g.insert(0, "0123456789"[g.intn(10):][:1])
	return g.failWalk()
}

func mutSchemeChar(g *Generator) bool {
	p := 1 + g.intn(int(g.res.SchemeEnd))
	c := "_~!*'=@"[g.intn(7):][:1]
	if !g.rule.ASCII() && g.opts.Script != ScriptASCII && g.chance(1, 4) {
		c = "\u00e9"
	}
	g.insert(p, c)
	return g.failWalk()
}

func mutMissingScheme(g *Generator) bool {
	g.replace(0, int(g.res.SchemeEnd)+1, "")
	return g.failWalk()
}

func mutUnexpectedScheme(g *Generator) bool {
	g.insert(0, [...]string{"http:", "a:", "urn:", "file:"}[g.intn(4)])
	return g.failWalk()
}

func mutColonInFirstSegment(g *Generator) bool {
	s := g.sample()
	end := int(g.res.PathEnd)
	for i := int(g.res.PathStart); i < end; i++ {
		if s[i] == '/' {
			end = i
			break
		}
	}
	p, ok := g.posIn(int(g.res.PathStart), end)
	if !ok {
		p = 0
	}
	g.insert(p, ":")
	if g.failWalk() {
		return true
	}
	// Before it, an IRI-reference read a scheme: put it first instead.
	g.replace(p, p+1, "")
	g.insert(0, ":")
	return g.failWalk()
}

func mutPortLetter(g *Generator) bool {
	p, ok := g.posIn(int(g.res.PortStart), int(g.res.PathStart))
	if !ok {
		return false
	}
	g.insert(p, "aOlx"[g.intn(4):][:1])
	return g.failWalk()
}

func mutPortColon(g *Generator) bool {
	p, ok := g.posIn(int(g.res.PortStart), int(g.res.PathStart))
	if !ok {
		return false
	}
	g.insert(p, ":")
	return g.failWalk()
}

// badPercents are '%' not followed by two HEXDIG; the short ones are
// checked against what follows them.
var badPercents = []string{"%", "%4", "%G0", "%0g", "%%", "%u00E9", "% 1", "%-1", "%x"}

func mutBadPercent(g *Generator) bool {
	p, ok := g.posData(true)
	if !ok {
		return false
	}
	t := badPercents[g.intn(len(badPercents))]
	g.insert(p, t)
	if s := g.sample(); p+2 < len(s) && ascii.IsHex(s[p+1]) && ascii.IsHex(s[p+2]) {
		g.replace(p, p+len(t), "%G0")
	}
	return g.failUnit(p, scanner.CodePercent)
}

// badUTF8 are ill-formed sequences: stray continuation bytes, bytes that
// never occur, overlong forms, a code point past U+10FFFF, and sequences
// cut short (what follows a unit is never a continuation byte).
var badUTF8 = []string{
	"\x80", "\xbf", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xf0\x80\x80\xaf",
	"\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xfe", "\xff", "\xc3", "\xe4\xb8", "\xf0\x9f\x98",
}

func mutBadUTF8(g *Generator) bool {
	p, ok := g.posData(true)
	if !ok {
		return false
	}
	g.insert(p, badUTF8[g.intn(len(badUTF8))])
	return g.failUnit(p, scanner.CodeUTF8)
}

func mutSurrogate(g *Generator) bool {
	p, ok := g.posData(true)
	if !ok {
		return false
	}
	// U+D800..U+DFFF in the three bytes UTF-8 would give them (CESU-8).
	var u [3]byte
	r := 0xD800 + g.intn(0x800)
	u[0], u[1], u[2] = 0xED, byte(0x80|r>>6&0x3F), byte(0x80|r&0x3F)
	g.insert(p, string(u[:]))
	return g.failUnit(p, scanner.CodeUTF8)
}

// insertRune inserts a character that pick draws at a data position
// (not in the query unless inQuery) and labels the sample with the error
// the scanner gives it there: code, where characters beyond ASCII are
// allowed.
func (g *Generator) insertRune(inQuery bool, pick func() rune, code scanner.Code) bool {
	p, ok := g.posData(inQuery)
	if !ok {
		return false
	}
	var u [4]byte
	n := utf8.EncodeRune(u[:], pick())
	g.insert(p, string(u[:n]))
	return g.failUnit(p, code)
}

func mutNotUcschar(g *Generator) bool {
	return g.insertRune(true, func() rune { r, _ := g.pick(notUcscharSpans[:], 2); return r }, scanner.CodeCodePoint)
}

func mutIPrivate(g *Generator) bool {
	return g.insertRune(false, func() rune { r, _ := g.pick(iprivateSpans[:], 2); return r }, scanner.CodePrivate)
}

func mutBidi(g *Generator) bool {
	return g.insertRune(true, func() rune { return bidiFormatting[g.intn(len(bidiFormatting))] }, scanner.CodeBidi)
}

func mutNonASCII(g *Generator) bool {
	return g.insertRune(true, func() rune {
		if g.opts.Script == ScriptASCII {
			return 0xE9 // é
		}
		r, _ := g.ucschar()
		return r
	}, scanner.CodeNonASCII)
}
