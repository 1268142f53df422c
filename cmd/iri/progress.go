package main

import (
	"bytes"
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

// progress shows how far a run has come. The bar renders into frame,
// and only tick and finish write frames to the terminal: at most ten
// redraws a second, however often the input is read or a message comes
// (a redraw on every read, and a clear for every message even when the
// bar was already gone, once wrote over 200 KB for a 300 MB file).
type progress struct {
	mu      sync.Mutex // serializes the bar, frame, shown and the run's messages
	bar     *progressbar.ProgressBar
	frame   bytes.Buffer // what the bar wrote since the last redraw
	shown   bool         // the bar is on the terminal, not cleared
	w       io.Writer
	command string
	read    atomic.Int64 // bytes read and not yet added to the bar
	lines   atomic.Int64
	start   time.Time
	stop    chan struct{}
	done    chan struct{}
}

// redrawEvery is the time between two redraws of the bar.
const redrawEvery = 100 * time.Millisecond

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
		progressbar.OptionSetWriter(&p.frame),
		progressbar.OptionSetDescription(command),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(24),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionShowElapsedTimeOnFinish(),
		// No goroutine of the bar's own that renders: the spinner turns
		// at each of tick's redraws.
		progressbar.OptionSetSpinnerChangeInterval(0),
	}
	if total >= 0 {
		opts = append(opts, progressbar.OptionSetPredictTime(true), progressbar.OptionSetElapsedTime(true))
	} else {
		opts = append(opts, progressbar.OptionSpinnerType(14))
	}
	p.bar = progressbar.NewOptions64(total, opts...)
	p.draw() // the blank state
	go p.describe()
	return p
}

// describe redraws the bar, with the lines and lines/s in its
// description, ten times a second until the run ends.
func (p *progress) describe() {
	defer close(p.done)
	t := time.NewTicker(redrawEvery)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.update()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// update gives the bar the bytes read since the last update and the
// description; the bar renders into frame, which only draw shows.
func (p *progress) update() {
	p.bar.Add64(p.read.Swap(0))
	p.frame.Reset() // Describe renders the whole bar again
	p.bar.Describe(p.description())
}

// draw writes the frame the bar rendered to the terminal. p.mu is held.
func (p *progress) draw() {
	if p.frame.Len() > 0 {
		p.w.Write(p.frame.Bytes())
		p.frame.Reset()
		p.shown = true
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

// reader returns r, counting what is read from it for the bar.
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
	pr.p.read.Add(int64(n))
	return n, err
}

// messages returns a writer for the run's messages on standard error
// that clears the bar, when it is shown, before each, so that they do not
// mix; the next tick draws it again.
func (p *progress) messages() io.Writer { return progressMessages{p} }

type progressMessages struct{ p *progress }

func (m progressMessages) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil // nothing to say: the bar stays
	}
	m.p.mu.Lock()
	defer m.p.mu.Unlock()
	if m.p.shown {
		m.p.frame.Reset()
		m.p.bar.Clear()
		m.p.w.Write(m.p.frame.Bytes())
		m.p.frame.Reset()
		m.p.shown = false
	}
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
	p.update()
	p.bar.Finish() // renders after update's frame, unless update finished it
	p.draw()
	io.WriteString(p.w, "\n")
}
