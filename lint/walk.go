package lint

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/internal/labels"
	"github.com/irikit/iri/internal/look"
	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/scanner"
)

// linter holds one run of Lint.
type linter struct {
	o   Options
	u   ref
	dst []Violation

	// Bidi state carried from one component to the next (section 4.4
	// example 10 is about neighbours).
	prev compInfo

	// record makes component keep every component it walks in comps,
	// for Display.
	comps []compInfo

	start int // the first violation of this run in dst

	// The flags share a word: Lint zeroes the linter on every call.
	prevFlag bool // prev has been reported as a number component
	record   bool
	// hostNoDash records that the host holds no '-', so no A-label.
	hostNoDash bool
	// passes are the passes run makes; Display's runs skip those whose
	// violations they do not read.
	passes passSet
	// FirstViolation's run (first): add keeps only the first violation,
	// by offset, of severity min or above (best); the passes stop where
	// they can find none before it. It keeps the spans that
	// characterSpans takes from dst in other runs in nb.spansKept, when
	// a normal-form pass will need them (keepSpans). No pointer: any the
	// linter held would escape to the heap with dst; and little, packed,
	// as Lint zeroes all of it on every call.
	first, found, keepSpans bool
	min                     Severity
	bestCheck               Check
	bestSev                 Severity
	// keep, when not 0, is the checks add keeps (keepSets): Display's
	// runs drop the rest rather than build lists they throw away, and
	// ask only whether a host label broke the Bidi Rule or IDNA.
	keep                  keepSet
	sawBidiLabel, sawIDNA bool
	bestOff, bestLen      int32 // the scanner's offsets are int32 too
	bestComp              string
	// interopMsg holds the messages of the interop checks' violations
	// (interopChecks' order), which name the readings.
	interopMsg [len(interopChecks)]string

	// nb is the run's normalization memory, from a pool (buf).
	nb *normBuf
	// AppendViolationsLimit's run (limited) keeps at most perCheck
	// violations of each check, and counts them all, in lim, taken from
	// a pool at the first violation; add appends none to dst, run
	// appends those kept at the end.
	limited  bool
	perCheck int
	lim      *limiter
}

// keepSet names a set of checks in keepSets.
type keepSet uint8

const (
	keepAll   keepSet = iota
	keepFlags         // flagChecks
	keepHost          // hostChecks
)

var keepSets = [...]*[numChecks]bool{keepFlags: &flagChecks, keepHost: &hostChecks}

// buf returns the run's normalization memory.
func (l *linter) buf() *normBuf {
	if l.nb == nil {
		l.nb = normBufs.Get().(*normBuf)
	}
	return l.nb
}

// releaseBuf gives back the run's normalization memory.
func (l *linter) releaseBuf() {
	l.nb.release()
	l.nb = nil
}

// passSet is a set of the passes of run.
type passSet uint8

const (
	passComponents passSet = 1 << iota
	passNFC
	passNFKC
	passPercent
	passAuthority // and the scheme rules
	passAll       = 1<<iota - 1
)

// ref is the reference a run lints: the string and the scanner's
// offsets, which the checks read directly.
type ref struct {
	s string
	r scanner.Result
}

// compInfo is what the bidi rules need to know of one component.
type compInfo struct {
	a, b    int
	comp    string
	rtl     bool // holds an R or AL character
	ltr     bool // holds an L character
	numeric bool // non-empty, and nothing but digits
	bad     bool // breaks a section 4.2 rule
}

func (l *linter) add(c Check, off, n int, comp string) {
	if l.first || l.keep != keepAll || l.limited {
		l.addOther(c, off, n, comp)
		return
	}
	sev := l.o.Severity(c)
	if sev == SeverityOff {
		return
	}
	l.dst = grow(l.dst)
	l.dst = append(l.dst, Violation{Check: c, Severity: sev, Offset: off, Length: n, Component: comp, Message: checkTable[c].message})
}

