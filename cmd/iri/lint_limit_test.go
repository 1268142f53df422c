package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/hostile"
	"github.com/irikit/iri/lint"
)

// limitLines returns the lines TestLintLimitOutput lints: random
// references made of pieces that trigger every check, many times over,
// the hostile families at small sizes, and a sample of the corpora.
func limitLines(t *testing.T) []string {
	pieces := []string{"http://", "https://", "mailto:", "urn:", "file:", "ws://", "//", "/", "?", "#", "=", "&", ".", ":", "@",
		"a", "1", "-", "xn--", "xn--bcher-kva", "u:p@", ":80", ":", "\u05d0", "\u05d1", "\u0627", "\u0661",
		"\u0301", "\u0316", "\u0340", "e\u0301", "\u00e9", "\uff21", "\uff0e", "\u3002", "\u2025", "\u2215", "\u200b", "\u200c", "\u200d",
		"\u202e", "\u200e", "\u2066", "\ufe0f", "\U000e0100", "\ue000", "\U0001F3F4", "\U0001F600", "\u0430", "\u4f8b",
		"%2e", "%2E", "%2f", "%5C", "%40", "%3A", "%C3%A9", "%C0%AF", "%FF", "%E2%80%AE", "%F3%A0%81%A7", "%F0%9F%8F%B4",
		"%31", "%EF%BC%8E", "%EF%B8%8F", "%00", "\u1100\u1161\u11a8", "\u094d", "0x7f", "[::1]", "\ufb01", "\u2126", "\u0958", " "}
	rnd := rand.New(rand.NewPCG(3, 1))
	var lines []string
	for range 1500 {
		var b strings.Builder
		for range 1 + rnd.IntN(40) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	for _, fam := range hostile.Families {
		for _, size := range []int{100, 1000} {
			lines = append(lines, strings.Split(fam.Make(size), "\n")...)
		}
	}
	for _, c := range corpus.All(t) {
		for i := 0; i < len(c); i += 97 {
			lines = append(lines, c[i])
		}
	}
	return lines
}

// limitText returns what lint's text output at --max-violations n is
// to be, given all, its output at --max-violations 0: for each line the
// first n violations of each check, in order of offset, and a line that
// counts the rest by check.
func limitText(t *testing.T, all string, n int) string {
	header := regexp.MustCompile(`^(<stdin>:[0-9]+: )[a-z]+ ([a-z0-9-]+) at byte `)
	lines := strings.SplitAfter(all, "\n")
	lines = lines[:len(lines)-1] // after the last '\n'
	if len(lines)%3 != 0 {
		t.Fatalf("--max-violations 0: %d lines, not 3 a violation", len(lines))
	}
	var out strings.Builder
	loc, seen, left := "", map[string]int{}, 0
	flush := func() {
		if left > 0 {
			var sum []string
			for _, c := range lint.Checks() {
				if k := seen[c.String()]; k > n {
					sum = append(sum, c.String()+" "+strconv.Itoa(k-n))
				}
			}
			out.WriteString(loc + strconv.Itoa(left) + " more violations not shown (" + strings.Join(sum, ", ") + "); --max-violations 0 shows them all\n")
		}
		clear(seen)
		left = 0
	}
	for i := 0; i < len(lines); i += 3 {
		m := header.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("--max-violations 0: %q is no violation's first line", lines[i])
		}
		if m[1] != loc {
			flush()
			loc = m[1]
		}
		if seen[m[2]] < n {
			out.WriteString(lines[i] + lines[i+1] + lines[i+2])
		} else {
			left++
		}
		seen[m[2]]++
	}
	flush()
	return out.String()
}

// limitJSON is limitText for --json: each record with the first n
// violations of each check and "omitted", by code, the count of the
// rest, written as lint writes it.
func limitJSON(t *testing.T, all string, n int) string {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	for _, l := range strings.SplitAfter(strings.TrimSuffix(all, "\n"), "\n") {
		var rec lintRecord
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("--max-violations 0 --json: %v: %q", err, l)
		}
		seen := map[lint.Check]int{}
		kept := []lint.Violation{}
		for _, v := range rec.Violations {
			if seen[v.Check] < n {
				kept = append(kept, v)
			} else {
				if rec.Omitted == nil {
					rec.Omitted = map[string]int{}
				}
				rec.Omitted[v.Check.String()]++
			}
			seen[v.Check]++
		}
		rec.Violations = kept
		enc.Encode(rec)
	}
	return out.String()
}

// oldCodes is the text cell of lint --field as it was computed from
// Lint's whole list: each code once, in order of its first violation,
// with ":N" for N > 1.
func oldCodes(vs []lint.Violation) string {
	count := map[lint.Check]int{}
	for _, v := range vs {
		count[v.Check]++
	}
	var cell []string
	for _, v := range vs {
		if n := count[v.Check]; n > 0 {
			c := v.Check.String()
			if n > 1 {
				c += ":" + strconv.Itoa(n)
			}
			cell = append(cell, c)
			count[v.Check] = 0
		}
	}
	return strings.Join(cell, " ")
}

