package fuzz

import (
	"regexp/syntax"
	"sync"
	"unicode/utf8"
)

// The oracle's regexps answer only "does the whole string match". To
// check where a parser rejects its input, the tests also need the longest
// prefix that some string matching the rule starts with: run as a
// Thompson NFA over the compiled regexp program, a prefix is viable while
// some thread is alive. Every instruction of these programs can reach the
// match (no rule has an empty alternative that dead-ends), so a live
// thread means a completion exists.

// prefixProg is a rule's regexp program, for prefix runs.
type prefixProg struct{ p *syntax.Prog }

var (
	prefixProgsOnce sync.Once
	prefixProgs     map[string]prefixProg
)

// prefixOracle returns the program of the rule named rule.
func prefixOracle(rule string) prefixProg {
	prefixProgsOnce.Do(func() {
		prefixProgs = map[string]prefixProg{}
		for name, src := range oracleSources {
			re, err := syntax.Parse(`^(?:`+src+`)$`, syntax.Perl)
			if err != nil {
				panic(err)
			}
			p, err := syntax.Compile(re.Simplify())
			if err != nil {
				panic(err)
			}
			prefixProgs[name] = prefixProg{p}
		}
	})
	return prefixProgs[rule]
}

// threads is a set of program counters, in insertion order.
type threads struct {
	on  []bool
	pcs []uint32
}

func (t *threads) reset(n int) {
	if len(t.on) < n {
		t.on = make([]bool, n)
	}
	for _, pc := range t.pcs {
		t.on[pc] = false
	}
	t.pcs = t.pcs[:0]
}

// add adds pc and everything it reaches without reading a rune; at says
// whether the input is at its start.
func (p prefixProg) add(t *threads, pc uint32, atStart bool) {
	if t.on[pc] {
		return
	}
	t.on[pc] = true
	t.pcs = append(t.pcs, pc)
	in := &p.p.Inst[pc]
	switch in.Op {
	case syntax.InstAlt, syntax.InstAltMatch:
		p.add(t, in.Out, atStart)
		p.add(t, in.Arg, atStart)
	case syntax.InstCapture, syntax.InstNop:
		p.add(t, in.Out, atStart)
	case syntax.InstEmptyWidth:
		// Only ^ and $ occur: ^ holds at the start, and $ is kept
		// (it leads to the match, which the end of input decides).
		if syntax.EmptyOp(in.Arg)&(syntax.EmptyBeginText|syntax.EmptyBeginLine) == 0 || atStart {
			p.add(t, in.Out, atStart)
		}
	}
}

// firstDead runs the program over s. It returns -1 when s matches the
// rule; otherwise the byte offset of the first character no string of
// the rule can have there (the end of s when s is a viable prefix that
// stops too soon).
func (p prefixProg) firstDead(s string) int {
	var cur, next threads
	cur.reset(len(p.p.Inst))
	next.reset(len(p.p.Inst))
	p.add(&cur, uint32(p.p.Start), true)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		next.reset(len(p.p.Inst))
		for _, pc := range cur.pcs {
			in := &p.p.Inst[pc]
			switch in.Op {
			case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
				if in.MatchRune(r) {
					p.add(&next, in.Out, false)
				}
			}
		}
		if len(next.pcs) == 0 {
			return i
		}
		cur, next = next, cur
		i += size
	}
	for _, pc := range cur.pcs {
		if p.p.Inst[pc].Op == syntax.InstMatch {
			return -1
		}
	}
	return len(s)
}
