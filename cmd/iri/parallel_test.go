package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
	"github.com/irikit/iri/internal/hostile"
)

// jobsInput returns two files of corpus lines, with invalid lines, long
// lines and a non-UTF-8 line among them, and their JSON-string forms.
func jobsInput(t *testing.T) (text, jsonl []string) {
	lines := corpus.Lines(t, "kasztp.txt")[:6000]
	lines = append(lines, corpus.Lines(t, "wiki_iris_7lang.txt")[:6000]...)
	lines = append(lines, "a b", "http://h/\xff", strings.Repeat("x", 300<<10), "", "http://[::1", "g?y#s",
		"http://h/crlf\r", "http://h/\u200e", "http://h/ok", "http://")
	var a, b, ja, jb strings.Builder
	for i, l := range lines {
		q, _ := json.Marshal(l)
		if i%2 == 0 {
			a.WriteString(l + "\n")
			ja.Write(append(q, '\n'))
		} else {
			b.WriteString(l + "\n")
			jb.Write(append(q, '\n'))
		}
	}
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	missing := filepath.Join(dir, "missing.txt")
	return []string{write("a.txt", a.String()), missing, write("b.txt", b.String())},
		[]string{write("a.jsonl", ja.String()), missing, write("b.jsonl", jb.String())}
}

// Every line command writes the same bytes, on both streams, with the
// same exit status, on one core as on several.
func TestJobsSameOutput(t *testing.T) {
	text, jsonl := jobsInput(t)
	cmds := [][]string{
		{"parse"}, {"check"}, {"to-uri"}, {"to-uri", "--idna"}, {"to-iri"}, {"to-iri", "--idna"},
		{"resolve", "--base", "http://a/b/c"}, {"relativize", "--base", "http://a/b/c"},
		{"normalize", "--level", "scheme"}, {"lint"}, {"display"}, {"check", "--rule", "URI"},
		{"check", "--allow-bidi"}, {"check", "--rule", "absolute-IRI"},
		{"parse", "--json"}, {"check", "--json"}, {"lint", "--json"}, {"normalize", "--json"},
		{"parse", "--json", "--json-in"}, {"check", "--json", "--json-in"}, {"lint", "--json", "--json-in"},
		{"normalize", "--json", "--json-in"}, {"to-uri", "--json-in"},
	}
	for _, args := range cmds {
		files := text
		if slices.Contains(args, "--json-in") {
			files = jsonl
		}
		run1 := func(jobs int) (string, string, int) {
			return runIRI(t, "", append(append(append([]string{}, args...), "--jobs", strconv.Itoa(jobs)), files...)...)
		}
		out1, err1, code1 := run1(1)
		for _, jobs := range []int{2, 5} {
			out, errOut, code := run1(jobs)
			if out != out1 || errOut != err1 || code != code1 {
				t.Errorf("%v --jobs %d: %d bytes out, %d err, exit %d; --jobs 1: %d, %d, %d", args, jobs, len(out), len(errOut), code, len(out1), len(err1), code1)
			}
		}
		if len(out1)+len(err1) == 0 {
			t.Errorf("%v wrote nothing: the test compares nothing", args)
		}
	}
}

// score sums up on every worker and merges: the same report.
func TestJobsScore(t *testing.T) {
	gen, _, _ := runIRI(t, "", "generate", "--json", "--n", "3000", "--invalid", "0.5")
	lines := withVerdict(t, gen, func(rec map[string]any) (bool, map[string]any) {
		return len(rec["input"].(string))%3 != 0, map[string]any{"path": "x"}
	})
	out1, _, code1 := runIRI(t, lines, "score", "--jobs", "1")
	out4, _, code4 := runIRI(t, lines, "score", "--jobs", "4")
	if out1 != out4 || code1 != code4 || !strings.Contains(out1, "3000 samples") {
		t.Errorf("score --jobs 4 differs from --jobs 1:\n%s\n%s", out4, out1)
	}
}

func TestJobsUsage(t *testing.T) {
	for _, j := range []string{"0", "-1", "x", "257", "99999999999", "99999999999999999999"} {
		if _, errOut, code := runIRI(t, "a\n", "check", "--jobs", j); code != exitError || errOut == "" {
			t.Errorf("--jobs %s: exit %d, stderr %q", j, code, errOut)
		}
	}
}

// Answers come before the input ends on several cores too.
func TestJobsInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	out := make(chanWriter, 10)
	done := make(chan int)
	go func() { done <- run([]string{"parse", "--json-in", "--json", "--jobs", "4"}, inR, out, io.Discard) }()
	for i := 0; i < 5; i++ {
		line := `"http://h/` + strconv.Itoa(i) + `"`
		io.WriteString(inW, line+"\n")
		select {
		case got := <-out:
			if !strings.Contains(got, `"path":"/`+strconv.Itoa(i)+`"`) {
				t.Errorf("answer %q to %s", got, line)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %s", line)
		}
	}
	inW.Close()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
}

