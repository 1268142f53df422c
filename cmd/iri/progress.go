package main

import (
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress on standard error, for long runs at a terminal: a bar of the
// bytes read out of the input's total size when that is known (regular
// files), with lines/s, MB/s, the time elapsed and the time left; a
// running count when it is not (a pipe). Nothing when standard error is
// not a terminal, when standard output is one too, or with --quiet.

// isTerminal reports whether w is a terminal; tests replace it.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progress shows how far a run has come.
type progress struct {
	mu      sync.Mutex // serializes the bar's updates and the run's messages
	bar     *progressbar.ProgressBar
	w       io.Writer
	command string
	lines   atomic.Int64
	start   time.Time
	stop    chan struct{}
	done    chan struct{}
}

// startProgress returns a progress for a run of command over the named
// files, or nil when none is to be shown: with --quiet, when standard
// error is not a terminal, or when standard output is one too, where the
// bar would be drawn over the results.
func startProgress(stdout, stderr io.Writer, stdin io.Reader, command string, names []string, quiet bool) *progress {
	if quiet || !isTerminal(stderr) || isTerminal(stdout) {
		return nil
	}
	if len(names) == 0 {
		names = []string{"-"}
	}
	total := int64(0)
	for _, name := range names {
		var fi os.FileInfo
		var err error
		if name == "-" {
			f, ok := stdin.(*os.File)
			if !ok {
				total = -1
				break
			}
			fi, err = f.Stat()
		} else {
			fi, err = os.Stat(name)
		}
		if err != nil || !fi.Mode().IsRegular() {
			total = -1 // a pipe, or a file that will be reported
			break
		}
		total += fi.Size()
	}
	p := &progress{w: stderr, command: command, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(command),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionSetWidth(24),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionShowElapsedTimeOnFinish(),
	}
	if total >= 0 {
		opts = append(opts, progressbar.OptionSetPredictTime(true), progressbar.OptionSetElapsedTime(true))
	} else {
		opts = append(opts, progressbar.OptionSpinnerType(14))
	}
	p.bar = progressbar.NewOptions64(total, opts...)
	go p.describe()
	return p
}

// describe puts the lines and lines/s in the bar's description, five
// times a second, until the run ends.
func (p *progress) describe() {
	defer close(p.done)
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.bar.Describe(p.description())
			p.mu.Unlock()
		}
	}
}

// description is "COMMAND: N lines, R lines/s".
func (p *progress) description() string {
	n := p.lines.Load()
	rate := float64(n) / time.Since(p.start).Seconds()
	return p.command + ": " + strconv.FormatInt(n, 10) + " lines, " + strconv.FormatFloat(rate, 'f', 0, 64) + " lines/s"
}

// line counts one line read.
func (p *progress) line() { p.count(1) }

// count counts n lines read.
func (p *progress) count(n int) {
	if p != nil {
		p.lines.Add(int64(n))
	}
}

// reader returns r, counting into the bar what is read from it.
func (p *progress) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return &progressReader{r, p}
}

type progressReader struct {
	r io.Reader
	p *progress
}

func (pr *progressReader) Read(b []byte) (int, error) {
	n, err := pr.r.Read(b)
	if n > 0 {
		pr.p.mu.Lock()
		pr.p.bar.Add64(int64(n))
		pr.p.mu.Unlock()
	}
	return n, err
}

// messages returns a writer for the run's messages on standard error
// that clears the bar before each, so that they do not mix.
func (p *progress) messages() io.Writer { return progressMessages{p} }

type progressMessages struct{ p *progress }

func (m progressMessages) Write(b []byte) (int, error) {
	m.p.mu.Lock()
	defer m.p.mu.Unlock()
	m.p.bar.Clear()
	return m.p.w.Write(b)
}

// finish shows the final state and ends the bar's line.
func (p *progress) finish() {
	if p == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar.Describe(p.description())
	p.bar.Finish()
	io.WriteString(p.w, "\n")
}
