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

// Actions are bits the scanner acts on when a transition fires.
var actions = []struct{ name, doc string }{
	{"ActScheme", "the ':' at i ends scheme"},
	{"ActAuthority", "the \"//\" ending at i starts iauthority at i+1"},
	{"ActColon", "the ':' at i may start port"},
	{"ActUserinfo", "the '@' at i ends iuserinfo; ihost starts at i+1"},
	{"ActAuthorityEnd", "iauthority ends at i; settle ihost and port"},
	{"ActQuery", "the '?' at i starts iquery"},
	{"ActFragment", "the '#' at i starts ifragment"},
	{"ActMark", "remember i: if no '@' follows, the error is here"},
	{"ActSub", "the byte at i starts a sub-step: pct-encoded, a UTF-8 sequence or IP-literal"},
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
func act(name string) uint16 {
	return 1 << indexOf(actions, name, func(a struct{ name, doc string }) string { return a.name })
}
func code(name string) uint16 {
	return uint16(indexOf(codes, name, func(c struct{ name, doc string }) string { return c.name }))
}

// An edge is one transition: to a state (with actions), to done, or to an
// error with a code.
type edge struct {
	next   int // state index, stateDone or stateError
	act    uint16
	code   uint16
	atMark bool // the error belongs at the ActMark offset, not at i
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
	to := func(name string, acts ...string) edge {
		e := edge{next: st(name)}
		for _, a := range acts {
			e.act |= act(a)
		}
		return e
	}
	done := func(acts ...string) edge {
		e := edge{next: stateDone}
		for _, a := range acts {
			e.act |= act(a)
		}
		return e
	}
	fail := func(c string) edge { return edge{next: stateError, code: code(c)} }

	// endOfPath handles what may end an ipath or start the components
	// after it.
	endOfPath := func(extra ...string) (edge, bool) {
		switch {
		case y.end:
			return done(extra...), true
		case y.delim == '?':
			return to("StateQuery", append(extra, "ActQuery")...), true
		case y.delim == '#':
			return to("StateFragment", append(extra, "ActFragment")...), true
		}
		return edge{}, false
	}
	// endOfAuthority also lets '/' start ipath-abempty.
	endOfAuthority := func() (edge, bool) {
		if y.delim == '/' {
			return to("StatePath", "ActAuthorityEnd"), true
		}
		return endOfPath("ActAuthorityEnd")
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
			return to("StateAfterScheme", "ActScheme")
		}
		return fail("CodeScheme")
	case "StateSchemeOrSeg":
		switch {
		case y.has("ProdScheme"):
			return to("StateSchemeOrSeg")
		case y.delim == ':':
			return to("StateAfterScheme", "ActScheme")
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
			return to("StateAuthStart", "ActAuthority")
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
			return to("StateHostStart", "ActUserinfo")
		case y.delim == ':':
			return to("StateAuthColon", "ActColon")
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
			return to("StateHostStart", "ActUserinfo")
		case y.delim == ':' || y.regChar():
			return to("StateUserinfo", "ActMark")
		}
		if e, ok := endOfAuthority(); ok {
			return e
		}
		return fail("CodePort")
	case "StateUserinfo":
		switch {
		case y.delim == '@':
			return to("StateHostStart", "ActUserinfo")
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
			return to("StatePort", "ActColon")
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
			return to("StatePort", "ActColon")
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
			return to("StateFragment", "ActFragment")
		case y.end:
			return done()
		}
		return fail("CodeChar")
	}
	panic("no transitions for " + states[from].name)
}

// Entries of the transition table: the low five bits are the next state
// (or StateDone, StateError), the rest the actions, or for StateError the
// error code, with CodeAtMark when the error belongs at the marked offset.
// An entry below NumStates is thus a plain move: no action, no sub-step.
func encodeEdge(e edge) uint16 {
	hi := e.act
	if e.next == len(states)+1 {
		hi = e.code
		if e.atMark {
			hi |= codeAtMark
		}
	}
	return hi<<stateBits | uint16(e.next)
}

const (
	stateBits  = 5
	codeAtMark = 0x80
)

// buildDFA returns the transition table, indexed [state*numSyms+class]
// where the last class is the end of input, and the stay masks: bit s of
// stay[b] says byte b keeps the scanner in state s with nothing to record
// and no sub-step, so runs of such bytes can be skipped without the table.
func buildDFA(classes []byteClass, classOf [256]uint8) (trans []uint16, stay [256]uint32) {
	if len(states)+2 > 1<<stateBits {
		fail("%d states do not fit %d bits", len(states), stateBits)
	}
	if len(actions) > 16-stateBits || len(codes) >= codeAtMark {
		fail("actions or codes do not fit a transition entry")
	}
	numSyms := len(classes) + 1
	trans = make([]uint16, len(states)*numSyms)
	for s := range states {
		for c := 0; c < numSyms; c++ {
			var y sym
			if c == len(classes) {
				y.end = true
			} else {
				y = sym{bits: classes[c].bits, delim: classes[c].delim}
			}
			e := transition(s, y)
			if e.next < len(states) && (y.delim == '%' || y.has("ProdNonASCII") || states[e.next].name == "StateIPLiteral") {
				e.act |= act("ActSub")
			}
			trans[s*numSyms+c] = encodeEdge(e)
		}
	}
	for b := 0; b < 256; b++ {
		c := classOf[b]
		if classes[c].delim == '%' || classes[c].bits&prodBit("ProdNonASCII") != 0 {
			continue
		}
		for s := range states {
			if trans[s*numSyms+int(c)] == uint16(s) {
				stay[b] |= 1 << s
			}
		}
	}
	return trans, stay
}
