package main

import (
	"errors"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
)

// What resolve, relativize, normalize, key and compare share (RFC 3987 5
// and 6.5): each reads references as the others do, and with --json-in
// objects as well as strings; each writes a line, or a record, an input.

// withAligned returns fl (if not nil) and --aligned: the flags of a
// command that writes one line per valid input.
func withAligned(fl func(fs *pflag.FlagSet, f *flags)) func(fs *pflag.FlagSet, f *flags) {
	return func(fs *pflag.FlagSet, f *flags) {
		if fl != nil {
			fl(fs, f)
		}
		fs.BoolVar(&f.aligned, "aligned", false, "write one line per input line, an empty one for an invalid input (whose message still goes to standard error), so that the output lines up with the input")
	}
}

// opRun is what the handlers of those commands share: the parser of
// --rule and --allow-bidi, and the writing of a result.
type opRun struct {
	*lineRun
	noSteps
	parser iri.Parser
	buf    []byte
}

// write writes the result of one input: in text res, or the message of
// err on standard error (fail); with --json the record of in and base,
// whose member result gets res when there is no error, and whose error
// err otherwise. The record is made only for --json: made for every
// line, it escaped to the heap, an allocation a line.
func (r *opRun) write(file string, line int, in string, base *string, result func(*opRecord) **string, res string, err error, where string) error {
	if err != nil {
		r.invalid = true
	}
	if r.json {
		return r.writeRecord(opRecord{Input: in, Base: base}, result, res, err, where)
	}
	if err != nil {
		return r.fail(file, line, where, err)
	}
	return r.writeLine(res)
}

// writeRecord is write's --json form.
func (r *opRun) writeRecord(rec opRecord, result func(*opRecord) **string, res string, err error, where string) error {
	rec.Valid = err == nil
	if err != nil {
		rec.Error = errorRecord(err, where)
	} else {
		*result(&rec) = &res
	}
	return r.writeJSON(&rec)
}

// opRecord is the JSON output of resolve, relativize and normalize.
type opRecord struct {
	Input      string     `json:"input"`
	Base       *string    `json:"base,omitempty"`
	Valid      bool       `json:"valid"`
	Resolved   *string    `json:"resolved,omitempty"`
	Relative   *string    `json:"relative,omitempty"`
	Normalized *string    `json:"normalized,omitempty"`
	Key        *string    `json:"key,omitempty"`
	Error      *jsonError `json:"error,omitempty"`
}

// fail reports, in text mode, an input that err makes invalid, on
// standard error, its message prefixed with where (the member at fault)
// if set.
func (r *opRun) fail(file string, line int, where string, err error) error {
	r.buf = appendLocation(r.buf[:0], file, line)
	if where != "" {
		r.buf = append(r.buf, where...)
		r.buf = append(r.buf, ": "...)
	}
	r.buf = append(r.buf, err.Error()...)
	r.buf = append(r.buf, '\n')
	r.stderr.Write(r.buf)
	return r.alignInvalid()
}

// writeLine writes the one-line text result of a valid input.
func (r *opRun) writeLine(res string) error {
	r.buf = append(append(r.buf[:0], res...), '\n')
	_, werr := r.out.Write(r.buf)
	return werr
}

// errorRecord is the "error" member for err, which lies in the input or,
// when where is set, in that member; its message then says so.
func errorRecord(err error, where string) *jsonError {
	e := &jsonError{Message: err.Error()}
	var ie *iri.Error
	if errors.As(err, &ie) {
		e.Offset = ie.Offset
	}
	if where != "" {
		e.Message = where + ": " + e.Message
	}
	return e
}