// addOther is add for FirstViolation's, AppendViolationsLimit's and
// Display's runs.
func (l *linter) addOther(c Check, off, n int, comp string) {
	sev := l.o.Severity(c)
	switch {
	case sev == SeverityOff:
		return
	case l.first || l.limited:
		if l.keepSpans && spanChecks[c] && n > 0 {
			l.nb.spansKept = append(grow(l.nb.spansKept), charSpan{off, off + n})
		}
		if l.limited {
			l.limiter().add(c, sev, off, n, comp)
			return
		}
		if sev >= l.min && (!l.found || off < int(l.bestOff)) {
			l.bestCheck, l.bestSev, l.bestOff, l.bestLen, l.bestComp = c, sev, int32(off), int32(n), comp
			l.found = true
		}
		return
	}
	l.sawBidiLabel = l.sawBidiLabel || c == CheckBidiLabel
	l.sawIDNA = l.sawIDNA || c == CheckHostIDNA
	if keepSets[l.keep][c] {
		l.dst = append(grow(l.dst), Violation{Check: c, Severity: sev, Offset: off, Length: n, Component: comp, Message: checkTable[c].message})
	}
}

// grow makes room in s for one more element, doubling it when full:
// append grows a long slice by a quarter, so that the lists of a
// hostile reference (a violation every few bytes) would allocate five
// times their final size on the way.
func grow[E any](s []E) []E {
	if len(s) < cap(s) {
		return s
	}
	return slices.Grow(s, max(len(s), 8))
}

// settled reports, in FirstViolation's run, that a violation at offset
// off or after cannot come before the one found.
func (l *linter) settled(off int) bool {
	return l.first && l.found && off >= int(l.bestOff)
}

// AppendViolations is Lint appending to dst. It allocates nothing when s
// is clean or dst has room, but where x/net must run (IDNA on a
// non-ASCII host that the generated table cannot vouch for), to sort a
// list that the passes left out of order, and for the message of a
// syntax error. The normalization checks reuse pooled buffers.
func (o Options) AppendViolations(dst []Violation, s string) []Violation {
	// Not a composite literal: the compiler builds one this large aside
	// and copies it, a fifth of the time of a short reference.
	var l linter
	l.o, l.dst, l.passes = o, dst, passAll
	l.run(s)
	return l.dst
}

// FirstViolation returns the first violation Lint would report for s
// (in its order, by offset) whose severity is min or above, and false
// when there is none. It is the question of a server that refuses such
// references, answered without the list: it keeps no violation below
// min, skips the normalization passes when their checks are below min,
// and stops each pass where it can find nothing earlier. It allocates
// nothing but where x/net must run (IDNA on a non-ASCII host the
// generated table cannot vouch for) and for the message of a syntax
// error. A min of SeverityOff counts as SeverityInfo.
func (o Options) FirstViolation(s string, min Severity) (Violation, bool) {
	var l linter
	l.o, l.passes, l.first, l.min = o, passAll, true, max(min, SeverityInfo)
	l.run(s)
	if !l.found {
		return Violation{}, false
	}
	v := Violation{Check: l.bestCheck, Severity: l.bestSev, Offset: int(l.bestOff), Length: int(l.bestLen), Component: l.bestComp, Message: checkTable[l.bestCheck].message}
	if c := v.Check; c >= CheckInteropHost && c <= CheckInteropPath && l.interopMsg[c-CheckInteropHost] != "" {
		v.Message = l.interopMsg[c-CheckInteropHost]
	}
	if v.Check == CheckSyntax {
		v.Message += ": " + syntaxError(s, o.Rule).Error()
	}
	return v, true
}

