package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// scoreLines are n lines of a parser that accepts everything, each with
// a distinct feature, a known one every third line, and every second
// line a distinct rule of width bytes.
func scoreLines(n, width int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		feat := fmt.Sprintf("f%d", i)
		if i%3 == 0 {
			feat = "ipv6-9"
		}
		rule := "IRI"
		if i%2 == 0 {
			rule = fmt.Sprintf("r%0*d", width, i)
		}
		fmt.Fprintf(&b, `{"valid":%v,"got_valid":true,"rule":%q,"features":[%q]}`+"\n", i%5 != 0, rule, feat)
	}
	return b.String()
}

// A table keeps at most maxUnknown names beyond the known ones and counts
// the rest in one row; the report is the same with any --jobs, and the
// rows add up to every sample (500,000 distinct names once took 1.3 GB).
func TestScoreBounded(t *testing.T) {
	lines := scoreLines(6000, 8)
	var want string
	for _, jobs := range []string{"1", "2", "5", "8"} {
		out, errOut, code := runIRI(t, lines, "score", "--json", "--jobs", jobs)
		if want == "" {
			want = out
			var rep scoreReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitInvalid || errOut != "" {
				t.Fatalf("exit %d, %v, stderr %q", code, err, errOut)
			}
			for _, tab := range []struct {
				name string
				rows []tally
				kept int // rows not counted as other
			}{{"features", rep.Features, 1 + maxUnknown}, {"rules", rep.Rules, 1 + maxUnknown}} {
				sum, agreed := 0, 0
				for _, r := range tab.rows {
					sum += r.Samples
					agreed += r.Agreed
				}
				last := tab.rows[len(tab.rows)-1]
				if sum != 6000 || agreed != rep.Agreed || len(tab.rows) != tab.kept+1 || !last.Other || last.Name != otherName {
					t.Errorf("%s: %d rows, %d samples, %d agreed (of %d), last %+v", tab.name, len(tab.rows), sum, agreed, rep.Agreed, last)
				}
			}
		}
		if out != want {
			t.Errorf("--jobs %s gives another report", jobs)
		}
	}

	// What a table holds stays bounded however long and many the names.
	r := newLineRun(strings.NewReader(""), io.Discard, io.Discard)
	h, _ := startScore(&flags{}, nil, r)
	in := strings.Split(scoreLines(4000, 8<<10), "\n")
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for i, l := range in {
		h.input("x", i+1, input{s: l})
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(h)
	runtime.KeepAlive(in)
	if kept := int64(m1.HeapAlloc) - int64(m0.HeapAlloc); kept > 4<<20 {
		t.Errorf("score holds %d bytes after 2,000 rules of 8 KiB", kept)
	}
}

// Names are shown in display form: an ESC or an RLO in a line does not
// reach the terminal.
func TestScoreDisplay(t *testing.T) {
	line := `{"valid":true,"got_valid":true,"rule":"\u001b[31mred","features":["a\u202eb"],"productions":["p\u0007"]}` + "\n"
	out, _, _ := runIRI(t, line, "score")
	if strings.ContainsAny(out, "\x1b\u202e\a") {
		t.Errorf("raw controls in the report:\n%q", out)
	}
	for _, want := range []string{`\x1b[31mred`, `a\u202eb`, `p\a`} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %s:\n%s", want, out)
		}
	}
}