// lint keeps at most --max-violations of each check of a line (lint's
// AppendViolationsLimit) rather than the whole list, and writes what it
// wrote from the whole list: in text, the first N violations of each
// check and the line that counts the rest; in --json, the same and
// "omitted"; the --field cell, which counts every violation; --stats
// and the exit status, which see them all. The whole list is the output
// at --max-violations 0 and lint.Lint's.
func TestLintLimitOutput(t *testing.T) {
	lines := limitLines(t)
	in := strings.Join(lines, "\n") + "\n"
	for _, profile := range []string{"rfc3987", "strict"} {
		opts := lint.Options{}
		opts.Profile, _ = lint.ParseProfile(profile)
		wantCode := exitOK
		wantStats := map[string]int{} // "check severity"
		for _, s := range lines {
			vs := lint.Lint(s, opts)
			if lint.HasErrors(vs) {
				wantCode = exitInvalid
			}
			for _, v := range vs {
				wantStats[v.Check.String()+" "+v.Severity.String()]++
			}
		}
		lintArgs := func(more ...string) []string {
			return append([]string{"lint", "--profile", profile}, more...)
		}
		all, stats0, code := runIRI(t, in, lintArgs("--max-violations", "0", "--stats")...)
		allJSON, statsJSON0, codeJSON := runIRI(t, in, lintArgs("--max-violations", "0", "--json", "--stats")...)
		if code != wantCode || codeJSON != wantCode {
			t.Fatalf("%s --max-violations 0: exit %d and %d with --json, want %d", profile, code, codeJSON, wantCode)
		}
		checkStats := func(what, stats string) {
			var rep struct{ Lint []lintCount }
			if err := json.Unmarshal([]byte(stats), &rep); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			got := map[string]int{}
			for _, c := range rep.Lint {
				got[c.Check+" "+c.Severity] += int(c.Count)
			}
			if !maps.Equal(got, wantStats) {
				t.Errorf("%s counts %v, Lint %v", what, got, wantStats)
			}
		}
		checkStats(profile+" --max-violations 0 --json --stats", statsJSON0)
		for _, n := range []int{1, 2, 3, 10} {
			for _, jobs := range []string{"1", "2"} {
				if jobs == "2" && n != 2 {
					continue
				}
				max := strconv.Itoa(n)
				out, stats, code := runIRI(t, in, lintArgs("--max-violations", max, "--stats", "--jobs", jobs)...)
				if want := limitText(t, all, n); out != want || code != wantCode {
					t.Errorf("%s --max-violations %s --jobs %s: exit %d, want %d; the output differs from --max-violations 0's, limited (%d bytes, want %d)", profile, max, jobs, code, wantCode, len(out), len(want))
				}
				if stats != stats0 {
					t.Errorf("%s --max-violations %s --stats:\n%s\nwant\n%s", profile, max, stats, stats0)
				}
				out, stats, code = runIRI(t, in, lintArgs("--max-violations", max, "--json", "--stats", "--jobs", jobs)...)
				if want := limitJSON(t, allJSON, n); out != want || code != wantCode {
					t.Errorf("%s --max-violations %s --jobs %s --json: exit %d, want %d; the output differs from --max-violations 0's, limited (%d bytes, want %d)", profile, max, jobs, code, wantCode, len(out), len(want))
				}
				checkStats(profile+" --max-violations "+max+" --json --stats", stats)
			}
		}
		// The exit status of each line on its own, for a sample.
		for i := 0; i < len(lines); i += 7 {
			want := exitOK
			if lint.HasErrors(lint.Lint(lines[i], opts)) {
				want = exitInvalid
			}
			if _, _, code := runIRI(t, lines[i]+"\n", lintArgs("--max-violations", "1")...); code != want {
				t.Errorf("%s --max-violations 1 on %+.60q: exit %d, want %d", profile, lines[i], code, want)
			}
		}
		// The text cell of --field, on the lines a TSV column can hold.
		var tsv strings.Builder
		cellLines := slices.DeleteFunc(slices.Clone(lines), func(s string) bool { return strings.Contains(s, "\t") })
		lines := cellLines
		for i, s := range lines {
			tsv.WriteString(strconv.Itoa(i) + "\t" + s + "\n")
		}
		out, _, code := runIRI(t, tsv.String(), lintArgs("--field", "2")...)
		cells := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(cells) != len(lines) || code != wantCode {
			t.Fatalf("%s --field 2: exit %d, %d lines for %d", profile, code, len(cells), len(lines))
		}
		for i, s := range lines {
			cell := cells[i][strings.LastIndexByte(cells[i], '\t')+1:]
			if want := oldCodes(lint.Lint(s, opts)); cell != want {
				t.Errorf("%s --field 2 on %+.60q: cell %q, want %q", profile, s, cell, want)
			}
		}
	}
}
