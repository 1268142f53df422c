package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"unsafe"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
)

// A command is one subcommand of iri, as cmd/go's base.Command is: its
// usage line, its one-line help, its own flags, and how a run of it
// starts. The line engine (lineRun) does the rest: files, lines, --json
// decoding, bad lines, output and the exit status.
type command struct {
	// Usage holds the command's usage lines, each without "iri ": the
	// first word is the command's name.
	Usage []string
	Short string // the one-line help
	Long  string // the whole help, from help/NAME.txt
	// Flags adds the command's own flags, which set fields of f.
	Flags func(fs *pflag.FlagSet, f *flags)
	// Objects: with --json a line may also be an object with an "input"
	// member and the "base" or "other" the command reads.
	Objects bool
	// NotRefs: the command's input is not one reference a line, so it
	// takes neither --field nor --stats.
	NotRefs bool
	// Refuse, if not nil, returns the usage error of a flag that has no
	// effect on the command as given (set says which flags were given);
	// checkUnused adds the checks every command shares.
	Refuse func(set func(string) bool, f *flags) error
	// Start checks the flags and arguments (an error is a usage error)
	// and returns the handler of the run's inputs. A command that needs
	// no input lines (compare A B) runs in Start, sets r.status and
	// returns a nil handler.
	Start func(f *flags, args []string, r *lineRun) (handler, error)
}

// handler takes the inputs of one run, one at a time, and writes what
// it finds through the lineRun it was started with; input returns a
// write error, which ends the run. Each command has its own; the steps
// that only some of them take, noSteps gives as nothing to do.
type handler interface {
	input(file string, line int, in input) error
	// startChunk tells a --jobs worker's handler whether its chunk
	// starts the run (parse writes no blank line before its first
	// block).
	startChunk(first bool)
	// skipper returns the handler's bulk form, which the engine runs
	// over its buffer before it hands a line to input, or nil.
	skipper() skipFunc
	// merge adds a worker's handler into the run's own (score sums).
	merge(h handler)
	// finish writes what comes after the last input (score's report);
	// it returns a write error.
	finish() error
}

// noSteps gives a handler the optional steps as nothing to do.
type noSteps struct{}

func (noSteps) startChunk(bool)   {}
func (noSteps) skipper() skipFunc { return nil }
func (noSteps) merge(handler)     {}
func (noSteps) finish() error     { return nil }

// input is one input line, decoded.
type input struct {
	s string
	// With --json objects (command.Objects), the members that go with
	// the input; nil when absent.
	base, other *string
}

// lineRun is one run of a command over its input files: the streams,
// the line reader, the one JSON writer, and what happened so far.
type lineRun struct {
	stdin   io.Reader
	out     *bufio.Writer
	stderr  io.Writer
	lines   *lineReader
	json    bool      // --json: the output is JSON records
	jsonIn  bool      // and so is the input, but with --field or for score
	objects bool      // command.Objects
	need    string    // with objects, a member each line must have (decodeObjectLine)
	cols    *columns  // --field, or nil
	stats   *runStats // --stats, or nil
	prog    *progress // the progress bar, or nil
	command string    // the subcommand's name
	enc     *legacy   // --from-encoding, or nil
	encName string
	jsonOut *json.Encoder
	aligned bool  // --aligned: an empty line for an invalid input in text mode
	maxLine int   // --max-line, or 0
	summary bool  // the command writes a summary, not a result a line (score)
	invalid bool  // some input was invalid
	failed  bool  // an input error was reported
	werr    error // the first write error, which stops the run
	status  int   // the exit status of a command that ran in Start
}

func newLineRun(stdin io.Reader, stdout, stderr io.Writer) *lineRun {
	r := &lineRun{stdin: stdin, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr, lines: newLineReader(readBufferSize)}
	r.jsonOut = json.NewEncoder(r.out)
	r.jsonOut.SetEscapeHTML(false)
	return r
}

