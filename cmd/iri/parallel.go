package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The line engine on several cores (--jobs N): one reader cuts the input
// into chunks of lines, N workers run the command on them, each with its
// own handler writing into the chunk, and the chunks' output is written
// in input order. A bounded number of chunks is in flight and chunks are
// reused, so memory stays flat however long the input; one chunk at a
// time grows past bigChunk (a long line, or a long --field record), so
// that the chunks in flight do not each hold one.

// chunkSize is the input a chunk holds before it is handed on (a longer
// line makes a chunk of its own).
const chunkSize = 128 << 10

// spillSize is the output a chunk holds before its worker hands it to the
// writer, waiting for the chunk's turn if need be: past it, output streams
// as with --jobs 1 (lint on a 16 MiB line held 9.2 GB of text).
const spillSize = 1 << 20

// bigChunk is the input a chunk holds before it needs the run's one big
// token (a long line, or a long record, makes it grow past it).
const bigChunk = 4 * chunkSize

// chunk is some lines of one file, and what a worker wrote for them.
type chunk struct {
	seq      int
	file     string // as shown in messages
	line     int    // the number of the first line
	data     []byte // whole lines, each with its LF but maybe the last
	lines    int    // how many
	first    bool   // no line came before these
	flush    bool   // the reader would block after these: write them out at once
	msg      []byte // a reader's message for stderr (a file it cannot read)
	tooLong  bool   // the one line is longer than --max-line, and not read
	big      bool   // it holds the big token: its data may grow past bigChunk
	stats    []byte // --stats: the names of the lines, in order (runStats.log)
	out, err bytes.Buffer
	outW     chunkWriter // writes into out, spilling past spillSize
	direct   []byte      // a long write, which follows out, while it spills
	errW     chunkWriter // writes into err, likewise
	done     chan struct{}
	spill    chan struct{} // the worker has output for the writer now
	taken    chan struct{} // the writer has written it: the buffers are empty
}

func newChunk() *chunk {
	c := &chunk{done: make(chan struct{}, 1), spill: make(chan struct{}), taken: make(chan struct{})}
	c.outW, c.errW = chunkWriter{c, &c.out}, chunkWriter{c, &c.err}
	return c
}

func (c *chunk) reset() {
	c.data, c.lines, c.msg = c.data[:0], 0, c.msg[:0]
	c.first, c.flush, c.tooLong = false, false, false
	// Drop buffers a long line grew, so that the chunks in flight do not
	// each keep one.
	if cap(c.data) > bigChunk {
		c.data = nil
	}
	for _, b := range []*bytes.Buffer{&c.out, &c.err} {
		b.Reset()
		if b.Cap() > 2*spillSize {
			*b = bytes.Buffer{}
		}
	}
}

// chunkWriter is a chunk's output or error buffer as its worker writes
// it: past spillSize of the two, it hands them to the writer.
type chunkWriter struct {
	c   *chunk
	buf *bytes.Buffer
}

// An output write longer than spillSize (a long --field record written
// back whole) is handed to the writer as it is, after what is buffered,
// without a copy.
func (w chunkWriter) Write(p []byte) (int, error) {
	c := w.c
	if len(p) > spillSize && w.buf == &c.out {
		c.direct = p
		c.spill <- struct{}{} // blocks until the chunk's turn
		<-c.taken
		c.direct = nil
		return len(p), nil
	}
	w.buf.Write(p)
	if c.out.Len()+c.err.Len() > spillSize {
		c.spill <- struct{}{}
		<-c.taken
	}
	return len(p), nil
}

// putBack resets c, hands the big token back if c holds it, and puts c
// back with the free chunks.
func (c *chunk) putBack(free chan<- *chunk, big chan<- struct{}) {
	c.reset()
	if c.big {
		c.big = false
		big <- struct{}{}
	}
	free <- c
}

// skipFunc is a handler's bulk form (handler.skipper): it passes over
// the lines of s it can take without input, up to the first it cannot,
// appends to dst what input would write for them, and returns dst,
// where it stopped and how many lines it passed, as scanner.ValidLines
// does. The lines it takes are the valid ones: check writes nothing for
// them, to-uri their URI form, normalize their normal form. The engine
// writes dst and hands the line where it stopped to input.
type skipFunc func(dst []byte, s string) (out []byte, bad, lines int)

// worker is one worker's lineRun and handler.
type worker struct {
	r   *lineRun
	h   handler
	enc []byte // the skipper's output
}

