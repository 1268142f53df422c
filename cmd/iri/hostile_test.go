package main

import (
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/internal/hostile"
)

// countWriter counts what is written to it.
type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// runCount runs the command on one input line and returns the bytes it
// wrote to standard output. Without --jobs it runs on the one-line
// engine, in the calling goroutine: hostile.CheckLinear times the
// calling thread, which the workers of --jobs 2 (the default on two
// cores) leave idle, so that their time is not measured, only their
// allocations.
func runCount(line string, args ...string) int {
	if !slices.Contains(args, "--jobs") {
		args = append(args[:len(args):len(args)], "--jobs", "1")
	}
	var out countWriter
	run(args, strings.NewReader(line+"\n"), &out, io.Discard)
	return out.n
}

// A long line is shown as an excerpt around the bytes at fault, with the
// carets under them, and short lines whole, as before.
func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 300) + "/b c/" + strings.Repeat("例", 100)
	out, _, _ := runIRI(t, "http://h/"+long+"\n", "check")
	lines := strings.Split(out, "\n")
	if len(lines) < 3 {
		t.Fatalf("check output %q", out)
	}
	// The fault is the space, byte 311: 64 bytes before it, and 64 after
	// it cut back to the start of the 21st 例.
	want := "..." + strings.Repeat("a", 62) + "/b c/" + strings.Repeat("例", 20) + "..."
	if lines[1] != want {
		t.Errorf("excerpt\n%s\nwant\n%s", lines[1], want)
	}
	if caret := strings.Repeat(" ", 3+64) + "^"; lines[2] != caret {
		t.Errorf("caret line %q, want %q", lines[2], caret)
	}
	// The fault at the start: no "..." before it.
	out, _, _ = runIRI(t, " "+strings.Repeat("a", 400)+"\n", "check")
	if lines = strings.Split(out, "\n"); lines[1] != " "+strings.Repeat("a", 63)+"..." || lines[2] != "^" {
		t.Errorf("excerpt at the start: %q, %q", lines[1], lines[2])
	}
	// A short line is shown whole.
	out, _, _ = runIRI(t, "http://h/a b\n", "check")
	if lines = strings.Split(out, "\n"); lines[1] != "http://h/a b" || lines[2] != "          ^" {
		t.Errorf("short line: %q, %q", lines[1], lines[2])
	}
}

// An excerpt is cut between clusters: it neither begins with a mark, a
// joiner or what a joiner joins, nor ends before one (lint on a line of
// "e\u0301" began an excerpt with "...\u0301"); on a hostile run of marks
// the cut moves back a bounded way, and the excerpt stays bounded.
func TestExcerptCluster(t *testing.T) {
	for _, unit := range []string{"e\u0301", "e\u0301\u0302", "\U0001F469\u200d\U0001F4BB", "\u2764\ufe0f", "\U0001F44B\U0001F3FD", "a\u093f"} {
		for pad := range 8 {
			s := "http://h/" + strings.Repeat("x", pad) + strings.Repeat(unit, 200/len(unit)+1) + " " + strings.Repeat(unit, 200/len(unit)+1)
			out, _, _ := runIRI(t, s+"\n", "check")
			ex := strings.Split(out, "\n")[1]
			body, ok := strings.CutPrefix(ex, "...")
			body, ok2 := strings.CutSuffix(body, "...")
			if !ok || !ok2 {
				t.Fatalf("%+q: excerpt %q is not cut on both sides", unit, ex)
			}
			// The cuts are 64 bytes and more from the space, among the
			// clusters: the excerpt begins and ends with whole ones.
			du := string(appendDisplay(nil, unit))
			if first, _ := utf8.DecodeRuneInString(body); extends(first) || !strings.HasPrefix(body, du) || !strings.HasSuffix(body, du) {
				t.Errorf("%+q, pad %d: the excerpt does not begin and end with whole clusters: %+q", unit, pad, ex)
			}
		}
	}
	// A run of marks longer than the bound: the cut moves back at most
	// maxClusterBack bytes.
	s := "http://h/" + strings.Repeat("\u0301", 300) + " " + strings.Repeat("\u0301", 300)
	out, _, _ := runIRI(t, s+"\n", "check")
	if ex := strings.Split(out, "\n")[1]; len(ex) > 3+excerptContext+maxClusterBack+1+excerptContext+3 {
		t.Errorf("a run of marks: an excerpt of %d bytes", len(ex))
	}
	if got := clusterStart("ae\u0301\u0302b", 4); got != 1 {
		t.Errorf("clusterStart before a second mark = %d, want 1", got)
	}
	if got := clusterStart("\U0001F469\u200d\U0001F4BB", 7); got != 0 {
		t.Errorf("clusterStart after a ZWJ = %d, want 0", got)
	}
}

