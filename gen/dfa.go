package main

// The DFA over byte classes that recognises the structure of RFC 3987 2.2
// IRI-reference, IRI, absolute-IRI and irelative-ref (and so the RFC 3986
// URI rules, which differ only in allowing no non-ASCII). The scanner does
// the rest with small sub-steps: '%' HEXDIG HEXDIG, one UTF-8 code point
// classified by the UTF-8 trie, and IP literals.

type state struct {
	name, doc string
	component string // where an error in this state is reported
}

var states = []state{
	{"StateRefStart", "start of IRI-reference: scheme or irelative-ref", "ComponentPath"},
	{"StateRelStart", "start of irelative-ref", "ComponentPath"},
	{"StateIRIStart", "start of IRI and absolute-IRI: scheme is required", "ComponentScheme"},
	{"StateScheme", "inside scheme, ':' required", "ComponentScheme"},
	{"StateSchemeOrSeg", "IRI-reference: scheme characters so far; ':' makes them a scheme", "ComponentPath"},
	{"StateNoSchemeSeg", "first segment of ipath-noscheme: no ':' (isegment-nz-nc)", "ComponentPath"},
	{"StateAfterScheme", "just after scheme \":\"", "ComponentPath"},
	{"StateSlash1", "just after a first '/': a second one starts iauthority", "ComponentPath"},
	{"StatePath", "ipath after its first character: ipchar and '/'", "ComponentPath"},
	{"StateAuthStart", "just after \"//\"", "ComponentAuthority"},
	{"StateAuth", "iuserinfo or ihost, undecided until '@' or the end of iauthority", "ComponentAuthority"},
	{"StateAuthColon", "iuserinfo or ihost \":\" port: only digits since the first ':'", "ComponentPort"},
	{"StateUserinfo", "iuserinfo: an '@' must follow", "ComponentUserinfo"},
	{"StateHostStart", "just after iuserinfo \"@\"", "ComponentHost"},
	{"StateHost", "ireg-name or IPv4address after iuserinfo \"@\"", "ComponentHost"},
	{"StatePort", "port = *DIGIT", "ComponentPort"},
	{"StateIPLiteral", "'[' seen; the scanner's IP-literal sub-step takes over", "ComponentHost"},
	{"StateAfterIPLiteral", "after IP-literal: ':' port or end of iauthority", "ComponentHost"},
	{"StateQuery", "iquery", "ComponentQuery"},
	{"StateFragment", "ifragment", "ComponentFragment"},
}

// Slots name the delimiters whose offsets the scanner records. A
// transition records at most one, and the scanner derives every component
// boundary from them once the input has been read.
var slots = []struct{ name, doc string }{
	{"SlotNone", "nothing to record"},
	{"SlotScheme", "the ':' that ends scheme"},
	{"SlotAuthority", "the second '/' of the \"//\" that starts iauthority"},
	{"SlotColon", "a ':' in iauthority that may start port (it does if it follows any '@')"},
	{"SlotUserinfo", "the '@' that ends iuserinfo"},
	{"SlotPath", "the '/' that ends iauthority and starts ipath-abempty"},
	{"SlotQuery", "the '?' that starts iquery"},
	{"SlotFragment", "the '#' that starts ifragment"},
	{"SlotMark", "where a port turned out not to be one: the error, if no '@' follows"},
}

// Error codes the DFA can produce; the scanner adds its own after these.
var codes = []struct{ name, doc string }{
	{"CodeOK", "no error"},
	{"CodeSchemeStart", "scheme must start with ALPHA"},
	{"CodeScheme", "expected a scheme character or ':'"},
	{"CodeColonInFirstSegment", "':' in the first segment of a relative reference (ipath-noscheme)"},
	{"CodeChar", "character not allowed in this component"},
	{"CodePort", "port allows only DIGIT"},
	{"CodeAfterIPLiteral", "expected ':' port or the end of iauthority after ']'"},
	{"CodePercent", "'%' not followed by two HEXDIG (pct-encoded)"},
	{"CodeUTF8", "ill-formed UTF-8"},
	{"CodeCodePoint", "code point outside ucschar and iprivate"},
	{"CodePrivate", "iprivate outside iquery"},
	{"CodeBidi", "bidi formatting character (RFC 3987 4.1)"},
	{"CodeNonASCII", "non-ASCII in a URI rule (RFC 3986)"},
	{"CodeFragment", "'#' ifragment not allowed by absolute-IRI"},
	{"CodeIPLiteral", "malformed IP-literal (IPv6address or IPvFuture)"},
	{"CodeIPLiteralEnd", "IP-literal without its closing ']'"},
	{"CodeTooLong", "input of 2 GiB or more; offsets are int32"},
}