// parallel runs the command on the named files (stdin if none) with
// jobs workers, newHandler making each worker's handler; h is the run's
// own handler, which only merges and finishes. It returns the exit status.
func (r *lineRun) parallel(names []string, h handler, jobs int, newHandler func(*lineRun) (handler, error)) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	workers := make([]*worker, jobs)
	for i := range workers {
		wr := r.clone()
		wh, err := newHandler(wr)
		if err != nil {
			// Start accepted the same flags for the run's own handler.
			fmt.Fprintf(r.stderr, "iri: %v\n", err)
			return exitError
		}
		workers[i] = &worker{r: wr, h: wh}
	}
	inFlight := 2*jobs + 2
	free := make(chan *chunk, inFlight)
	for i := 0; i < inFlight; i++ {
		free <- newChunk()
	}
	work := make(chan *chunk, inFlight)
	big := make(chan struct{}, 1)
	big <- struct{}{}
	order := make(chan *chunk, inFlight)
	var stop atomic.Bool // a write failed: read no more

	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				w.run(c)
				c.done <- struct{}{}
				// Let the reader and the writer run now: a worker
				// holds its P until it blocks, and with every P a
				// worker's the two wait their turn until the work
				// runs dry, while the workers idle (a tenth of the
				// time on two cores, before this).
				runtime.Gosched()
			}
		}()
	}
	go func() {
		r.read(names, free, big, work, order, &stop)
		close(work)
		close(order)
	}()

	// Write the chunks in order, and what a worker spills of the chunk
	// at hand while it works on it. The worker of that chunk never waits
	// on a later one: each takes the next chunk in order, so the chunk at
	// hand was taken before any later one.
	write := func(c *chunk) {
		if r.werr == nil {
			r.stderr.Write(c.msg)
			r.stderr.Write(c.err.Bytes())
			if _, err := r.out.Write(c.out.Bytes()); err != nil {
				r.werr = err
				stop.Store(true)
			} else if _, err := r.out.Write(c.direct); err != nil {
				r.werr = err
				stop.Store(true)
			}
		}
		c.msg = c.msg[:0]
		c.out.Reset()
		c.err.Reset()
	}
	for c := range order {
		for done := false; !done; {
			select {
			case <-c.spill:
				write(c)
				c.taken <- struct{}{}
			case <-c.done:
				done = true
			}
		}
		write(c)
		if r.werr == nil {
			r.stats.replay(c.stats)
			if c.flush {
				r.werr = r.out.Flush()
			}
			if r.werr != nil {
				stop.Store(true)
			}
		}
		c.putBack(free, big)
	}
	wg.Wait()
	for _, w := range workers {
		r.invalid = r.invalid || w.r.invalid
		r.failed = r.failed || w.r.failed
		h.merge(w.h)
		if r.stats != nil {
			r.stats.merge(w.r.stats)
		}
	}
	return r.end(h)
}

// clone returns a lineRun for a worker: the run's settings, its own
// output, which run points at each chunk in turn.
func (r *lineRun) clone() *lineRun {
	w := *r
	w.out = bufio.NewWriterSize(io.Discard, 64<<10)
	w.jsonOut = json.NewEncoder(w.out)
	w.jsonOut.SetEscapeHTML(false)
	w.lines = nil
	w.invalid, w.failed, w.werr = false, false, nil
	if c := r.cols; c != nil {
		w.cols = newColumns(c.field, c.delim, c.header, c.name)
		w.cols.baseField = c.baseField
		w.cols.inPlace = true // run hands it a chunk's lines
	}
	if r.stats != nil {
		w.stats = r.stats.forWorker()
	}
	return &w
}

// run runs the worker's handler on the lines of c, writing into c.
func (w *worker) run(c *chunk) {
	w.r.out.Reset(c.outW)
	w.r.stats.startLog(c.stats)
	w.r.stderr = c.errW
	if c.tooLong {
		w.r.tooLong(c.file, c.line)
		w.r.out.Flush()
		c.stats = w.r.stats.takeLog()
		return
	}
	w.h.startChunk(c.first)
	skip := w.h.skipper()
	if w.r.maxLine > 0 && len(c.data) > w.r.maxLine {
		// A line passed over might be too long: each must be seen.
		skip = nil
	}
	data := c.data
	for n := c.line; len(data) > 0; n++ {
		if skip != nil {
			// Pass over the valid lines in one scan, to the next that
			// is not.
			var off, k int
			w.enc, off, k = skip(w.enc[:0], unsafe.String(unsafe.SliceData(data), len(data)))
			if len(w.enc) > 0 {
				w.r.out.Write(w.enc)
				if data[off-1] != '\n' {
					w.r.out.WriteByte('\n') // the input's last line
				}
			}
			data, n = data[off:], n+k
			if len(data) == 0 {
				break
			}
		}
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		// Writes into a bytes.Buffer do not fail.
		w.r.line(w.h, c.file, n, trimEOL(l))
	}
	w.r.fieldEOF(c.file) // a chunk ends a record
	w.r.out.Flush()
	c.stats = w.r.stats.takeLog()
}