// writeJSON writes v as one line of JSON: every JSON record of every
// command goes through it.
func (r *lineRun) writeJSON(v any) error { return r.jsonOut.Encode(v) }

// files gives h each line of the named files, or of stdin if none, as
// file does, and returns the exit status.
func (r *lineRun) files(names []string, h handler) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		failed, werr := r.file(name, h)
		r.failed = r.failed || failed
		if r.werr = werr; werr != nil {
			break
		}
	}
	return r.end(h)
}

// end finishes a run: h's finish, if it has one, the last flush, and the
// exit status.
func (r *lineRun) end(h handler) int {
	if r.werr == nil {
		r.werr = h.finish()
	}
	if r.werr == nil {
		r.werr = r.out.Flush()
	}
	r.prog.finish()
	if r.stats != nil && r.werr == nil {
		rep := r.stats.report(r.command)
		rep.write(r.stderr, r.json)
	}
	switch {
	case r.werr != nil:
		reportWriteError(r.stderr, r.werr)
		return exitError
	case r.failed:
		return exitError
	case r.invalid:
		return exitInvalid
	}
	return exitOK
}

// file gives h each line of file name ("-" for stdin), with the name to
// show in messages and the line number. It flushes out before each read
// that may block, so that a program feeding the command one line at a
// time through a pipe gets its answer (when the input is a file this
// happens once per read buffer). An unreadable file or a read error is
// reported on stderr and ends the file; failed says whether either
// happened. werr is the first write error, which ends everything.
func (r *lineRun) file(name string, h handler) (failed bool, werr error) {
	lr := r.lines
	display := name
	if name == "-" {
		display = "<stdin>"
		lr.reset(r.prog.reader(r.stdin))
	} else {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(r.stderr, "iri: %v\n", err)
			return true, nil
		}
		defer f.Close()
		lr.reset(r.prog.reader(f))
	}
	defer lr.reset(nil) // drop the reference to the file
	lr.max = r.maxLine
	skip := h.skipper()
	if r.maxLine > 0 && r.maxLine < readBufferSize {
		// A line passed over might be too long: each must be seen.
		skip = nil
	}
	for n := 1; ; n++ {
		if skip != nil {
			k, werr := lr.skipLines(skip, r.out)
			if werr != nil {
				return false, werr
			}
			n += k
			r.prog.count(k)
		}
		if lr.buffered() == 0 {
			if werr = r.out.Flush(); werr != nil {
				return false, werr
			}
		}
		line, err := lr.next()
		if err != nil && err != errLineTooLong {
			// --field: a record still open ends here.
			if werr := r.fieldEOF(display); werr != nil {
				return false, werr
			}
		}
		if err == io.EOF {
			return false, nil
		}
		r.prog.line()
		if err == errLineTooLong {
			if werr := r.tooLong(display, n); werr != nil {
				return false, werr
			}
			continue
		}
		if err != nil {
			fmt.Fprintf(r.stderr, "iri: %s: %v\n", display, err)
			return true, nil
		}
		if werr := r.line(h, display, n, line); werr != nil {
			return false, werr
		}
	}
}

// line decodes one input line and gives it to h: the per-line step of
// every command. A --json line that does not decode gets its own record
// and the run goes on; a line --from-encoding cannot decode is invalid.
func (r *lineRun) line(h handler, display string, n int, line []byte) error {
	if r.maxLine > 0 && len(line) > r.maxLine {
		return r.tooLong(display, n)
	}
	if r.cols != nil {
		return r.fieldLine(h, display, n, line)
	}
	return r.decoded(h, display, n, line, nil)
}

