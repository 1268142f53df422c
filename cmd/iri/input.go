package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// readBufferSize is the size of the bufio.Reader buffer. A line that fits
// in it is returned without copying; a longer one is assembled in the
// line reader's own growable buffer, so there is no limit on line length.
const readBufferSize = 64 << 10

// lineReader splits a stream into lines. It reuses one bufio.Reader and
// one growable buffer for all lines and all files, so memory stays flat
// however many lines there are: it is as large as the longest line seen.
type lineReader struct {
	r     *bufio.Reader
	buf   []byte
	start bool   // no line read since reset: the next may open with a BOM
	max   int    // --max-line: a longer line (and a CR) is passed over; 0 for no limit
	lf    bool   // the last line read ended at an LF (not at the end of the input)
	raw   int    // the length of the last line read, with its CR but without its LF
	enc   []byte // skipLines' output
}

// errLineTooLong is what next returns for a line longer than
// --max-line, which it passed over without keeping it.
var errLineTooLong = errors.New("line longer than --max-line")

// bom is the UTF-8 byte order mark, which Windows tools write at the
// start of a file; it is no part of the first line.
const bom = "\xef\xbb\xbf"

// trimBOM removes a byte order mark at the start of b.
func trimBOM(b []byte) []byte {
	if len(b) >= len(bom) && string(b[:len(bom)]) == bom {
		return b[len(bom):]
	}
	return b
}

// newLineReader returns a lineReader with a read buffer of size bytes
// (bufio's minimum of 16 applies).
func newLineReader(size int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(nil, size)}
}

// reset makes lr read from rd, discarding anything buffered, and keeps
// its buffers for reuse.
func (lr *lineReader) reset(rd io.Reader) { lr.r.Reset(rd); lr.start = true }

// buffered returns the number of bytes that can be read without reading
// from the underlying reader, which may block.
func (lr *lineReader) buffered() int { return lr.r.Buffered() }

// skipLines runs skip over the whole lines in the buffer, writing what it
// gives to out, and returns how many lines it passed and a write error.
// It never reads: what it does not pass, next returns.
func (lr *lineReader) skipLines(skip skipFunc, out *bufio.Writer) (int, error) {
	if lr.start {
		// The first line may open with a BOM: next takes it.
		return 0, nil
	}
	buf, _ := lr.r.Peek(lr.r.Buffered())
	// The last line may go on past the buffer: leave it to next.
	buf = buf[:bytes.LastIndexByte(buf, '\n')+1]
	if len(buf) == 0 {
		return 0, nil
	}
	var bad, k int
	lr.enc, bad, k = skip(lr.enc[:0], unsafe.String(unsafe.SliceData(buf), len(buf)))
	if len(lr.enc) > 0 {
		if _, err := out.Write(lr.enc); err != nil {
			return 0, err
		}
	}
	lr.r.Discard(bad)
	return k, nil
}

// next returns the next line without its terminating LF and without one
// CR before it (or before the end of the input), and the first line
// without a BOM before it. A final line without an LF counts as a line;
// an empty input has none. At the end it returns nil, io.EOF; on a read
// error the partial line is dropped and the error returned. The line is
// valid only until the next call.
func (lr *lineReader) next() ([]byte, error) {
	line, err := lr.read()
	if lr.start && err == nil {
		if !lr.lf && lr.raw == len(bom) && string(line) == bom {
			// A file that holds only a BOM has no lines, as the
			// parallel reader, which takes the BOM off the block,
			// finds.
			lr.start = false
			return nil, io.EOF
		}
		line = trimBOM(line)
	}
	lr.start = false
	return line, err
}

// read is next but for the BOM.
func (lr *lineReader) read() ([]byte, error) {
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.r.ReadSlice('\n')
		switch {
		case err == nil:
			line := chunk
			if len(lr.buf) > 0 {
				lr.buf = append(lr.buf, chunk...)
				line = lr.buf
			}
			lr.lf, lr.raw = true, len(line)-1
			return trimEOL(line[:len(line)-1]), nil
		case errors.Is(err, bufio.ErrBufferFull):
			if lr.max > 0 && len(lr.buf)+len(chunk) > lr.max+1 {
				return nil, lr.skipLine()
			}
			lr.buf = append(lr.buf, chunk...)
		case err == io.EOF:
			if len(lr.buf) == 0 && len(chunk) == 0 {
				return nil, io.EOF
			}
			line := chunk
			if len(lr.buf) > 0 {
				lr.buf = append(lr.buf, chunk...)
				line = lr.buf
			}
			lr.lf, lr.raw = false, len(line)
			return trimEOL(line), nil
		default:
			return nil, err
		}
	}
}