var components = []struct{ name, doc string }{
	{"ComponentNone", "no component"},
	{"ComponentScheme", "scheme"},
	{"ComponentAuthority", "iauthority, before it is known to be iuserinfo or ihost"},
	{"ComponentUserinfo", "iuserinfo"},
	{"ComponentHost", "ihost"},
	{"ComponentPort", "port"},
	{"ComponentPath", "ipath"},
	{"ComponentQuery", "iquery"},
	{"ComponentFragment", "ifragment"},
}

func indexOf[T any](xs []T, name string, key func(T) string) int {
	for i, x := range xs {
		if key(x) == name {
			return i
		}
	}
	panic("unknown name " + name)
}

func st(name string) int { return indexOf(states, name, func(s state) string { return s.name }) }
func slot(name string) uint32 {
	return uint32(indexOf(slots, name, func(a struct{ name, doc string }) string { return a.name }))
}
func code(name string) uint32 {
	return uint32(indexOf(codes, name, func(c struct{ name, doc string }) string { return c.name }))
}

// An edge is one transition: to a state (recording a slot), to done, or
// to an error with a code.
type edge struct {
	next   int // state index, stateDone or stateError
	slot   uint32
	code   uint32
	atMark bool // the error belongs at the SlotMark offset, not at i
}

// sym is what the transition function sees of an input symbol.
type sym struct {
	bits  uint16
	delim byte // gen-delim or '%'
	end   bool
}

func (y sym) has(p string) bool { return y.bits&prodBit(p) != 0 }

// iunreserved plus what joins it in ireg-name and iuserinfo. Non-ASCII
// counts here; its UTF-8 sub-step rejects what is not ucschar.
func (y sym) regChar() bool {
	return y.has("ProdUnreserved") || y.has("ProdSubDelims") || y.has("ProdPct") || y.has("ProdNonASCII")
}

// isegment-nz-nc characters.
func (y sym) pcharNC() bool { return y.regChar() || y.delim == '@' }

// ipchar.
func (y sym) pchar() bool { return y.pcharNC() || y.delim == ':' }