// skipLine reads src, in buf, past the next LF, and returns what follows
// it in the last read (in buf); err is the read error, io.EOF at the end.
func skipLine(src io.Reader, buf []byte) (tail []byte, err error) {
	buf = buf[:cap(buf)]
	if len(buf) < readBufferSize {
		buf = make([]byte, readBufferSize)
	}
	for {
		n, err := src.Read(buf)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return buf[i+1 : n], nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// read cuts the named files into chunks of whole lines, handing each to
// the workers and to the writer, in order; it stops early when stop is
// set. It reads large blocks and only counts their LFs, so that splitting
// lines, the work of a byte, is done by the workers. A chunk takes the
// big token from big before it grows past bigChunk, and the writer hands
// it back once the chunk is written.
func (r *lineRun) read(names []string, free chan *chunk, big chan struct{}, work, order chan<- *chunk, stop *atomic.Bool) {
	seq, seen := 0, false
	var carry []byte // a line begun in the last block (or a record, with --field)
	// --field: chunks end at record ends, which may be past a line's.
	cut := r.cols.cutter(r.maxLine)
	send := func(c *chunk) {
		c.seq = seq
		seq++
		order <- c
		work <- c
	}
	for _, name := range names {
		if stop.Load() {
			return
		}
		display := name
		var src io.Reader
		var f *os.File
		if name == "-" {
			display = "<stdin>"
			src = r.stdin
		} else {
			var err error
			if f, err = os.Open(name); err != nil {
				c := <-free
				c.msg = fmt.Appendf(c.msg, "iri: %v\n", err)
				r.failed = true
				send(c)
				continue
			}
			src = f
		}
		src = r.prog.reader(src)
		line := 1
		carry = carry[:0]
		for eof, start := false, true; !eof && !stop.Load(); start = false {
			c := <-free
			c.file, c.line = display, line
			c.data = append(c.data[:0], carry...)
			cut.start()
			// Read until the block holds a whole line and either is full
			// or the source had no more at once (a pipe a person types
			// into: then the answers are written at once), or until the
			// end, or until the line it ends in is longer than
			// --max-line (and a CR).
			short, tooLong, lineStart := false, false, 0
			for {
				if !c.big && len(c.data)+readBufferSize > bigChunk {
					<-big // the last big chunk is written
					c.big = true
				}
				c.data = slices.Grow(c.data, readBufferSize)
				want := cap(c.data) - len(c.data)
				n, err := src.Read(c.data[len(c.data):cap(c.data)])
				c.data = c.data[:len(c.data)+n]
				cut.feed(c.data)
				lf := bytes.LastIndexByte(c.data[len(c.data)-n:], '\n')
				if lf >= 0 {
					lineStart = len(c.data) - n + lf + 1
				}
				if err != nil {
					if err != io.EOF {
						c.msg = fmt.Appendf(c.msg, "iri: %s: %v\n", display, err)
						r.failed = true
					}
					eof = true
					break
				}
				short = n < want
				if r.maxLine > 0 && len(c.data)-lineStart > r.maxLine+1 {
					tooLong = true
					break
				}
				if lf >= 0 && cut.ended() && (len(c.data) >= chunkSize || short) {
					break
				}
			}
			if start {
				// The block holds the whole first line, or all there
				// is: a BOM before it is no part of it.
				if t := trimBOM(c.data); len(t) < len(c.data) {
					c.data = c.data[:copy(c.data, t)]
					lineStart = max(lineStart-len(bom), 0)
					cut.rescan(c.data)
				}
			}
			var tail []byte // what follows the line too long to keep
			if tooLong {
				var err error
				tail, err = skipLine(src, c.data[lineStart:cap(c.data)])
				c.data = c.data[:lineStart]
				if err != nil {
					if err != io.EOF {
						c.msg = fmt.Appendf(c.msg, "iri: %s: %v\n", display, err)
						r.failed = true
					}
					eof = true
				}
			}
			end := bytes.LastIndexByte(c.data, '\n') + 1
			if !eof && !tooLong {
				end = cut.end(end) // else the worker ends the record at once
			}
			if eof && len(c.msg) == 0 {
				end = len(c.data) // a last line without its LF
			}
			carry = append(carry[:0], c.data[end:]...)
			carry = append(carry, tail...)
			c.data = c.data[:end]
			c.lines = bytes.Count(c.data, []byte{'\n'})
			if end > 0 && c.data[end-1] != '\n' {
				c.lines++
			}
			line += c.lines
			r.prog.count(c.lines)
			if c.lines > 0 && !seen {
				c.first, seen = true, true
			}
			c.flush = short
			if c.lines == 0 && len(c.msg) == 0 {
				c.putBack(free, big)
			} else {
				send(c)
			}
			if tooLong {
				// The line makes a chunk of its own, without its text.
				t := <-free
				t.file, t.line, t.lines, t.tooLong, t.flush = display, line, 1, true, true
				line++
				r.prog.count(1)
				send(t)
			}
		}
		if f != nil {
			f.Close()
		}
	}
}