// lazyLines is an input of n bytes of reference lines, made as it is
// read, so that a test can stream gigabytes through the command.
type lazyLines struct {
	left int64
	buf  []byte
	i    int
	rtl  bool // lines of right-to-left labels, with many violations each
	zero bool // zero bytes and no LF, as /dev/zero
}

func (l *lazyLines) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, io.EOF
	}
	if l.zero {
		n := int(min(int64(len(p)), l.left))
		clear(p[:n])
		l.left -= int64(n)
		return n, nil
	}
	n := 0
	for n < len(p) && l.left > 0 {
		if len(l.buf) == 0 && l.rtl {
			l.i++
			l.buf = append(l.buf[:0], "http://"+strings.Repeat("אa.", 20)+"com/"...)
			l.buf = strconv.AppendInt(l.buf, int64(l.i), 10)
			l.buf = append(l.buf, '\n')
		}
		if len(l.buf) == 0 {
			l.i++
			l.buf = append(l.buf[:0], "http://例え.jp/パス/"...)
			l.buf = strconv.AppendInt(l.buf, int64(l.i), 10)
			if l.i%7 == 0 {
				l.buf = append(l.buf, " bad"...)
			}
			l.buf = append(l.buf, '\n')
		}
		k := copy(p[n:], l.buf)
		if int64(k) > l.left {
			k = int(l.left)
		}
		l.buf = l.buf[k:]
		n += k
		l.left -= int64(k)
	}
	return n, nil
}

// One gigabyte streams through --jobs 2 with the heap bounded. About 64
// times over the input a heapSampler stops it, lets the chunks in flight
// drain, collects garbage and reads runtime.ReadMemStats: what the run
// keeps live (HeapInuse then, less what was live before it started, such as
// internal/hostile's 128 MiB cache-eviction buffer when TestCommandsLinear
// ran first) never passes 64 MiB. Stopping the input keeps the garbage
// made between the collection and the reading out of the figure: with a
// large heap from earlier tests, the collector lets that garbage reach as
// much again before it runs.
func TestJobsFlatMemory(t *testing.T) {
	hostile.RequireLinear(t)
	if testing.Short() || raceEnabled {
		t.Skip("streams a gigabyte; CI runs it without -short and -race")
	}
	for _, tc := range []struct {
		args        []string
		in          *lazyLines
		limit       int64 // MiB
		code        int
		out, stderr bool // whether each has something
	}{
		{[]string{"check", "--jobs", "2"}, &lazyLines{left: 1 << 30}, 64, exitInvalid, true, false},
		{[]string{"to-uri", "--jobs", "2"}, &lazyLines{left: 1 << 30}, 64, exitInvalid, true, true},
		// Output past spillSize streams out: lint writes 300 bytes a
		// byte of these lines, which chunks once held whole (9.2 GB for
		// one 16 MiB line).
		{[]string{"lint", "--max-violations", "0", "--jobs", "2"}, &lazyLines{left: 1 << 20, rtl: true}, 64, exitOK, true, false},
		{[]string{"lint", "--max-violations", "0", "--jobs", "5"}, &lazyLines{left: 1 << 20, rtl: true}, 64, exitOK, true, false},
		// /dev/zero: one endless line, passed over past --max-line.
		{[]string{"check", "--max-line", "1MiB", "--jobs", "1"}, &lazyLines{left: 8 << 30, zero: true}, 64, exitError, false, true},
		{[]string{"check", "--max-line", "1MiB", "--jobs", "2"}, &lazyLines{left: 8 << 30, zero: true}, 64, exitError, false, true},
		{[]string{"check", "--jobs", "1"}, &lazyLines{left: 8 << 30, zero: true}, 4*defaultMaxLine>>20 + 64, exitError, false, true},
		{[]string{"check", "--jobs", "2"}, &lazyLines{left: 8 << 30, zero: true}, 4*defaultMaxLine>>20 + 64, exitError, false, true},
	} {
		args, in := tc.args, tc.in
		size := in.left
		base := liveHeap()
		sampler := newHeapSampler(in, size, 64)
		// Counted, not kept: to-uri reports each invalid line there.
		var out, errOut countWriter
		code := run(args, sampler, &out, &errOut)
		if code != tc.code || (out.n > 0) != tc.out || (errOut.n > 0) != tc.stderr {
			t.Errorf("%v: exit %d, %d bytes out, %d bytes on stderr", args, code, out.n, errOut.n)
		}
		peak, samples := sampler.result()
		if samples == 0 {
			t.Errorf("%v on %d MiB: the input was not read to its end: nothing measured", args, size>>20)
		}
		grew := int64(peak) - int64(base)
		if grew > tc.limit<<20 {
			t.Errorf("%v on %d MiB: the live heap grew by %d MiB, more than %d", args, size>>20, grew>>20, tc.limit)
		}
		t.Logf("%v on %d MiB: live heap %d MiB before, at most %d MiB during (%d samples); %d MB written", args, size>>20, base>>20, peak>>20, samples, out.n>>20)
	}
}

