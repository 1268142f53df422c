package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/lint"
)

// --stats: what a run saw, summed up at the end on standard error. Every
// line counts once, as valid, invalid or unreadable; the references are
// checked against --rule as check does. Schemes and hosts are counted in
// a bounded summary, so that memory stays flat on billions of lines.
// The summary depends on the order of the names (Space-Saving), so
// the parallel engine's workers only log each line's names, and the
// writer feeds the logs to the run's summary in input order: its counts
// are those of --jobs 1, whatever the chunks and the workers.

// topCapacity is how many distinct names a summary keeps.
const topCapacity = 1024

// maxName is the longest name a summary keeps whole; a longer one is kept
// as a prefix and a hash of the whole (boundName), so that a summary
// holds kilobytes, not the gigabyte of 1,024 hosts of a megabyte.
const maxName = 256

// runStats are the counts of one run, or of one worker.
type runStats struct {
	parser     iri.Parser
	Lines      int64 `json:"lines"`
	Valid      int64 `json:"valid"`
	Invalid    int64 `json:"invalid"`
	Unreadable int64 `json:"unreadable"`
	codes      map[string]int64
	comps      map[string]int64
	kinds      map[string]int64
	schemes    *topK
	hosts      *topK
	checks     map[lintKey]int64
	lint       bool   // the run is lint's: the summary has its checks
	name       []byte // scratch for a scheme's or host's key (boundName)
	// A worker's stats log the names of its chunk's lines here, for the
	// run's stats to add in input order (replay); nil schemes and hosts.
	logging bool
	log     []byte
}

// Tags of the entries of a log: a scheme or a host, then its key's
// length (uvarint) and the key.
const (
	logScheme = 's'
	logHost   = 'h'
)

type lintKey struct {
	check lint.Check
	sev   lint.Severity
}

func newRunStats(p iri.Parser) *runStats {
	return &runStats{
		parser: p, codes: map[string]int64{}, comps: map[string]int64{}, kinds: map[string]int64{},
		schemes: newTopK(topCapacity), hosts: newTopK(topCapacity), checks: map[lintKey]int64{},
	}
}

// forWorker returns the stats of a parallel worker, which log names
// instead of counting them (nil when st is).
func (st *runStats) forWorker() *runStats {
	if st == nil {
		return nil
	}
	return &runStats{parser: st.parser, codes: map[string]int64{}, comps: map[string]int64{}, kinds: map[string]int64{}, checks: map[lintKey]int64{}, logging: true}
}

// startLog makes buf, emptied, the log of a worker's next chunk.
func (st *runStats) startLog(buf []byte) {
	if st != nil {
		st.log = buf[:0]
	}
}

// takeLog returns the log of the chunk and forgets it.
func (st *runStats) takeLog() []byte {
	if st == nil {
		return nil
	}
	log := st.log
	st.log = nil
	return log
}

// replay counts the names of a worker's log, in their order.
func (st *runStats) replay(log []byte) {
	for st != nil && len(log) > 0 {
		tag := log[0]
		n, k := binary.Uvarint(log[1:])
		key := log[1+k : 1+k+int(n)]
		log = log[1+k+int(n):]
		if tag == logScheme {
			st.schemes.add(key)
		} else {
			st.hosts.add(key)
		}
	}
}

// addName counts the scheme or the host s, or logs it.
func (st *runStats) addName(tag byte, s string) {
	st.name = boundName(st.name[:0], s, true)
	switch {
	case st.logging:
		st.log = append(st.log, tag)
		st.log = binary.AppendUvarint(st.log, uint64(len(st.name)))
		st.log = append(st.log, st.name...)
	case tag == logScheme:
		st.schemes.add(st.name)
	default:
		st.hosts.add(st.name)
	}
}

// boundName appends the key a summary keeps for name s, lowercased
// (ASCII) if lower: s itself when at most maxName bytes long; else its
// first maxName bytes or less (not cutting a character), "…" and
// "[N bytes #H]", H the FNV-1a hash of the whole, in hex. Such a key is
// longer than maxName, so it never equals a name kept whole.
func boundName(dst []byte, s string, lower bool) []byte {
	if len(s) <= maxName {
		if lower {
			return ascii.AppendLower(dst, s)
		}
		return append(dst, s...)
	}
	cut := maxName
	for cut > maxName-utf8.UTFMax && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if lower {
		dst = ascii.AppendLower(dst, s[:cut])
	} else {
		dst = append(dst, s[:cut]...)
	}
	h := uint64(14695981039346656037) // FNV-1a, 64 bits
	for i := 0; i < len(s); i++ {
		c := s[i]
		if lower && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		h = (h ^ uint64(c)) * 1099511628211
	}
	dst = append(dst, "…["...)
	dst = strconv.AppendInt(dst, int64(len(s)), 10)
	dst = append(dst, " bytes #"...)
	for i := 60; i >= 0; i -= 4 {
		dst = append(dst, lowerHex[h>>uint(i)&0xF])
	}
	return append(dst, ']')
}

