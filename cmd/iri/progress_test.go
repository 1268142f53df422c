package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/schollz/progressbar/v3"
)

// runTerm runs the command with standard error a terminal, and standard
// output one too when both.
func runTerm(t *testing.T, both bool, stdin string, args ...string) (string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	old := isTerminal
	isTerminal = func(w io.Writer) bool { return w == io.Writer(&errOut) || both && w == io.Writer(&out) }
	defer func() { isTerminal = old }()
	run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String()
}

func progressInput(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "in.txt")
	var b strings.Builder
	for b.Len() < 2<<20 {
		b.WriteString("http://例え.jp/パス?q=1\nhttp://h/a b\n")
	}
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// At a terminal, a file's run shows a bar to 100 % with the lines and
// the time, and the messages still read whole; --quiet shows none; the
// output does not change.
func TestProgressBar(t *testing.T) {
	in := progressInput(t)
	plainOut, plainErr, _ := runIRI(t, "", "to-uri", in)
	for _, jobs := range []string{"1", "2"} {
		out, errOut := runTerm(t, false, "", "to-uri", "--jobs", jobs, in)
		if out != plainOut {
			t.Errorf("--jobs %s: the bar changed standard output", jobs)
		}
		last := errOut[strings.LastIndexByte(strings.TrimSuffix(errOut, "\n"), '\r')+1:]
		for _, want := range []string{"to-uri: ", " lines, ", " lines/s", "100%", "MB", "MB/s"} {
			if !strings.Contains(last, want) {
				t.Errorf("--jobs %s: the last state of the bar %q lacks %q", jobs, last, want)
			}
		}
		// Every message is there, whole, after the bar is cleared.
		msgs := 0
		for _, l := range strings.Split(errOut, "\n") {
			if i := strings.Index(l, in+":"); i >= 0 {
				if !strings.HasSuffix(l, `found ' ', expected ipchar, "/", "?" or "#" (ipath)`) {
					t.Fatalf("a broken message: %q", l[i:])
				}
				msgs++
			}
		}
		if want := strings.Count(plainErr, "\n"); msgs != want {
			t.Errorf("--jobs %s: %d messages, want %d", jobs, msgs, want)
		}
	}
	if _, errOut := runTerm(t, false, "", "check", "--quiet", in); errOut != "" {
		t.Errorf("--quiet wrote %.100q", errOut)
	}
	// Standard output at the same terminal: the bar would be drawn over
	// the results, so there is none.
	if _, errOut := runTerm(t, true, "", "check", in); strings.Contains(errOut, "%") {
		t.Errorf("with standard output a terminal: %.100q", errOut)
	}
}

// validInput writes a file of size bytes of valid lines, for which check
// writes nothing.
func validInput(t *testing.T, size int) string {
	p := filepath.Join(t.TempDir(), "valid.txt")
	line := "http://例え.jp/パス?q=1\n"
	if err := os.WriteFile(p, []byte(strings.Repeat(line, size/len(line))), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// barBound is the most the bar may write to standard error in a run of
// elapsed: a redraw a tenth of a second, each at most a clear and a bar
// of width, and a few more (the blank state, the last one).
func barBound(elapsed time.Duration, width int) int {
	return (int(elapsed/redrawEvery) + 4) * (2*width + 4)
}

// The bar is redrawn at most ten times a second, on one engine and on
// several, when nothing else is written: no read and no empty message
// clears or redraws it (--jobs 2 once cleared it twice a chunk).
func TestProgressRedraws(t *testing.T) {
	in := validInput(t, 8<<20)
	for _, jobs := range []string{"1", "2", "4"} {
		t0 := time.Now()
		out, errOut := runTerm(t, false, "", "check", "--jobs", jobs, in)
		elapsed := time.Since(t0)
		if out != "" || !strings.Contains(errOut, "100%") {
			t.Fatalf("--jobs %s: out %.100q, stderr %.300q", jobs, out, errOut)
		}
		width := 0
		for _, seg := range strings.Split(errOut, "\r") {
			width = max(width, len(seg))
		}
		if bound := barBound(elapsed, width); len(errOut) > bound {
			t.Errorf("--jobs %s: %d bytes on standard error in %v, more than %d (%d clears)", jobs, len(errOut), elapsed, bound, strings.Count(errOut, "\r")/2)
		}
	}
	// A message clears the bar once; the next one, or an empty write,
	// finds it gone.
	var term strings.Builder
	p := &progress{w: &term}
	p.bar = progressbar.NewOptions64(10, progressbar.OptionSetWriter(&p.frame), progressbar.OptionSetRenderBlankState(true))
	p.draw()
	term.Reset()
	m := p.messages()
	m.Write(nil)
	if term.Len() != 0 || !p.shown {
		t.Errorf("an empty write wrote %q", term.String())
	}
	m.Write([]byte("a\n"))
	m.Write([]byte("b\n"))
	if !strings.HasSuffix(term.String(), "a\nb\n") || !strings.HasPrefix(term.String(), "\r") || strings.Count(term.String(), "\r") > 2 {
		t.Errorf("two messages: %q", term.String())
	}
}

// Of a pipe, whose size is unknown, the bar is a running count.
func TestProgressCount(t *testing.T) {
	_, errOut := runTerm(t, false, strings.Repeat("http://h/\n", 50000), "check")
	if !strings.Contains(errOut, "check: 50000 lines") || strings.Contains(errOut, "%") {
		t.Errorf("count: %.300q", errOut)
	}
}

// Not at a terminal (the other tests' standard error), nothing.
func TestProgressNotTerminal(t *testing.T) {
	if _, errOut, _ := runIRI(t, "http://h/\n", "check", progressInput(t)); errOut != "" {
		t.Errorf("stderr %.100q", errOut)
	}
}

// The real thing: the command in a pseudo-terminal (script(1)) shows its
// bar, and behind a pipe it does not.
func TestProgressPTY(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to run a pseudo-terminal")
	}
	bin := filepath.Join(t.TempDir(), "iri")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	in := progressInput(t)
	out, err := exec.Command(script, "-qec", "stty cols 120; "+bin+" check "+in+" > /dev/null", "/dev/null").CombinedOutput()
	if !strings.Contains(string(out), "100%") || !strings.Contains(string(out), "check: ") {
		t.Errorf("in a pty: %v, %.300q", err, out)
	}
	// --jobs 2 on 16 MiB of valid lines: a redraw a tenth of a second
	// and nothing more.
	valid := validInput(t, 16<<20)
	t0 := time.Now()
	out, err = exec.Command(script, "-qec", "stty cols 120; "+bin+" check --jobs 2 "+valid+" > /dev/null", "/dev/null").CombinedOutput()
	elapsed := time.Since(t0)
	if bound := barBound(elapsed, 120); err != nil || len(out) > bound || !strings.Contains(string(out), "100%") {
		t.Errorf("--jobs 2 in a pty: %v, %d bytes in %v, more than %d: %.300q", err, len(out), elapsed, bound, out)
	}
	cmd := exec.Command(bin, "check", in)
	cmd.Stdout = io.Discard
	errOut, _ := cmd.StderrPipe()
	cmd.Start()
	b, _ := io.ReadAll(errOut)
	cmd.Wait()
	if strings.Contains(string(b), "%") {
		t.Errorf("behind a pipe: %.300q", b)
	}
}