// transition is the DFA, written per state as the ABNF reads.
func transition(from int, y sym) edge {
	stateDone, stateError := len(states), len(states)+1
	to := func(name string, slots ...string) edge {
		e := edge{next: st(name)}
		for _, a := range slots {
			e.slot = slot(a)
		}
		return e
	}
	done := func() edge { return edge{next: stateDone} }
	fail := func(c string) edge { return edge{next: stateError, code: code(c)} }

	// endOfPath handles what may end an ipath or start the components
	// after it.
	endOfPath := func() (edge, bool) {
		switch {
		case y.end:
			return done(), true
		case y.delim == '?':
			return to("StateQuery", "SlotQuery"), true
		case y.delim == '#':
			return to("StateFragment", "SlotFragment"), true
		}
		return edge{}, false
	}
	// endOfAuthority also lets '/' start ipath-abempty. Where iauthority
	// ends is the first of SlotPath, SlotQuery, SlotFragment or the end.
	endOfAuthority := func() (edge, bool) {
		if y.delim == '/' {
			return to("StatePath", "SlotPath"), true
		}
		return endOfPath()
	}

	switch states[from].name {
	case "StateRefStart", "StateRelStart":
		switch {
		case y.has("ProdALPHA") && states[from].name == "StateRefStart":
			return to("StateSchemeOrSeg")
		case y.delim == '/':
			return to("StateSlash1")
		case y.delim == ':':
			return fail("CodeColonInFirstSegment")
		case y.pcharNC():
			return to("StateNoSchemeSeg")
		}
		if e, ok := endOfPath(); ok {
			return e
		}
		return fail("CodeChar")
	case "StateIRIStart":
		if y.has("ProdALPHA") {
			return to("StateScheme")
		}
		return fail("CodeSchemeStart")
	case "StateScheme":
		switch {
		case y.has("ProdScheme"):
			return to("StateScheme")
		case y.delim == ':':
			return to("StateAfterScheme", "SlotScheme")
		}
		return fail("CodeScheme")
	case "StateSchemeOrSeg":
		switch {
		case y.has("ProdScheme"):
			return to("StateSchemeOrSeg")
		case y.delim == ':':
			return to("StateAfterScheme", "SlotScheme")
		case y.delim == '/':
			return to("StatePath")
		case y.pcharNC():
			return to("StateNoSchemeSeg")
		}
		if e, ok := endOfPath(); ok {
			return e
		}
		return fail("CodeChar")
	case "StateNoSchemeSeg":
		switch {
		case y.pcharNC():
			return to("StateNoSchemeSeg")
		case y.delim == ':':
			return fail("CodeColonInFirstSegment")
		case y.delim == '/':
			return to("StatePath")
		}
		if e, ok := endOfPath(); ok {
			return e
		}
		return fail("CodeChar")
	case "StateAfterScheme", "StateSlash1", "StatePath":
		switch {
		case y.delim == '/' && states[from].name == "StateSlash1":
			return to("StateAuthStart", "SlotAuthority")
		case y.delim == '/' && states[from].name == "StateAfterScheme":
			return to("StateSlash1")
		case y.pchar() || y.delim == '/':
			return to("StatePath")
		}
		if e, ok := endOfPath(); ok {
			return e
		}
		return fail("CodeChar")
	case "StateAuthStart", "StateAuth":
		switch {
		case y.delim == '[' && states[from].name == "StateAuthStart":
			return to("StateIPLiteral")
		case y.delim == '@':
			return to("StateHostStart", "SlotUserinfo")
		case y.delim == ':':
			return to("StateAuthColon", "SlotColon")
		case y.regChar():
			return to("StateAuth")
		}
		if e, ok := endOfAuthority(); ok {
			return e
		}
		return fail("CodeChar")
	case "StateAuthColon":
		switch {
		case y.has("ProdDIGIT"):
			return to("StateAuthColon")
		case y.delim == '@':
			return to("StateHostStart", "SlotUserinfo")
		case y.delim == ':' || y.regChar():
			return to("StateUserinfo", "SlotMark")
		}
		if e, ok := endOfAuthority(); ok {
			return e
		}
		return fail("CodePort")
	case "StateUserinfo":
		switch {
		case y.delim == '@':
			return to("StateHostStart", "SlotUserinfo")
		case y.delim == ':' || y.regChar():
			return to("StateUserinfo")
		}
		if _, ok := endOfAuthority(); ok {
			e := fail("CodePort")
			e.atMark = true
			return e
		}
		return fail("CodeChar")
	case "StateHostStart", "StateHost":
		switch {
		case y.delim == '[' && states[from].name == "StateHostStart":
			return to("StateIPLiteral")
		case y.delim == ':':
			return to("StatePort", "SlotColon")
		case y.regChar():
			return to("StateHost")
		}
		if e, ok := endOfAuthority(); ok {
			return e
		}
		return fail("CodeChar")
	case "StatePort":
		if y.has("ProdDIGIT") {
			return to("StatePort")
		}
		if e, ok := endOfAuthority(); ok {
			return e
		}
		return fail("CodePort")
	case "StateIPLiteral":
		// Never consulted: the scanner's IP-literal sub-step owns it.
		return fail("CodeIPLiteral")
	case "StateAfterIPLiteral":
		if y.delim == ':' {
			return to("StatePort", "SlotColon")
		}
		if e, ok := endOfAuthority(); ok {
			return e
		}
		return fail("CodeAfterIPLiteral")
	case "StateQuery", "StateFragment":
		switch {
		case y.pchar() || y.delim == '/' || y.delim == '?':
			return to(states[from].name)
		case y.delim == '#' && states[from].name == "StateQuery":
			return to("StateFragment", "SlotFragment")
		case y.end:
			return done()
		}
		return fail("CodeChar")
	}
	panic("no transitions for " + states[from].name)
}

// Layout of a transition table entry.
const (
	stateBits  = 5         // bits 0-4: next state, StateDone or StateError
	slotShift  = stateBits // bits 5-8: the slot to record
	slowBit    = 1 << 9    // anything but a plain move: a sub-step, done or an error
	subBit     = 1 << 10   // the byte starts a sub-step: pct-encoded, UTF-8 or IP-literal
	codeShift  = 16        // bits 16-23: the error code of a StateError entry
	codeAtMark = 0x80      // in the code: the error belongs at SlotMark
)