// skipLine passes over the rest of a line too long to keep, and returns
// errLineTooLong, or a read error.
func (lr *lineReader) skipLine() error {
	for {
		_, err := lr.r.ReadSlice('\n')
		switch {
		case err == nil || err == io.EOF:
			return errLineTooLong
		case !errors.Is(err, bufio.ErrBufferFull):
			return err
		}
	}
}

// trimEOL removes exactly one trailing CR, if any.
func trimEOL(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// jsonLineError is why a --json-in line cannot be read: it is not what
// the command reads, want ("a JSON string", ...), for reason.
type jsonLineError struct {
	want   string // what the line must be
	reason string // why it is not; "" when it does not even start as one
	offset int    // the byte of the line at fault
}

// Error returns "not WANT" and the reason, if any.
func (e *jsonLineError) Error() string {
	if e.reason == "" {
		return "not " + e.want
	}
	return "not " + e.want + ": " + e.reason
}

// Reading lines of JSON strings, and of objects with "input" and, if
// need is not "", another member that must be there.
const wantString = "a JSON string"

// wantObjects says what a line must be for decodeObjectLine(line, need).
func wantObjects(need string) string {
	if need == "" {
		return `a JSON string or an object with an "input" string`
	}
	return `a JSON object with "input" and "` + need + `" strings`
}

// decodeJSONLine decodes a line holding one JSON string, with optional
// white space around it, as encoding/json does. Anything else, including
// an empty line and null, is a *jsonLineError.
func decodeJSONLine(line []byte) (string, error) {
	return decodeString(line, wantString)
}

// decodeString is decodeJSONLine, the line to be want.
func decodeString(line []byte, want string) (string, error) {
	if t := bytes.TrimLeft(line, " \t\r\n"); len(t) == 0 || t[0] != '"' {
		return "", &jsonLineError{want: want}
	}
	var s string
	if err := json.Unmarshal(line, &s); err != nil {
		return "", jsonLineErr(err, want)
	}
	return s, nil
}

// jsonLineErr returns the *jsonLineError of err, which encoding/json
// returned for a line that is to be want.
func jsonLineErr(err error, want string) error {
	e := &jsonLineError{want: want, reason: jsonReason(err)}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		e.offset = int(se.Offset)
	}
	return e
}

// jsonReason says what is wrong in the terms of the JSON text, not of
// the Go values it was to fill: "\"input\" is a number, not a string"
// where encoding/json says "cannot unmarshal number into Go struct field
// .input of type string".
func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		what := "the line"
		if te.Field != "" {
			what = strconv.Quote(te.Field)
		}
		value, _, _ := strings.Cut(te.Value, " ") // "number -1"
		return what + " is " + jsonKind(value) + ", not " + goKind(te.Type)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names a kind of JSON value as encoding/json's
// UnmarshalTypeError.Value does, with its article.
func jsonKind(v string) string {
	switch v {
	case "bool":
		return "true or false"
	case "array", "object":
		return "an " + v
	case "null":
		return v
	}
	return "a " + v
}

// goKind names the JSON value a Go value of type t is read from.
func goKind(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == nil:
		return "this"
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		return "an array"
	case t.Kind() == reflect.Map || t.Kind() == reflect.Struct:
		return "an object"
	}
	return "a number"
}

// decodeObjectLine decodes a JSON line: a string (the input) or an object
// with an "input" string and the other members the operation reads. need
// names one that must be there ("base" for resolve and relativize
// without --base, "other" for compare); a string is then no input.
func decodeObjectLine(line []byte, need string) (input, error) {
	want := wantObjects(need)
	t := bytes.TrimLeft(line, " \t\r\n")
	if len(t) > 0 && t[0] == '{' {
		var o struct {
			Input *string `json:"input"`
			Base  *string `json:"base"`
			Other *string `json:"other"`
		}
		if err := json.Unmarshal(line, &o); err != nil {
			return input{}, jsonLineErr(err, want)
		}
		in := input{base: o.Base, other: o.Other}
		switch {
		case o.Input == nil:
			return input{}, &jsonLineError{want: want, reason: `no "input" member`}
		case need == "base" && o.Base == nil, need == "other" && o.Other == nil:
			return input{}, &jsonLineError{want: want, reason: `no "` + need + `" member`}
		}
		in.s = *o.Input
		return in, nil
	}
	s, err := decodeString(line, want)
	if err == nil && need != "" {
		return input{}, &jsonLineError{want: want, reason: `a string, without the "` + need + `" member`}
	}
	return input{s: s}, err
}