// ref counts one reference.
func (st *runStats) ref(s string) {
	st.Lines++
	u, err := st.parser.Parse(s)
	if err != nil {
		st.Invalid++
		e := asIRIError(err, s)
		st.codes[e.Code.String()]++
		comp := e.Component
		if comp == "" {
			comp = "none"
		}
		st.comps[comp]++
		return
	}
	st.Valid++
	if u.IsAbsolute() {
		st.addName(logScheme, u.Scheme())
	}
	if u.HasAuthority() {
		st.kinds[u.HostKind().String()]++
		st.addName(logHost, u.Host())
	} else {
		st.kinds["none"]++
	}
}

// unreadable counts a line that holds no reference to check.
func (st *runStats) unreadable() {
	st.Lines++
	st.Unreadable++
}

// merge adds the counts of o, a worker's stats; its names came through
// replay.
func (st *runStats) merge(o *runStats) {
	st.Lines += o.Lines
	st.Valid += o.Valid
	st.Invalid += o.Invalid
	st.Unreadable += o.Unreadable
	for _, m := range [][2]map[string]int64{{st.codes, o.codes}, {st.comps, o.comps}, {st.kinds, o.kinds}} {
		for k, v := range m[1] {
			m[0][k] += v
		}
	}
	for k, v := range o.checks {
		st.checks[k] += v
	}
}

// statsReport is the JSON form of the summary.
type statsReport struct {
	Command    string           `json:"command"`
	Lines      int64            `json:"lines"`
	Valid      int64            `json:"valid"`
	Invalid    int64            `json:"invalid"`
	Unreadable int64            `json:"unreadable"`
	Codes      map[string]int64 `json:"codes"`
	Components map[string]int64 `json:"components"`
	HostKinds  map[string]int64 `json:"host_kinds"`
	Schemes    []nameCount      `json:"schemes"`
	TopHosts   []nameCount      `json:"top_hosts"`
	// SchemesExact and HostsExact are false when there were more
	// distinct names than the summary keeps: its counts are then upper
	// bounds, each at most total/1024 too high.
	SchemesExact bool `json:"schemes_exact"`
	HostsExact   bool `json:"hosts_exact"`
	// Lint is there for lint only.
	Lint *[]lintCount `json:"lint,omitempty"`
}

type nameCount struct {
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

type lintCount struct {
	Check    string `json:"check"`
	Severity string `json:"severity"`
	Count    int64  `json:"count"`
}

// report returns the summary, with the top 20 schemes and hosts.
func (st *runStats) report(command string) statsReport {
	rep := statsReport{
		Command: command, Lines: st.Lines, Valid: st.Valid, Invalid: st.Invalid, Unreadable: st.Unreadable,
		Codes: st.codes, Components: st.comps, HostKinds: st.kinds,
		Schemes: st.schemes.top(20), TopHosts: st.hosts.top(20),
		SchemesExact: st.schemes.exact, HostsExact: st.hosts.exact,
	}
	if st.lint {
		lc := []lintCount{}
		for k, n := range st.checks {
			lc = append(lc, lintCount{k.check.String(), k.sev.String(), n})
		}
		rep.Lint = &lc
		sort.Slice(lc, func(i, j int) bool {
			a, b := lc[i], lc[j]
			if a.Count != b.Count {
				return a.Count > b.Count
			}
			return a.Check+a.Severity < b.Check+b.Severity
		})
	}
	return rep
}

// write writes the summary: one JSON object, or a few lines of text.
func (rep *statsReport) write(w io.Writer, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(rep)
		w.Write(append(b, '\n'))
		return
	}
	var b strings.Builder
	// With --field, lines are records (a quoted line break makes one of
	// several lines), as in "lines" of JSON: the word stays, as programs
	// read it.
	lines := "lines"
	if rep.Lines == 1 {
		lines = "line"
	}
	fmt.Fprintf(&b, "iri %s: %d %s: %d valid, %d invalid, %d unreadable\n", rep.Command, rep.Lines, lines, rep.Valid, rep.Invalid, rep.Unreadable)
	counts := func(label string, m map[string]int64) {
		if len(m) == 0 {
			return
		}
		var ncs []nameCount
		for k, v := range m {
			ncs = append(ncs, nameCount{k, v})
		}
		sortCounts(ncs)
		list(&b, label, ncs)
	}
	counts("errors by code", rep.Codes)
	counts("errors by component", rep.Components)
	counts("host kinds", rep.HostKinds)
	approx := func(exact bool) string {
		if exact {
			return ""
		}
		return " (at most)"
	}
	list(&b, "schemes"+approx(rep.SchemesExact), rep.Schemes)
	list(&b, "top hosts"+approx(rep.HostsExact), rep.TopHosts)
	if rep.Lint != nil && len(*rep.Lint) > 0 {
		b.WriteString("lint:")
		for _, l := range *rep.Lint {
			fmt.Fprintf(&b, " %s (%s) %d,", l.Check, l.Severity, l.Count)
		}
		b.WriteString("\n")
	}
	io.WriteString(w, strings.ReplaceAll(b.String(), ",\n", "\n"))
}

