package lint

import (
	"slices"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/corpus"
)

// firstPerCheck returns the first n violations of each check in vs, in
// the order of vs (all when n < 0), and the number of each check's and
// each severity's.
func firstPerCheck(vs []Violation, n int) (kept []Violation, checks [numChecks]int, sevs [SeverityError + 1]int) {
	for _, v := range vs {
		if n < 0 || checks[v.Check] < n {
			kept = append(kept, v)
		}
		checks[v.Check]++
		sevs[v.Severity]++
	}
	return kept, checks, sevs
}

// checkLimit fails t unless AppendViolationsLimit(dst, s, n) with o
// appends to dst the first n violations of each check in Lint's list, in
// its order, and its Tally counts the whole list.
func checkLimit(t testing.TB, o Options, s string, n int) {
	t.Helper()
	full := o.AppendViolations(nil, s)
	want, checks, sevs := firstPerCheck(full, n)
	dst := []Violation{{Check: CheckUserinfo, Offset: -1}} // it appends
	got, tally := o.AppendViolationsLimit(dst, s, n)
	if len(got) == 0 || got[0] != dst[0] || !slices.Equal(got[1:], want) {
		t.Fatalf("AppendViolationsLimit(%+.60q, %d) with %+v keeps\n%v\nwant the first of each check in Lint's list\n%v", s, n, o, got[min(1, len(got)):], want)
	}
	for c := range Check(numChecks + 2) {
		if want := 0; c < numChecks {
			want = checks[c]
			if tally.Count(c) != want {
				t.Fatalf("AppendViolationsLimit(%+.60q, %d) with %+v counts %d of %v, Lint %d", s, n, o, tally.Count(c), c, want)
			}
		} else if tally.Count(c) != 0 {
			t.Fatalf("Tally.Count(%v) = %d", c, tally.Count(c))
		}
	}
	for sev := range Severity(6) {
		want := 0
		if int(sev) < len(sevs) {
			want = sevs[sev]
		}
		if tally.CountSeverity(sev) != want {
			t.Fatalf("AppendViolationsLimit(%+.60q, %d) with %+v counts %d of severity %v, Lint %d", s, n, o, tally.CountSeverity(sev), sev, want)
		}
	}
	if tally.Total() != len(full) {
		t.Fatalf("AppendViolationsLimit(%+.60q, %d) with %+v counts %d in all, Lint %d", s, n, o, tally.Total(), len(full))
	}
}

// limitOptions are profiles and overrides: checks silenced, and the
// normal-form checks, which read the spans of others, made errors.
var limitOptions = []Options{
	{}, {Profile: ProfileStrict},
	{Severities: map[Check]Severity{CheckNotNFC: SeverityError, CheckNotNFKC: SeverityError, CheckFullwidth: SeverityOff}},
	{Profile: ProfileIURI, Severities: map[Check]Severity{CheckSyntax: SeverityOff, CheckBidiMixed: SeverityOff, CheckVariationSelector: SeverityInfo}},
}

// AppendViolationsLimit keeps the first n violations of each check of
// Lint's list, in its order, with ties at one offset in the order the
// list has them, and counts them all: on random references of every
// kind of piece, and on references whose passes find a check's
// violations out of order (variation selectors and tags, raw and
// percent-encoded; numbers next to right-to-left components; host
// labels reported by the walk and again by the host checks).
func TestAppendViolationsLimit(t *testing.T) {
	inputs := append(pieceStrings(21, 3000),
		"", "http://h/a b", "http://[::1", "http://h:80/",
		"http://h/a"+strings.Repeat("%EF%B8%8F", 5)+strings.Repeat("a\ufe0f", 5)+strings.Repeat("%EF%B8%8F", 5),
		"http://h/"+strings.Repeat("\u2764\ufe0f\ufe0f%EF%B8%8F", 7),
		"http://h/"+strings.Repeat("a%F3%A0%81%81\U0001F3F4\U000E0067\U000E007F", 5),
		"http://h/"+strings.Repeat("1/\u05d0/2/\u05d1a/", 6),
		"http://"+strings.Repeat("\u05d0a.1.", 6)+"com:1/"+strings.Repeat("\u05d01/", 6),
		"http://"+strings.Repeat("p\u0430ypal\uff0e\u05d0.", 6)+"com/?"+strings.Repeat("\u05d0=1&", 6),
		"http://h/"+strings.Repeat("\uff21\u0301e\u0301\u1100\u1161\u11a8/", 8),
		"http://u:p@"+strings.Repeat("%2e%2e/", 3)+"h:/"+strings.Repeat("%2e%2e/%2f%00", 6))
	for _, s := range inputs {
		for _, o := range limitOptions {
			for _, n := range []int{-1, 0, 1, 2, 3, 10} {
				checkLimit(t, o, s, n)
			}
		}
	}
}

// The same on the lines of the benchmark corpora.
func TestAppendViolationsLimitCorpora(t *testing.T) {
	for _, lines := range corpus.All(t) {
		for _, s := range lines {
			for _, o := range limitOptions[:2] {
				for _, n := range []int{0, 1, 3} {
					checkLimit(t, o, s, n)
				}
			}
		}
	}
}

// When several violations of a check share an offset (Lint has none
// today), the limiter keeps those the sorted list has first: the ones
// added first.
func TestLimiterTies(t *testing.T) {
	m := limiter{n: 2}
	for i, off := range []int{5, 5, 5, 9, 3, 5} {
		m.add(CheckBidiMixed, SeverityWarning, off, i, "ipath") // Length tells them apart
	}
	var got []int
	for _, v := range m.appendKept(nil) {
		got = append(got, v.Offset, v.Length)
	}
	if want := []int{3, 4, 5, 0}; !slices.Equal(got, want) {
		t.Errorf("kept (offset, length) %v, want %v", got, want)
	}
	if n := m.tally.Count(CheckBidiMixed); n != 6 {
		t.Errorf("counted %d", n)
	}
}