// check passes over valid lines without the command, to-uri writes their
// URI form in one pass of the encoder (ValidLines, on one core and on
// several), and normalize their normal form in one call
// (AppendNormalizeLines); with --stats each hands every line over. Both must write
// the same: the skipping drops no invalid line, misnumbers none and
// writes each valid line's URI form once.
func TestSkippingSameOutput(t *testing.T) {
	text, _ := jobsInput(t)
	for _, cmd := range []string{"check", "to-uri", "normalize"} {
		for _, extra := range [][]string{nil, {"--rule", "URI"}, {"--allow-bidi"}, {"--rule", "absolute-IRI"}, {"--rule", "irelative-ref"}, {"--level", "scheme"}, {"--uri"}, {"--aligned"}} {
			if len(extra) > 0 && (cmd != "normalize" && (extra[0] == "--level" || extra[0] == "--uri") || cmd == "check" && extra[0] == "--aligned") {
				continue // normalize's flags; check writes no lines to align
			}
			ref := append(append([]string{cmd, "--stats", "--jobs", "1"}, extra...), text...)
			want, _, wantCode := runIRI(t, "", ref...)
			if strings.Count(want, "\n") < 3 {
				t.Fatalf("%v: %d lines out: too few to compare", ref, strings.Count(want, "\n"))
			}
			for _, jobs := range []string{"1", "2", "5"} {
				args := append(append([]string{cmd, "--jobs", jobs}, extra...), text...)
				got, _, code := runIRI(t, "", args...)
				if got != want || code != wantCode {
					t.Errorf("%v: %d bytes, exit %d; without skipping %d bytes, exit %d", args, len(got), code, len(want), wantCode)
				}
			}
		}
		// A last line without its LF, valid and not.
		for _, in := range []string{"http://a/b\nhttp://c/d", "http://a/b\nhttp://c/d e", "http://c/d", "http://a/b\nhttp://例/ü"} {
			want, _, wantCode := runIRI(t, in, cmd, "--stats", "--jobs", "1")
			for _, jobs := range []string{"1", "2"} {
				if got, _, code := runIRI(t, in, cmd, "--jobs", jobs); got != want || code != wantCode {
					t.Errorf("%s --jobs %s on %q: %q, exit %d; without skipping %q, exit %d", cmd, jobs, in, got, code, want, wantCode)
				}
			}
		}
	}
}

// A chunk whose output passes spillSize hands it to the writer as it
// goes (on one line, and over many): the output is still that of --jobs
// 1, byte for byte, on both streams. Short enough for -race.
func TestJobsSpill(t *testing.T) {
	var many strings.Builder
	for i := 0; many.Len() < 32<<10; i++ {
		many.WriteString("http://" + strings.Repeat("\u05d0a.", 8) + "com/" + strconv.Itoa(i) + "\n")
		if i%5 == 0 {
			many.WriteString("a b\n")
		}
	}
	one := "http://" + strings.Repeat("\u05d0a.", 3000) + "com/\nhttp://h/ok\n"
	for _, in := range []string{many.String(), one} {
		want, wantErr, wantCode := runIRI(t, in, "lint", "--max-violations", "0", "--rule", "absolute-IRI", "--jobs", "1")
		if len(want) < 2*spillSize {
			t.Fatalf("%d bytes of output: too few to spill", len(want))
		}
		for _, jobs := range []string{"2", "5"} {
			out, errOut, code := runIRI(t, in, "lint", "--max-violations", "0", "--rule", "absolute-IRI", "--jobs", jobs)
			if out != want || errOut != wantErr || code != wantCode {
				t.Errorf("--jobs %s: %d bytes, exit %d; --jobs 1: %d bytes, exit %d", jobs, len(out), code, len(want), wantCode)
			}
		}
	}
}

// The commands that have a bulk form give it where it applies, so that
// TestSkippingSameOutput compares it with input's, and not where their
// flags ask for more than the line's result.
func TestSkippers(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start func(*flags, []string, *lineRun) (handler, error)
		f     flags
		r     lineRun
		bulk  bool
	}{
		{"check", startCheck, flags{}, lineRun{}, true},
		{"check --json", startCheck, flags{}, lineRun{json: true}, false},
		{"to-uri", startToURI, flags{}, lineRun{}, true},
		{"to-uri --idna", startToURI, flags{idna: true}, lineRun{}, false},
		{"normalize", startNormalize, flags{level: "scheme"}, lineRun{}, true},
		{"normalize --rule IRI", startNormalize, flags{level: "syntax", rule: ruleFlag{iri.RuleIRI}}, lineRun{}, false},
		{"normalize --json", startNormalize, flags{level: "syntax"}, lineRun{json: true}, false},
	} {
		h, err := tc.start(&tc.f, nil, &tc.r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := h.skipper() != nil; got != tc.bulk {
			t.Errorf("%s: bulk form %v, want %v", tc.name, got, tc.bulk)
		}
	}
}