// list writes "label: name count, name count".
func list(b *strings.Builder, label string, ncs []nameCount) {
	if len(ncs) == 0 {
		return
	}
	b.WriteString(label + ":")
	for i, nc := range ncs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, " %s %d", printable(nc.Name), nc.Count)
	}
	b.WriteByte('\n')
}

// printable shows a name as the text output shows inputs.
func printable(s string) string {
	if s == "" {
		return `""`
	}
	return string(appendDisplay(nil, s))
}

func sortCounts(ncs []nameCount) {
	sort.Slice(ncs, func(i, j int) bool {
		if ncs[i].Count != ncs[j].Count {
			return ncs[i].Count > ncs[j].Count
		}
		return ncs[i].Name < ncs[j].Name
	})
}

// topK counts names with the Space-Saving algorithm (Metwally, Agrawal
// and El Abbadi, 2005): it keeps at most capacity names; a new name when
// it is full takes the place of one of the least counted, inheriting its
// count. Counts are exact while there are at most capacity distinct
// names, and upper bounds after, at most total/capacity too high; any name
// counted more than total/capacity times is kept. The names are kept in
// the paper's Stream-Summary, buckets of equal counts in ascending order,
// so that a count costs a map lookup and a few pointers, not a heap's
// log(capacity) steps: the parallel engine's writer makes every count.
type topK struct {
	capacity int
	exact    bool
	index    map[string]*topEntry
	least    *countBucket // the buckets, ascending by count from here
	spare    *countBucket // emptied buckets, for reuse
}

// countBucket holds the names of one count.
type countBucket struct {
	count      int64
	first      *topEntry // its names, a list
	prev, next *countBucket
}

type topEntry struct {
	name       string
	b          *countBucket
	prev, next *topEntry
}

func newTopK(capacity int) *topK {
	return &topK{capacity: capacity, exact: true, index: map[string]*topEntry{}}
}

// add counts name once.
func (t *topK) add(name []byte) {
	e, ok := t.index[string(name)]
	switch {
	case ok:
	case len(t.index) < t.capacity:
		e = &topEntry{name: string(name)}
		t.index[e.name] = e
	default:
		t.exact = false
		e = t.least.first
		delete(t.index, e.name)
		e.name = string(name)
		t.index[e.name] = e
	}
	t.increment(e)
}

// increment moves e to the bucket of its count plus one.
func (t *topK) increment(e *topEntry) {
	from, next, count := e.b, t.least, int64(1)
	if from != nil {
		next, count = from.next, from.count+1
	}
	if next == nil || next.count != count {
		nb := t.spare
		if nb != nil {
			t.spare = nb.next
		} else {
			nb = &countBucket{}
		}
		*nb = countBucket{count: count, prev: from, next: next}
		if from != nil {
			from.next = nb
		} else {
			t.least = nb
		}
		if next != nil {
			next.prev = nb
		}
		next = nb
	}
	if from != nil {
		// Out of from, and from out of the list if that empties it.
		if e.prev != nil {
			e.prev.next = e.next
		} else {
			from.first = e.next
		}
		if e.next != nil {
			e.next.prev = e.prev
		}
		if from.first == nil {
			if from.prev != nil {
				from.prev.next = from.next
			} else {
				t.least = from.next
			}
			from.next.prev = from.prev // from.next is next, not nil
			from.next, t.spare = t.spare, from
		}
	}
	e.b, e.prev, e.next = next, nil, next.first
	if next.first != nil {
		next.first.prev = e
	}
	next.first = e
}

// top returns the n most counted names, most first.
func (t *topK) top(n int) []nameCount {
	ncs := []nameCount{}
	for _, e := range t.index {
		ncs = append(ncs, nameCount{e.name, e.b.count})
	}
	sortCounts(ncs)
	if len(ncs) > n {
		ncs = ncs[:n]
	}
	return ncs
}