// AppendViolationsLimit is AppendViolations keeping at most perCheck
// violations of each check, those with the smallest offsets: the first
// perCheck of each check in Lint's list, in its order. It counts them
// all, kept or not, in the Tally. It is the question of a tool that
// shows a few violations of each check and counts the rest, as a
// compiler stops at "too many errors", answered in memory bounded by
// perCheck times the number of checks rather than by the violations (a
// megabyte of right-to-left host labels has a million, of 56 bytes
// each). A perCheck of 0 keeps none, only counting them; one below 0
// keeps them all, as AppendViolations does.
//
// It allocates nothing when dst has room for what it keeps, but where
// AppendViolations allocates for other ends: x/net's IDNA, the message
// of a syntax error, and, in text not in NFC or NFKC, the spans of the
// violations about the characters themselves (such as CheckFullwidth),
// 16 bytes each, which the normalization checks read. Its heaps come
// from a pool.
func (o Options) AppendViolationsLimit(dst []Violation, s string, perCheck int) ([]Violation, Tally) {
	var l linter
	l.o, l.dst, l.passes = o, dst, passAll
	if perCheck < 0 {
		l.run(s)
		var t Tally
		for _, v := range l.dst[len(dst):] {
			t.add(v.Check, v.Severity)
		}
		return l.dst, t
	}
	l.limited, l.perCheck = true, perCheck
	l.run(s)
	if l.lim == nil {
		return l.dst, Tally{}
	}
	t := l.lim.tally
	l.lim.release()
	return l.dst, t
}

// limiter returns the memory of AppendViolationsLimit's run, from a
// pool at the first call.
func (l *linter) limiter() *limiter {
	if l.lim == nil {
		l.lim = limiters.Get().(*limiter)
		l.lim.n = l.perCheck
	}
	return l.lim
}

// limiter is the memory of AppendViolationsLimit's run: for each check,
// the violations with the smallest offsets so far, at most n, in a heap
// whose root is the one to give up first, and the counts of them all.
type limiter struct {
	n     int
	seq   int // the violations so far: AppendViolations' list's length
	tally Tally
	kept  [numChecks][]keptViolation
	all   []keptViolation // appendKept's
}

// limiters keeps the limiters of past runs, with their heaps, so that a
// run that keeps little allocates nothing.
var limiters = sync.Pool{New: func() any { return new(limiter) }}

// maxPooled is the most violations a heap keeps room for in the pool.
const maxPooled = 256

// release puts m back in the pool, emptied.
func (m *limiter) release() {
	m.seq, m.tally = 0, Tally{}
	for c, h := range m.kept {
		m.kept[c] = emptied(h)
	}
	m.all = emptied(m.all)
	limiters.Put(m)
}

// emptied returns s with no element, and with no room when it has room
// for more than maxPooled.
func emptied(s []keptViolation) []keptViolation {
	if cap(s) > maxPooled {
		return nil
	}
	return s[:0]
}

// keptViolation is a violation a limiter keeps, and the place it would
// have in AppendViolations' list before the sort, which orders equal
// offsets.
type keptViolation struct {
	v   Violation
	seq int
}

// before reports whether a comes before b in Lint's list.
func (a *keptViolation) before(b *keptViolation) bool {
	return a.v.Offset < b.v.Offset || a.v.Offset == b.v.Offset && a.seq < b.seq
}

// add counts a violation and keeps it if it is among the first m.n of
// its check. A violation comes after every one kept in the order of the
// passes, so it replaces the last of its check only with a smaller
// offset: in the common case, a pass that finds its check's violations
// in order, that is one comparison.
func (m *limiter) add(c Check, sev Severity, off, n int, comp string) {
	m.tally.add(c, sev)
	seq := m.seq
	m.seq++
	h := m.kept[c]
	switch {
	case len(h) < m.n:
		if len(h) == cap(h) {
			h = slices.Grow(h, min(max(len(h), 4), m.n-len(h)))
		}
		h = append(h, keptViolation{Violation{Check: c, Severity: sev, Offset: off, Length: n, Component: comp, Message: checkTable[c].message}, seq})
		// Up from the new leaf.
		for i := len(h) - 1; i > 0; {
			p := (i - 1) / 2
			if !h[p].before(&h[i]) {
				break
			}
			h[p], h[i] = h[i], h[p]
			i = p
		}
		m.kept[c] = h
	case len(h) > 0 && off < h[0].v.Offset:
		h[0] = keptViolation{Violation{Check: c, Severity: sev, Offset: off, Length: n, Component: comp, Message: checkTable[c].message}, seq}
		// Down from the root.
		for i := 0; ; {
			j := 2*i + 1
			if j >= len(h) {
				break
			}
			if j+1 < len(h) && h[j].before(&h[j+1]) {
				j++
			}
			if !h[i].before(&h[j]) {
				break
			}
			h[i], h[j] = h[j], h[i]
			i = j
		}
	}
}

