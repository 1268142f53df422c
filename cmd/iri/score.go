package main

import (
	"bytes"
	"container/heap"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"unsafe"

	"github.com/irikit/iri"
	"github.com/irikit/iri/generate"
)

// The score subcommand: how well another parser's verdicts on the samples
// of iri generate --json agree with the labels, per rule, production,
// feature and mutation, and per component.

var cmdScore = &command{
	Usage:   []string{"score [--json] [FILE...]"},
	Short:   `Score another parser on iri generate --json lines to which it added "got_valid" (and "got" components)`,
	Long:    helpText("score"),
	Start:   startScore,
	Refuse:  refuseScore,
	NotRefs: true,
}

// scoreLine is what score reads of a line: the generator's record, the
// other parser's verdict in got_valid and, optionally, its components in
// got (a member null for an absent component; members left out are not
// compared).
type scoreLine struct {
	Valid       *bool              `json:"valid"`
	GotValid    *bool              `json:"got_valid"`
	Rule        string             `json:"rule"`
	Mutation    string             `json:"mutation"`
	Productions []string           `json:"productions"`
	Features    []string           `json:"features"`
	Scheme      *string            `json:"scheme"`
	Userinfo    *string            `json:"userinfo"`
	Host        *string            `json:"host"`
	Port        *string            `json:"port"`
	Path        *string            `json:"path"`
	Query       *string            `json:"query"`
	Fragment    *string            `json:"fragment"`
	Got         map[string]*string `json:"got"`
}

// scoreComponents are the components score compares, in report order.
var scoreComponents = []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// tally counts samples and how the other parser did on them.
type tally struct {
	Name            string `json:"name"`
	Samples         int    `json:"samples"`
	Agreed          int    `json:"agreed"`
	InvalidAccepted int    `json:"invalid_accepted"`
	ValidRejected   int    `json:"valid_rejected"`
	// Other marks the row of the names a table did not keep (table).
	Other bool `json:"other,omitempty"`
}

func (t *tally) add(valid, got bool) {
	t.Samples++
	switch {
	case valid == got:
		t.Agreed++
	case got:
		t.InvalidAccepted++
	default:
		t.ValidRejected++
	}
}

func (t *tally) addAll(o *tally) {
	t.Samples += o.Samples
	t.Agreed += o.Agreed
	t.InvalidAccepted += o.InvalidAccepted
	t.ValidRejected += o.ValidRejected
}

// compTally counts the component comparisons of one component.
type compTally struct {
	Name     string `json:"name"`
	Compared int    `json:"compared"`
	Agreed   int    `json:"agreed"`
}

// maxUnknown is how many names a table keeps beyond those it knows.
const maxUnknown = 1024

// otherName names the row of the names a table did not keep.
const otherName = "(other names)"

// table is a set of tallies by name, reported in a fixed order of known
// names, then the unknown ones sorted, then the row of the rest. Lines
// not from iri generate may bring any number of unknown names, and of any
// length, so a table keeps at most maxUnknown of them, each bounded as
// --stats bounds hosts (boundName): the ones with the least hash, a
// choice that depends on the set of names only, so that the report is
// the same whatever the order of the lines and however --jobs shares
// them out. The others are counted together, in other.
type table struct {
	order   []string
	m       map[string]*tally
	unknown unknownHeap // the unknown names kept, the greatest hash first
	other   tally
	key     []byte // scratch
}

func newTable(order []string) *table {
	t := &table{order: order, m: map[string]*tally{}, other: tally{Name: otherName, Other: true}}
	for _, name := range order {
		t.m[name] = &tally{Name: name}
	}
	return t
}

// get returns the tally to count name in.
func (t *table) get(name string) *tally {
	t.key = boundName(t.key[:0], name, false)
	if x, ok := t.m[string(t.key)]; ok {
		return x
	}
	e := unknownName{hash: fnv64(t.key), name: string(t.key)}
	if len(t.unknown) == maxUnknown {
		top := t.unknown[0]
		if !e.less(top) {
			return &t.other
		}
		t.other.addAll(t.m[top.name])
		delete(t.m, top.name)
		heap.Pop(&t.unknown)
	}
	x := &tally{Name: e.name}
	t.m[e.name] = x
	heap.Push(&t.unknown, e)
	return x
}