// encodeEdge packs an edge. An entry without slowBit is a plain move the
// scanner takes inline: record the slot (slot 0 is a dummy) and go on.
func encodeEdge(e edge, sub bool) uint32 {
	v := uint32(e.next) | e.slot<<slotShift
	switch {
	case e.next == len(states)+1:
		c := e.code
		if e.atMark {
			c |= codeAtMark
		}
		v |= slowBit | c<<codeShift
	case e.next == len(states):
		v |= slowBit
	case sub:
		v |= slowBit | subBit
	}
	return v
}

// variants of the transition table: the rules differ from IRI-reference
// only in allowing no fragment (absolute-IRI, absolute-URI) or no
// non-ASCII byte (the RFC 3986 rules), so each variant is the base table
// with those edges turned into errors.
var variants = []struct {
	name, doc         string
	noFragment, ascii bool
}{
	{"Trans", "IRI-reference, IRI and irelative-ref", false, false},
	{"TransNoFragment", "absolute-IRI: '#' ifragment is an error", true, false},
	{"TransASCII", "URI-reference, URI and relative-ref: non-ASCII is an error", false, true},
	{"TransASCIINoFragment", "absolute-URI: both", true, true},
}

// rules are the grammar rules the scanner checks, in the order of package
// scanner's Rule constants: each is a start state and a variant of the
// transition table.
var rules = []struct{ name, start, trans string }{
	{"IRI-reference", "StateRefStart", "Trans"},
	{"IRI", "StateIRIStart", "Trans"},
	{"absolute-IRI", "StateIRIStart", "TransNoFragment"},
	{"irelative-ref", "StateRelStart", "Trans"},
	{"URI-reference", "StateRefStart", "TransASCII"},
	{"URI", "StateIRIStart", "TransASCII"},
	{"absolute-URI", "StateIRIStart", "TransASCIINoFragment"},
	{"relative-ref", "StateRelStart", "TransASCII"},
}

// buildDFA returns the transition tables, one per variant, each indexed
// [state*numSyms+class] where the last class is the end of input, and the
// stay masks: bit s of stay[b] says byte b keeps the scanner in state s
// with nothing to record and no sub-step, so runs of such bytes can be
// skipped without the table. The masks hold for every variant.
func buildDFA(classes []byteClass, classOf [256]uint8) (trans [][]uint32, stay [256]uint32) {
	if len(states)+2 > 1<<stateBits || len(slots) > 16 || len(codes) >= codeAtMark {
		fail("states, slots or codes do not fit a transition entry")
	}
	numSyms := len(classes) + 1
	for _, v := range variants {
		t := make([]uint32, len(states)*numSyms)
		for s := range states {
			for c := 0; c < numSyms; c++ {
				var y sym
				if c == len(classes) {
					y.end = true
				} else {
					y = sym{bits: classes[c].bits, delim: classes[c].delim}
				}
				e := transition(s, y)
				switch {
				case v.noFragment && e.next < len(states) && e.slot == slot("SlotFragment"):
					e = edge{next: len(states) + 1, code: code("CodeFragment")}
				case v.ascii && y.has("ProdNonASCII") && e.next < len(states):
					e = edge{next: len(states) + 1, code: code("CodeNonASCII")}
				}
				sub := e.next < len(states) && (y.delim == '%' || y.has("ProdNonASCII") || states[e.next].name == "StateIPLiteral")
				t[s*numSyms+c] = encodeEdge(e, sub)
			}
		}
		trans = append(trans, t)
	}
	for b := 0; b < 256; b++ {
		c := classOf[b]
		if classes[c].delim == '%' || classes[c].bits&prodBit("ProdNonASCII") != 0 {
			continue
		}
		for s := range states {
			if trans[0][s*numSyms+int(c)] == uint32(s) {
				stay[b] |= 1 << s
			}
			for _, t := range trans[1:] {
				if (t[s*numSyms+int(c)] == uint32(s)) != (stay[b]&(1<<s) != 0) {
					fail("stay masks differ between variants at byte %#02x, state %s", b, states[s].name)
				}
			}
		}
	}
	return trans, stay
}