// appendKept appends the violations m kept to dst in Lint's order.
func (m *limiter) appendKept(dst []Violation) []Violation {
	total := 0
	for _, h := range m.kept {
		total += len(h)
	}
	if total == 0 {
		return dst
	}
	all := slices.Grow(m.all[:0], total)
	for _, h := range m.kept {
		all = append(all, h...)
	}
	m.all = all
	slices.SortFunc(all, func(a, b keptViolation) int {
		if a.before(&b) {
			return -1
		}
		return 1 // no two have the same seq
	})
	dst = slices.Grow(dst, total)
	for i := range all {
		dst = append(dst, all[i].v)
	}
	return dst
}

// syntaxError is the error of s, which does not match rule, as package
// iri words it: a second scan, on a path that allocates the error anyway.
func syntaxError(s string, rule scanner.Rule) *iri.Error {
	_, err := iri.Parser{Rule: rule, AllowBidi: true}.Parse(s)
	return err.(*iri.Error)
}

// run lints s, appending to l.dst, and gives back the memory it took.
func (l *linter) run(s string) {
	l.u.s = s
	inplace.Scan(&l.u.r, s, l.o.Rule, scanner.AllowBidi)
	r := &l.u.r
	if !r.OK() {
		sev := l.o.Severity(CheckSyntax)
		if sev == SeverityOff || l.first && sev < l.min || l.keep != keepAll && !keepSets[l.keep][CheckSyntax] {
			return
		}
		if l.limited {
			l.limiter().tally.add(CheckSyntax, sev)
			if l.perCheck == 0 {
				return
			}
		}
		e := syntaxError(s, l.o.Rule)
		if l.first {
			// FirstViolation writes the message.
			l.bestCheck, l.bestSev, l.bestOff, l.bestLen, l.bestComp = CheckSyntax, sev, int32(e.Offset), int32(charLen(s, e.Offset)), e.Component
			l.found = true
			return
		}
		l.dst = append(l.dst, Violation{Check: CheckSyntax, Severity: sev, Offset: e.Offset, Length: charLen(s, e.Offset), Component: e.Component, Message: checkTable[CheckSyntax].message + ": " + e.Error()})
		return
	}
	start := len(l.dst)
	l.start = start
	nonASCIIHost, dash := false, false
	if r.Parts&scanner.HasAuthority != 0 {
		nonASCIIHost, dash = hostBytes(s, int(r.HostStart), int(r.HostEnd))
	}
	l.hostNoDash = !nonASCIIHost && !dash
	if r.Flags&scanner.HasNonASCII != 0 {
		// The component walk finds nothing in text without
		// right-to-left or flagged characters (nor does Display need
		// its components then): a quick look first, from where
		// non-ASCII text may begin.
		from := 0
		switch {
		case r.Parts&scanner.HasAuthority != 0:
			from = int(r.AuthorityStart)
			if !nonASCIIHost && r.Parts&scanner.HasUserinfo == 0 {
				from = int(r.PathStart) // the port is digits
			}
		case r.Parts&scanner.HasScheme != 0:
			from = int(r.SchemeEnd)
		}
		walk, nfc, nfkc := look.At(s, from)
		doNFC := !nfc && l.passes&passNFC != 0
		doNFKC := !nfkc && l.passes&passNFKC != 0
		if l.first {
			// The NFKC pass reads what the NFC pass and the components
			// report (characterSpans), whatever their severity.
			doNFKC = doNFKC && l.o.Severity(CheckNotNFKC) >= l.min
			doNFC = doNFC && (doNFKC || l.o.Severity(CheckNotNFC) >= l.min)
		}
		if l.first || l.limited {
			// Their add keeps no list for characterSpans to read.
			if l.keepSpans = doNFC || doNFKC; l.keepSpans {
				l.buf().spansKept = l.nb.spans[:0]
			}
		}
		if walk && l.passes&passComponents != 0 {
			l.components()
		}
		if doNFC {
			margin := 0
			if doNFKC {
				margin = maxExplained // its explainer reads NFC's spans that far
			}
			l.normalForm(norm.NFC, CheckNotNFC, margin)
		}
		if doNFKC {
			l.normalForm(norm.NFKC, CheckNotNFKC, 0)
		}
	}
	if r.Flags&scanner.HasPercent != 0 && l.passes&passPercent != 0 {
		l.percent()
	}
	switch {
	case r.Parts&(scanner.HasScheme|scanner.HasAuthority) == 0 || l.passes&passAuthority == 0:
		// A relative reference: neither has anything to check.
	case !l.plainHTTP(nonASCIIHost):
		// The authority's violations lie in it, past the scheme.
		if !l.settled(int(r.AuthorityStart)) {
			l.authority(nonASCIIHost)
		}
		l.schemeRules()
	}
	if l.passes&passAuthority != 0 && !l.settled(0) {
		l.interop()
	}
	if l.lim != nil {
		l.dst = l.lim.appendKept(l.dst)
	}
	l.setInteropMessages(start)
	if len(l.dst)-start > 1 {
		sortByOffset(l.dst[start:])
	}
	// The returns above come before any pass that takes it.
	if l.nb != nil {
		l.releaseBuf()
	}
}