// decoded decodes the text of one input and gives it to h, with base, a
// --base-field cell, if not nil.
func (r *lineRun) decoded(h handler, display string, n int, line, base []byte) error {
	var in input
	switch {
	case r.jsonIn:
		var err error
		if r.objects {
			in, err = decodeObjectLine(line, r.need)
		} else {
			in.s, err = decodeJSONLine(line)
		}
		if err != nil {
			if r.stats != nil {
				r.stats.unreadable()
			}
			return r.badJSONLine(display, n, line, err)
		}
	case r.enc != nil:
		// RFC 3987 3.1 step 1b: legacy text to UCS, then NFC.
		u, bad, badOut := r.enc.decode(line)
		if bad >= 0 {
			return r.undecodable(display, n, line, u, bad, badOut)
		}
		in.s = iri.NFCText(string(u))
	default:
		// The string aliases the line buffer: it and everything derived
		// from it (an IRI, an error's Input) is used only within this
		// call, before the buffer is reused.
		in.s = unsafe.String(unsafe.SliceData(line), len(line))
	}
	if base != nil {
		b := string(base)
		in.base = &b
	}
	if r.stats != nil {
		r.stats.ref(in.s)
	}
	return h.input(display, n, in)
}

// undecodable reports a line that --from-encoding cannot decode, whose
// byte at offset bad is no part of a character of the encoding: an
// input error, as a bad JSON line is. With --json the line gets its
// record: input is the text as decoded (U+FFFD where it could not be),
// error.offset the offset in it of the first U+FFFD so made, badOut. It
// returns a write error.
func (r *lineRun) undecodable(display string, n int, line, text []byte, bad, badOut int) error {
	msg := fmt.Sprintf("%s:%d: the byte 0x%02X at byte offset %d of the line is not %s (it cannot be decoded)", display, n, line[bad], bad, r.encName)
	fmt.Fprintln(r.stderr, msg)
	r.failed = true
	if r.stats != nil {
		r.stats.unreadable()
	}
	if r.json {
		return r.writeJSON(jsonInvalid{Input: string(text), Error: jsonError{Offset: badOut, Message: msg}})
	}
	return r.alignInvalid()
}

// alignInvalid writes, with --aligned in text mode, the empty line that
// stands for an invalid input, so that output line N is input line N's.
func (r *lineRun) alignInvalid() error {
	if !r.aligned || r.json {
		return nil
	}
	return r.out.WriteByte('\n')
}

// tooLong reports a line longer than --max-line, which the run passed
// over without reading it: an input error, as a bad JSON line is. The
// line keeps its place: with --json it still gets its record, whose
// input is "" (the line was not kept), with --aligned an empty line, and
// with --field an empty record with its new cell (fieldPlaceholder). It
// returns a write error.
func (r *lineRun) tooLong(display string, n int) error {
	if werr := r.fieldEOF(display); werr != nil { // --field: an open record ends
		return werr
	}
	msg := fmt.Sprintf("%s:%d: the line is longer than --max-line (%d bytes)", display, n, r.maxLine)
	fmt.Fprintf(r.stderr, "%s; passed over\n", msg)
	r.failed = true
	if r.stats != nil {
		r.stats.unreadable()
	}
	switch {
	case r.summary:
		return nil
	case r.cols != nil:
		return r.fieldPlaceholder(n, msg, r.maxLine)
	case r.json:
		return r.writeJSON(jsonInvalid{Error: jsonError{Offset: r.maxLine, Message: msg}})
	}
	return r.alignInvalid()
}

// badJSONLine reports an input line that --json-in cannot read: on
// standard error, and with --json as the line's own record on standard
// output, after which the run goes on with the next line. It returns a
// write error.
func (r *lineRun) badJSONLine(display string, n int, line []byte, err error) error {
	fmt.Fprintf(r.stderr, "%s:%d: bad JSON line: %v\n", display, n, err)
	r.failed = true
	if !r.json {
		return r.alignInvalid()
	}
	off := 0
	var je *jsonLineError
	if errors.As(err, &je) {
		off = je.offset
	}
	msg := display + ":" + strconv.Itoa(n) + ": the line is " + err.Error()
	return r.writeJSON(jsonInvalid{Input: string(line), Error: jsonError{Offset: off, Message: msg}})
}