// charStart never cuts a character, and takes a stray byte as its own.
func TestCharStart(t *testing.T) {
	s := "a例\xbfb"
	for i, want := range []int{0, 1, 1, 1, 4, 5, 6, 6} {
		if got := charStart(s, i); got != want {
			t.Errorf("charStart(%q, %d) = %d, want %d", s, i, got, want)
		}
	}
}

// The output of lint, check and display on one long hostile line is at
// most a constant times the line: each violation shows an excerpt, not
// the whole line (a 64 KiB line once made lint write 2.96 GB).
func TestOutputLinear(t *testing.T) {
	hostile.RequireLinear(t)
	if testing.Short() {
		t.Skip("lints a megabyte")
	}
	line := "http://h/" + strings.Repeat("\u05d0a/", 1<<18)
	for _, args := range [][]string{{"lint", "--max-violations", "0"}, {"lint", "--profile", "strict", "--max-violations", "0"}, {"check", "--rule", "URI"}, {"display"}} {
		if n := runCount(line, args...); n > 256*len(line) {
			t.Errorf("%v wrote %d bytes for a line of %d", args, n, len(line))
		}
	}
	if n := runCount(`"`+line+`"`, "lint", "--json", "--json-in", "--max-violations", "0"); n > 256*len(line) {
		t.Errorf("lint --json wrote %d bytes for a line of %d", n, len(line))
	}
	// By default lint shows 10 violations of each check on a line: its
	// text is bounded whatever the line's length, its JSON is the input
	// and a bounded rest.
	for _, args := range [][]string{{"lint"}, {"lint", "--jobs", "2"}, {"lint", "--json"}} {
		n := runCount(line, args...)
		if slices.Contains(args, "--json") {
			n -= len(line)
		}
		if n > 64<<10 {
			t.Errorf("%v wrote %d bytes for a line of %d", args, n, len(line))
		}
	}
	// Nor does lint keep more than it shows (lint's
	// AppendViolationsLimit): on a 16 MiB line of right-to-left host
	// labels, 16 million violations, or of right-to-left segments, it
	// allocates a few bytes a byte of input, the line read and copied,
	// where Lint's whole list took 272 bytes a byte (3.2 GB of RSS at
	// --jobs 1 and 2).
	for _, line := range []string{"http://" + strings.Repeat("\u05d0a.", 4<<20) + "com/", "http://h/" + strings.Repeat("\u05d01/", 4<<20)} {
		for _, args := range [][]string{{"lint", "--jobs", "1"}, {"lint", "--jobs", "2"}, {"lint", "--json", "--stats", "--jobs", "2"}} {
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			n := runCount(line, args...)
			runtime.ReadMemStats(&m1)
			perByte := float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(line))
			t.Logf("%v on %.20q…: %.2f bytes allocated a byte of input, %d written", args, line, perByte, n)
			if perByte > 16 || n > 64<<10+2*len(line) {
				t.Errorf("%v on a line of %d bytes: %.1f bytes allocated a byte, %d bytes written", args, len(line), perByte, n)
			}
		}
	}
}