// sortByOffset sorts vs by offset, keeping the order of equal offsets.
// Each pass adds its violations in order, so most lists are sorted
// already; the rest are sorted through a permutation, in O(n log n)
// (slices.SortStableFunc's in-place merge moves the large elements
// O(n log² n) times).
func sortByOffset(vs []Violation) {
	byOffset := func(a, b Violation) int { return a.Offset - b.Offset }
	if slices.IsSortedFunc(vs, byOffset) {
		return
	}
	idx := make([]int32, len(vs))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int {
		if d := vs[a].Offset - vs[b].Offset; d != 0 {
			return d
		}
		return int(a - b)
	})
	// Gathered into a copy: applied in place, cycle by cycle, the
	// permutation writes at random over a list that may not fit in any
	// cache, and took twice as long a byte at 4 MiB as at 256 KiB.
	sorted := make([]Violation, len(vs))
	for i, j := range idx {
		sorted[i] = vs[j]
	}
	copy(vs, sorted)
}

// charLen returns the length of the character at s[i], 1 for a byte
// that starts no UTF-8 sequence, 0 at the end.
func charLen(s string, i int) int {
	if i >= len(s) {
		return 0
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return n
}

// components walks the section 4.2 components in order: iuserinfo, each
// ireg-name label, each path segment (and each '.'-separated part of
// it, as 4.2 allows for extensions), each name and value of the query,
// and the fragment.
func (l *linter) components() {
	u := &l.u
	r := &u.r
	if r.Parts&scanner.HasUserinfo != 0 {
		l.component(int(r.AuthorityStart), int(r.UserinfoEnd), "iuserinfo")
	}
	if r.Parts&scanner.HasAuthority != 0 && r.HostKind == scanner.HostRegName {
		forLabels(u.s, int(r.HostStart), int(r.HostEnd), func(a, b int) { l.component(a, b, "ihost") })
		// A port after a right-to-left label is example 10's number
		// next to it. (After a left-to-right label its digits take that
		// direction; the port is no component of 4.2 otherwise.)
		if r.Parts&scanner.HasPort != 0 && l.prev.rtl && l.prev.b == int(r.HostEnd) {
			l.component(int(r.PortStart), int(r.PathStart), "port")
		}
	}
	l.split(int(r.PathStart), int(r.PathEnd), "ipath", "/.")
	if r.Parts&scanner.HasQuery != 0 {
		l.split(int(r.QueryStart), int(r.QueryEnd), "iquery", "&;=")
	}
	if r.Parts&scanner.HasFragment != 0 {
		l.component(int(r.FragmentStart), len(u.s), "ifragment")
	}
}

// split walks the parts of s[a:b] between the bytes of seps.
func (l *linter) split(a, b int, comp, seps string) {
	forParts(l.u.s, a, b, seps, func(a, b int) { l.component(a, b, comp) })
}

// forLabels calls f with the bounds of each label of the reg-name s[a:b]:
// labels end at '.' and at the other separators of RFC 3490 3.1, raw or
// percent-encoded (labels.End), as resolvers see them.
func forLabels(s string, a, b int, f func(a, b int)) {
	host := s[a:b]
	for i := 0; ; {
		j, sep := labels.End(host, i)
		f(a+i, a+j)
		if sep == 0 {
			return
		}
		i = j + sep
	}
}

// forParts calls f with the bounds of each part of s[a:b] between the
// bytes of seps, empty parts included.
func forParts(s string, a, b int, seps string, f func(a, b int)) {
	for i := a; i <= b; i++ {
		if i == b || strings.IndexByte(seps, s[i]) >= 0 {
			f(a, i)
			a = i + 1
		}
	}
}

// component checks the characters of one component and applies the
// section 4.2 rules to it.
func (l *linter) component(a, b int, comp string) {
	if a == b {
		return // nothing to display; neighbours stay neighbours
	}
	// What this component and the ones after it report lies at or past
	// a, or the start of the one before (section 4.4 example 10); the
	// normal-form passes read spans up to twice maxExplained further.
	if from := min(a, l.prev.a); l.settled(from) && (!l.keepSpans || from >= int(l.bestOff)+2*maxExplained) {
		return
	}
	s := l.u.s
	info := compInfo{a: a, b: b, comp: comp, numeric: true}
	prevAttn := true // no base character before the first one
	for i := a; i < b; {
		c := s[i]
		if c < 0x80 {
			switch {
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				info.ltr, info.numeric = true, false
			case '0' <= c && c <= '9':
			default:
				info.numeric = false
			}
			prevAttn = true
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		p := runeprops.Of(r)
		if p&runeprops.PropAttn != 0 {
			ch := charCheck(r, prevAttn)
			if ch != 0 && !inSequence(s[a:i], r, s[i+size:b]) {
				l.add(ch, i, size, comp)
			}
			if ch == CheckBidiControl || ch == CheckBidiIsolate {
				// Reported as what it is: its direction (RLM is R)
				// would report it again as mixed or at the edge.
				p &^= runeprops.PropRTL | runeprops.PropL
			}
			prevAttn = true
		} else {
			prevAttn = false
		}
		switch {
		case p&runeprops.PropRTL != 0:
			info.rtl, info.numeric = true, false
		case p&runeprops.PropL != 0:
			info.ltr, info.numeric = true, false
		case p&runeprops.PropNum == 0:
			info.numeric = false
		}
		i += size
	}
	if info.rtl {
		l.bidiRules(&info)
	}
	if l.record {
		l.comps = append(grow(l.comps), info)
	}
	// Section 4.4 example 10: digits next to a right-to-left component.
	switch {
	case info.numeric && l.prev.rtl:
		l.add(CheckBidiNumberComponent, a, b-a, comp)
		l.prevFlag = true
		l.prev = info
		return
	case info.rtl && l.prev.numeric && !l.prevFlag:
		l.add(CheckBidiNumberComponent, l.prev.a, l.prev.b-l.prev.a, l.prev.comp)
	}
	l.prev, l.prevFlag = info, false
}

// bidiRules applies the two rules of section 4.2 to a component that
// holds right-to-left characters.
func (l *linter) bidiRules(info *compInfo) {
	s := l.u.s
	a, b := info.a, info.b
	if info.ltr {
		l.add(CheckBidiMixed, a, b-a, info.comp)
		info.bad = true
	}
	// The first character, and the last but for the combining marks that
	// belong to it.
	// Bidi formatting characters at an edge are reported as such; the
	// characters inside them are the edge.
	for a < b {
		r, n := utf8.DecodeRuneInString(s[a:b])
		if !runeprops.IsBidiControl(r) {
			break
		}
		a += n
	}
	for a < b {
		r, n := utf8.DecodeLastRuneInString(s[a:b])
		if !runeprops.IsBidiControl(r) {
			break
		}
		b -= n
	}
	if a == b {
		return
	}
	if ch, n := bidiEdge(s[a:b], true); ch != 0 {
		l.add(ch, a, n, info.comp)
		info.bad = true
	}
	if ch, n := bidiEdge(s[a:b], false); ch != 0 {
		l.add(ch, b-n, n, info.comp)
		info.bad = true
	}
}

// bidiEdge returns the check that the first (or last) character of the
// right-to-left component t fails, and its length; 0 when it passes.
func bidiEdge(t string, first bool) (Check, int) {
	// A %HH triplet at the edge: section 4.4 example 9 when it encodes
	// a digit.
	if first && t[0] == '%' || !first && len(t) >= 3 && t[len(t)-3] == '%' {
		h := t[:3]
		if !first {
			h = t[len(t)-3:]
		}
		if c := ascii.UnhexPair(h[1], h[2]); '0' <= c && c <= '9' {
			return CheckBidiEncodedDigit, 3
		}
		return CheckBidiNumberEdge, 3
	}
	var r rune
	var n int
	if first {
		r, n = utf8.DecodeRuneInString(t)
	} else {
		end := len(t)
		for {
			r, n = utf8.DecodeLastRuneInString(t[:end])
			if end-n == 0 || r < 0x80 || runeprops.Of(r)&runeprops.PropNSM == 0 {
				break
			}
			end -= n
		}
		n = len(t) - (end - n)
	}
	if r < 0x80 {
		if '0' <= r && r <= '9' || strings.ContainsRune("+-#$%,.:", r) {
			return CheckBidiNumberEdge, 1
		}
		return CheckBidiEdge, 1
	}
	p := runeprops.Of(r)
	switch {
	case p&runeprops.PropRTL != 0:
		return 0, 0
	case p&runeprops.PropNum != 0:
		return CheckBidiNumberEdge, n
	}
	return CheckBidiEdge, n
}

// normalForm reports the segments of the reference that form f would
// change. It runs on the whole reference, not component by component:
// a mark after a delimiter ("=" U+0338) composes with it. In
// FirstViolation's run it stops margin bytes past the violation found.
func (l *linter) normalForm(f norm.Form, c Check, margin int) {
	s := l.u.s
	ex := explainer{nb: l.buf()}
	ex.active = ex.nb.active[:0]
	for i := 0; i < len(s); {
		if l.first && l.found && i >= int(l.bestOff)+margin {
			return
		}
		// SpanString with atEOF, unlike QuickSpanString, takes in the
		// last segment: IsNormalString, which allocates, runs only where
		// the quick check cannot tell.
		q, _ := f.SpanString(s[i:], true)
		if i += q; i >= len(s) {
			return
		}
		end := len(s)
		if n := f.NextBoundaryInString(s[i:], true); n > 0 {
			end = i + n
		}
		if !ex.isNormal(f, s[i:end]) {
			if ex.spans == nil {
				ex.spans = l.characterSpans()
			}
			if !ex.explained(f, s, i, end) {
				l.add(c, i, end-i, l.componentAt(i))
			}
		}
		i = end
	}
}

// A charSpan is the bytes a violation about the characters themselves
// covers.
type charSpan struct{ a, b int }

// spanChecks are the checks about the characters themselves.
var spanChecks = [numChecks]bool{
	CheckBidiControl: true, CheckBidiIsolate: true, CheckInvisible: true, CheckTagCharacter: true,
	CheckVariationSelector: true, CheckPrivateUse: true, CheckSpaceLike: true, CheckFormatControl: true,
	CheckDeprecatedDisplay: true, CheckNotNFC: true, CheckFullwidth: true, CheckHalfwidth: true,
	CheckDelimiterLookalike: true,
}

// characterSpans returns the spans of the violations so far that are
// about the characters themselves (spanChecks), by start, and never nil.
func (l *linter) characterSpans() []charSpan {
	if l.first || l.limited {
		// add kept them, whatever their severity.
		k := l.nb.spansKept
		slices.SortFunc(k, func(x, y charSpan) int { return x.a - y.a })
		return k
	}
	spans := l.buf().spans[:0]
	for _, v := range l.dst[l.start:] {
		if spanChecks[v.Check] && v.Length > 0 {
			spans = append(spans, charSpan{v.Offset, v.Offset + v.Length})
		}
	}
	slices.SortFunc(spans, func(x, y charSpan) int { return x.a - y.a })
	return spans
}

// An explainer answers explained for the segments of one normalForm
// pass, which come in order, in time linear in the violations and the
// segments together: it keeps the spans that reach the current segment
// (active), taking each of spans in once and dropping it once. It also
// holds the pass's normalization iterator.
type explainer struct {
	spans  []charSpan
	next   int
	active []charSpan
	nb     *normBuf
}

// maxExplained is the longest segment explained looks into.
const maxExplained = 64

// normBuf is the memory of the normalForm passes. x/text's
// IsNormalString allocates a reorder buffer of some 500 bytes for each
// segment its quick check cannot settle (one per character of "a"
// U+0301 repeated); an iterator carries its own and can be used again.
// The spans start in arrays, which most references never outgrow.
type normBuf struct {
	it        norm.Iter
	rest      [maxExplained]byte // explained's
	spans     [32]charSpan
	active    [32]charSpan
	spansKept []charSpan // FirstViolation's, from spans
}

var normBufs = sync.Pool{New: func() any { return new(normBuf) }}

// isNormal reports whether t is in form f, as f.IsNormalString does:
// whether the iterator gives t back unchanged.
func (e *explainer) isNormal(f norm.Form, t string) bool {
	if e.nb == nil {
		e.nb = normBufs.Get().(*normBuf)
	}
	it := &e.nb.it
	// InitString leaves the reorder buffer as the last use left it,
	// which may have stopped in a segment (x/text then flushes it
	// through a nil function).
	*it = norm.Iter{}
	it.InitString(f, t)
	i := 0
	for !it.Done() {
		out := it.Next()
		if len(out) > len(t)-i || string(out) != t[i:i+len(out)] {
			return false
		}
		i += len(out)
	}
	return i == len(t)
}

// release gives back e's memory, holding no text.
func (e *explainer) release() {
	if e.nb != nil {
		e.nb.release()
		e.nb = nil
	}
}

// release puts b back in the pool, holding no text.
func (b *normBuf) release() {
	b.it = norm.Iter{}
	b.spansKept = nil
	normBufs.Put(b)
}

// explained reports whether the violations of this run already name
// the characters that keep s[a:b] out of form f: a full-width letter,
// which is not in NFKC either; U+0340, which NFC replaces; text already
// reported as not NFC. Taken out, the rest is in f.
func (e *explainer) explained(f norm.Form, s string, a, b int) bool {
	for e.next < len(e.spans) && e.spans[e.next].a < b {
		e.active = append(e.active, e.spans[e.next])
		e.next++
	}
	keep := e.active[:0]
	for _, sp := range e.active {
		if sp.b > a {
			keep = append(keep, sp)
		}
	}
	e.active = keep
	var covered [maxExplained]bool
	if b-a > len(covered) {
		return false
	}
	hit := false
	for _, sp := range e.active {
		for i := max(sp.a, a); i < min(sp.b, b); i++ {
			covered[i-a], hit = true, true
		}
	}
	if !hit {
		return false
	}
	if e.nb == nil {
		e.nb = normBufs.Get().(*normBuf)
	}
	n := 0
	for i := a; i < b; i++ {
		if !covered[i-a] {
			e.nb.rest[n] = s[i]
			n++
		}
	}
	// The iterator reads rest only until the next InitString.
	return e.isNormal(f, bytesString(e.nb.rest[:n]))
}

// componentAt names the component that holds byte i.
func (l *linter) componentAt(i int) string {
	r := &l.u.r
	i32 := int32(i)
	switch {
	case r.Parts&scanner.HasFragment != 0 && i32 >= r.FragmentStart:
		return "ifragment"
	case r.Parts&scanner.HasQuery != 0 && i32 >= r.QueryStart:
		return "iquery"
	case i32 >= r.PathStart:
		return "ipath"
	case r.Parts&scanner.HasPort != 0 && i32 >= r.PortStart:
		return "port"
	case r.Parts&scanner.HasAuthority != 0 && i32 >= r.HostStart:
		return "ihost"
	case r.Parts&scanner.HasUserinfo != 0 && i32 >= r.AuthorityStart:
		return "iuserinfo"
	}
	return "scheme"
}
