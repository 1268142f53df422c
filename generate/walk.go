package generate

import (
	"unicode/utf8"

	"github.com/irikit/iri/scanner"
	"github.com/irikit/iri/tables"
)

// The generator reads the scanner's own DFA backwards: to learn in which
// state a position of a sample lies, and where and why a mutated sample
// fails, it walks the transition tables of package tables over it. The
// walk takes pct-encoded triplets, UTF-8 characters and IP-literals as
// whole units, as the scanner's sub-steps do, and trusts them to be
// well-formed: the generator wrote them, except the one unit a mutation
// inserts, whose error it knows.

// walkEnd is where a walk stopped.
type walkEnd struct {
	state uint32 // the state at the stop offset, if no error
	mark  int    // the offset SlotMark recorded, -1 if none
	done  bool   // the whole input was accepted
	err   scanner.Result
}

// failed reports whether the walk found an error.
func (w *walkEnd) failed() bool { return w.err.Code != scanner.CodeOK }

// dfa returns the start state and transition table the scanner runs for
// rule, IRI-reference's for an unknown rule as Scan has it.
func dfa(rule scanner.Rule) (uint32, *[tables.NumStates * tables.NumClasses]uint32) {
	if int(rule) >= tables.NumRules {
		rule = scanner.IRIReference
	}
	t := &tables.Rules[rule]
	return t.Start, t.Trans
}

// walk runs rule's DFA over s from its start until offset stop (a unit
// boundary), the end of s, or an error. visited, if not nil, collects a
// bit per state entered.
func walk(s []byte, rule scanner.Rule, stop int, visited *uint32) walkEnd {
	st, trans := dfa(rule)
	w := walkEnd{mark: -1}
	i := 0
	for {
		if visited != nil {
			*visited |= 1 << st
		}
		if i == stop {
			w.state = st
			return w
		}
		c := uint8(tables.ClassEnd)
		if i < len(s) {
			c = tables.Class[s[i]]
		}
		e := trans[int(st)*tables.NumClasses+int(c)]
		if e>>tables.SlotShift&tables.SlotMask == tables.SlotMark {
			w.mark = i
		}
		next := e & tables.StateMask
		switch {
		case next == tables.StateDone:
			w.done = true
			return w
		case next == tables.StateError:
			w.err = dfaError(st, e, i, w.mark)
			return w
		case e&tables.SubBit == 0:
			i++
		case c == tables.ClassPercent:
			i += 3
		case c == tables.ClassNonASCII:
			r, size := utf8.DecodeRune(s[i:])
			if next != tables.StateQuery && inSpans(r, iprivateSpans[:]) {
				w.err = scanner.Result{Code: scanner.CodePrivate, Component: scanner.Component(tables.StateComponent[next]), Offset: int32(i)}
				return w
			}
			i += size
		default: // '[' starts an IP-literal, which ends at the next ']'
			if visited != nil {
				*visited |= 1 << tables.StateIPLiteral
			}
			for i < len(s) && s[i] != ']' {
				i++
			}
			i++
			next = tables.StateAfterIPLiteral
		}
		st = next
	}
}

// dfaError is the error a transition e to StateError from state st on the
// byte at i reports, as the scanner reports it.
func dfaError(st, e uint32, i, mark int) scanner.Result {
	code := uint8(e >> tables.CodeShift)
	comp := tables.StateComponent[st]
	switch {
	case code&tables.CodeAtMark != 0:
		i, comp = mark, tables.ComponentPort
	case code == tables.CodeFragment:
		comp = tables.ComponentFragment
	}
	return scanner.Result{Code: scanner.Code(code &^ tables.CodeAtMark), Component: scanner.Component(comp), Offset: int32(i)}
}