// Every command runs in time and memory linear in its input: the same
// check as internal/hostile's TestLinear, on the whole command, for the
// families that reach the most code.
func TestCommandsLinear(t *testing.T) {
	hostile.RequireLinear(t)
	if testing.Short() || raceEnabled {
		t.Skip("slow under -short and -race; CI runs it without them")
	}
	families := map[string]bool{
		"idn-distinct": true, "bidi-labels": true, "fullwidth-dot-labels": true, "jamo-segments": true,
		"twodot-segments": true, "marks-alternating": true, "bidi-query-pairs": true, "pct-utf8": true,
		"pct-non-utf8": true, "invalid-at-end": true,
	}
	for _, args := range [][]string{
		{"parse"}, {"check"}, {"to-uri"}, {"to-uri", "--idna"}, {"to-iri"}, {"to-iri", "--idna"},
		{"resolve", "--base", "http://a/b/c"}, {"relativize", "--base", "http://h/a/b"},
		{"normalize"}, {"normalize", "--level", "scheme"}, {"normalize", "--uri", "--level", "scheme"},
		{"normalize", "--nfc"}, {"normalize", "--nfkc"}, {"normalize", "--decode"},
		{"normalize", "--level", "scheme", "--no-idna"},
		{"lint"}, {"lint", "--json"}, {"display"}, {"display", "--isolate"}, {"parse", "--json"},
		{"lint", "--json-in"}, {"parse", "--json", "--json-in"},
		{"check", "--stats"}, {"check", "--field", "1"},
		{"key"}, {"to-uri", "--aligned"}, {"lint", "--jobs", "2"},
		// Lines too long to keep, passed over on both engines.
		{"check", "--max-line", "64KiB"}, {"check", "--max-line", "64KiB", "--jobs", "2"},
		{"parse", "--json", "--max-line", "200KiB", "--jobs", "2"},
	} {
		json := args[len(args)-1] == "--json-in"
		cmd := func(s string) int {
			if json {
				s = `"` + s + `"` // the families hold no '"' or '\'
			}
			return runCount(s, args...)
		}
		for _, fam := range hostile.Families {
			if families[fam.Name] {
				t.Run(strings.Join(args, " ")+"/"+fam.Name, func(t *testing.T) {
					hostile.CheckLinear(t, "iri "+strings.Join(args, " "), cmd, fam)
				})
			}
		}
	}
	// --field on CSV records that span lines: a quote the file never
	// closes (one record of every line), and many records of two lines.
	for _, fam := range []hostile.Family{
		{Name: "open-quote", Make: func(n int) string { return `1,"` + strings.Repeat("x,\"\"\n", n/5) }},
		{Name: "two-line-records", Make: func(n int) string { return strings.Repeat("\"http://a/\nb\",c\n", n/16) }},
	} {
		for _, args := range [][]string{{"check", "--field", "1", "--delimiter", ",", "--jobs", "1"}, {"check", "--field", "1", "--delimiter", ",", "--jobs", "2"}} {
			t.Run(strings.Join(args, " ")+"/"+fam.Name, func(t *testing.T) {
				hostile.CheckLinear(t, "iri "+strings.Join(args, " "), func(s string) int { return runCount(s, args...) }, fam)
			})
		}
	}
	// Many lines of distinct hosts, long and short: --stats keeps a bounded
	// summary on both engines (it once kept 1,024 hosts whole).
	for _, width := range []int{16, 64 << 10} {
		fam := hostile.Family{Name: "distinct-hosts-" + strconv.Itoa(width), Make: func(n int) string {
			var b strings.Builder
			for i := 0; b.Len() < n; i++ {
				h := strconv.Itoa(i) + "."
				b.WriteString("http://" + h + strings.Repeat("h", max(width-len(h), 1)) + "/\n")
			}
			return strings.TrimSuffix(b.String(), "\n")
		}}
		for _, args := range [][]string{{"check", "--stats", "--jobs", "1"}, {"check", "--stats", "--jobs", "2"}} {
			t.Run(strings.Join(args, " ")+"/"+fam.Name, func(t *testing.T) {
				hostile.CheckLinear(t, "iri "+strings.Join(args, " "), func(s string) int { return runCount(s, args...) }, fam)
			})
		}
	}
	// Many lines, all valid or all not: check's and to-uri's pass over valid lines
	// and its way back to the command for each that fails.
	for _, args := range [][]string{{"check", "--jobs", "2"}, {"check", "--jobs", "1"}, {"check", "--stats"}, {"to-uri", "--jobs", "2"}, {"to-uri", "--jobs", "1"}} {
		for _, fam := range hostile.Families {
			if fam.Name == "lines" || fam.Name == "bad-lines" {
				t.Run(strings.Join(args, " ")+"/"+fam.Name, func(t *testing.T) {
					hostile.CheckLinear(t, "iri "+strings.Join(args, " "), func(s string) int { return runCount(s, args...) }, fam)
				})
			}
		}
	}
}