// mergeTable adds the tallies of o, a worker's table of the same kind.
func (t *table) mergeTable(o *table) {
	for name, x := range o.m {
		if x.Samples > 0 {
			t.get(name).addAll(x)
		}
	}
	t.other.addAll(&o.other)
}

// rows returns the tallies with samples, in report order.
func (t *table) rows() []tally {
	rows := []tally{}
	known := map[string]bool{}
	for _, name := range t.order {
		known[name] = true
		if x := t.m[name]; x.Samples > 0 {
			rows = append(rows, *x)
		}
	}
	var rest []string
	for name := range t.m {
		if !known[name] {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	for _, name := range rest {
		rows = append(rows, *t.m[name])
	}
	if t.other.Samples > 0 {
		rows = append(rows, t.other)
	}
	return rows
}

// unknownName is an unknown name a table keeps, and its hash.
type unknownName struct {
	hash uint64
	name string
}

// less orders names by hash, then by name, so that the names kept are
// the same whichever came first.
func (a unknownName) less(b unknownName) bool {
	return a.hash < b.hash || a.hash == b.hash && a.name < b.name
}

// unknownHeap is a heap of names, the greatest first.
type unknownHeap []unknownName

func (h unknownHeap) Len() int           { return len(h) }
func (h unknownHeap) Less(i, j int) bool { return h[j].less(h[i]) }
func (h unknownHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *unknownHeap) Push(x any)        { *h = append(*h, x.(unknownName)) }
func (h *unknownHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// fnv64 is the 64-bit FNV-1a hash of b.
func fnv64(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// scorer takes the lines of a score run.
type scorer struct {
	noSteps
	*lineRun
	jsonOut                                 bool
	total                                   tally
	rules, mutations, productions, features *table
	comps                                   map[string]*compTally
}

func startScore(f *flags, args []string, r *lineRun) (handler, error) {
	r.summary = true // a report at the end, not a result a line
	var rules, prods, feats []string
	for _, rule := range iri.Rules() {
		rules = append(rules, rule.String())
	}
	for _, p := range generate.AllProductions() {
		prods = append(prods, p.String())
	}
	for _, ft := range generate.AllFeatures() {
		feats = append(feats, ft.String())
	}
	s := &scorer{
		lineRun: r, jsonOut: r.json,
		total:       tally{Name: "all"},
		rules:       newTable(rules),
		mutations:   newTable(generate.Mutations()),
		productions: newTable(prods),
		features:    newTable(feats),
		comps:       map[string]*compTally{},
	}
	r.jsonIn = false // the lines are objects, read here
	return s, nil
}

func (s *scorer) input(file string, line int, in input) error {
	b := unsafe.Slice(unsafe.StringData(in.s), len(in.s))
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	var l scoreLine
	err := json.Unmarshal(b, &l)
	switch {
	case err != nil:
		err = errors.New(jsonReason(err))
	case l.Valid == nil:
		err = errors.New(`no "valid" member`)
	case l.GotValid == nil:
		err = errors.New(`no "got_valid" member: add the other parser's verdict`)
	}
	if err == nil {
		for name := range l.Got {
			if l.want(name) == nil && !isComponent(name) {
				err = fmt.Errorf("got: unknown component %q (want one of scheme, userinfo, host, port, path, query, fragment)", name)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(s.stderr, "%s:%d: bad score line: %v\n", file, line, err)
		s.failed = true
		return nil
	}
	valid, got := *l.Valid, *l.GotValid
	if valid != got {
		s.invalid = true
	}
	s.total.add(valid, got)
	if l.Rule != "" {
		s.rules.get(l.Rule).add(valid, got)
	}
	if l.Mutation != "" {
		s.mutations.get(l.Mutation).add(valid, got)
	}
	for _, p := range l.Productions {
		s.productions.get(p).add(valid, got)
	}
	for _, ft := range l.Features {
		s.features.get(ft).add(valid, got)
	}
	if valid && got {
		for _, name := range scoreComponents {
			g, ok := l.Got[name]
			if !ok {
				continue
			}
			c := s.comps[name]
			if c == nil {
				c = &compTally{Name: name}
				s.comps[name] = c
			}
			c.Compared++
			if w := l.want(name); (w == nil) == (g == nil) && (w == nil || *w == *g) {
				c.Agreed++
			} else {
				s.invalid = true
			}
		}
	}
	return nil
}

// merge adds the tallies of another scorer, a worker's.
func (s *scorer) merge(h handler) {
	o := h.(*scorer)
	s.total.addAll(&o.total)
	s.rules.mergeTable(o.rules)
	s.mutations.mergeTable(o.mutations)
	s.productions.mergeTable(o.productions)
	s.features.mergeTable(o.features)
	for name, c := range o.comps {
		if s.comps[name] == nil {
			s.comps[name] = &compTally{Name: name}
		}
		s.comps[name].Compared += c.Compared
		s.comps[name].Agreed += c.Agreed
	}
}

func isComponent(name string) bool {
	for _, c := range scoreComponents {
		if c == name {
			return true
		}
	}
	return false
}

// want returns the labelled component name, nil when absent.
func (l *scoreLine) want(name string) *string {
	switch name {
	case "scheme":
		return l.Scheme
	case "userinfo":
		return l.Userinfo
	case "host":
		return l.Host
	case "port":
		return l.Port
	case "path":
		return l.Path
	case "query":
		return l.Query
	case "fragment":
		return l.Fragment
	}
	return nil
}

// scoreReport is the JSON form of the report.
type scoreReport struct {
	tally
	Rules       []tally     `json:"rules"`
	Mutations   []tally     `json:"mutations"`
	Productions []tally     `json:"productions"`
	Features    []tally     `json:"features"`
	Components  []compTally `json:"components"`
}

func (s *scorer) finish() error {
	rep := scoreReport{
		tally:       s.total,
		Rules:       s.rules.rows(),
		Mutations:   s.mutations.rows(),
		Productions: s.productions.rows(),
		Features:    s.features.rows(),
		Components:  []compTally{},
	}
	for _, name := range scoreComponents {
		if c := s.comps[name]; c != nil {
			rep.Components = append(rep.Components, *c)
		}
	}
	if s.jsonOut {
		return s.writeJSON(&rep)
	}
	b := fmt.Appendf(nil, "%d samples, %s agreed: %d invalid accepted, %d valid rejected\n",
		s.total.Samples, percent(s.total.Agreed, s.total.Samples), s.total.InvalidAccepted, s.total.ValidRejected)
	b = appendTallies(b, "rule", rep.Rules)
	b = appendTallies(b, "mutation", rep.Mutations)
	b = appendTallies(b, "production", rep.Productions)
	b = appendTallies(b, "feature", rep.Features)
	if len(rep.Components) > 0 {
		b = fmt.Appendf(b, "\n%-24s %9s %8s\n", "component", "compared", "agreed")
		for _, c := range rep.Components {
			b = fmt.Appendf(b, "%-24s %9d %8s\n", c.Name, c.Compared, percent(c.Agreed, c.Compared))
		}
	}
	_, err := s.out.Write(b)
	return err
}

// appendTallies appends one table of the text report.
func appendTallies(b []byte, what string, rows []tally) []byte {
	if len(rows) == 0 {
		return b
	}
	b = fmt.Appendf(b, "\n%-24s %8s %8s %17s %15s\n", what, "samples", "agreed", "invalid accepted", "valid rejected")
	for _, t := range rows {
		// A name is shown in display form: an ESC or an RLO in a line
		// must not reach the terminal.
		b = fmt.Appendf(b, "%-24s %8d %8s %17d %15d\n", printable(t.Name), t.Samples, percent(t.Agreed, t.Samples), t.InvalidAccepted, t.ValidRejected)
	}
	return b
}

// percent formats n/d as a percentage with one decimal, "-" when d is 0.
func percent(n, d int) string {
	if d == 0 {
		return "-"
	}
	return strconv.FormatFloat(100*float64(n)/float64(d), 'f', 1, 64) + "%"
}

// refuseScore refuses the flags score does not take: its lines are
// always generate --json's, which carry their rule.
func refuseScore(set func(string) bool, f *flags) error {
	if err := refuseAny("score", set, "it scores another parser against the labels of iri generate, which each line carries with its rule", "rule", "allow-bidi"); err != nil {
		return err
	}
	return refuseAny("score", set, "its lines are always JSON, iri generate --json's (--json chooses its output)", "json-in")
}
