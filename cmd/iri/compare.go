package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
)

// compare: the rung of the RFC 3987 5.3 ladder at which two IRIs are
// equal.

var (
	cmdCompare = &command{
		Usage: []string{
			"compare [--rule NAME] [--json] [--allow-bidi] A B",
			"compare --json-in [--rule NAME] [--json] [--allow-bidi] [--aligned] [FILE...]",
		},
		Short: "Print the rung of the RFC 3987 5.3 ladder at which two IRIs are equal",
		Long:  helpText("compare"),
		Flags: func(fs *pflag.FlagSet, f *flags) {
			fs.BoolVar(&f.aligned, "aligned", false, "with --json-in: write one line per input line, an empty one for an invalid or unreadable one (whose message still goes to standard error), so that the output lines up with the input")
		},
		Objects: true,
		Start:   startCompare,
		Refuse:  refuseCompare,
		NotRefs: true,
	}
)

// compareHandler runs compare --json-in.
type compareHandler struct {
	opRun
	equal bool // the last two inputs were equal
}

// startCompare compares A and B given as arguments, in Start, or returns
// the handler of compare --json-in's lines.
func startCompare(f *flags, args []string, r *lineRun) (handler, error) {
	h := &compareHandler{opRun: opRun{lineRun: r, parser: f.parser()}}
	r.need = "other"
	if f.jsonIn {
		return h, nil
	}
	if len(args) != 2 {
		return nil, fmt.Errorf("compare takes two IRIs, A and B (or, with --json-in, files of objects)")
	}
	r.status = h.compareArgs(args[0], args[1])
	return nil, nil
}

func (h *compareHandler) input(file string, line int, in input) error {
	return h.compareInput(file, line, in)
}

// compareArgs compares A and B given on the command line: it prints the
// rung ("simple", "syntax" or "scheme") or "none" (with --json, compare's
// record), and returns 0 when they are equal, 1 when they are not or one
// is invalid.
func (r *compareHandler) compareArgs(a, b string) int {
	if r.json {
		err := r.compareInput("", 0, input{s: a, other: &b})
		if err == nil {
			err = r.out.Flush()
		}
		switch {
		case err != nil:
			reportWriteError(r.stderr, err)
			return exitError
		case r.invalid || !r.equal:
			return exitInvalid
		}
		return exitOK
	}
	ua, err := r.parser.Parse(a)
	if err != nil {
		fmt.Fprintf(r.stderr, "A: %v\n", err)
		return exitInvalid
	}
	ub, err := r.parser.Parse(b)
	if err != nil {
		fmt.Fprintf(r.stderr, "B: %v\n", err)
		return exitInvalid
	}
	rung := iri.CompareRung(ua, ub)
	fmt.Fprintln(r.out, rung)
	if err := r.out.Flush(); err != nil {
		reportWriteError(r.stderr, err)
		return exitError
	}
	if rung == iri.RungNone {
		return exitInvalid
	}
	return exitOK
}

// compareRecord is the JSON output of compare; rung is null when the two
// are not equal.
type compareRecord struct {
	Input string     `json:"input"`
	Other *string    `json:"other"`
	Valid bool       `json:"valid"`
	Equal *bool      `json:"equal,omitempty"`
	Rung  *string    `json:"rung,omitempty"`
	Error *jsonError `json:"error,omitempty"`
}

// compareValid is compareRecord for two valid inputs, where rung is
// always present, null or not.
type compareValid struct {
	Input string  `json:"input"`
	Other string  `json:"other"`
	Valid bool    `json:"valid"`
	Equal bool    `json:"equal"`
	Rung  *string `json:"rung"`
}

// compareInput compares the input with its "other" member (--json-in,
// or the two arguments with --json) and sets r.equal.
func (r *compareHandler) compareInput(file string, line int, in input) error {
	r.equal = false
	fail := func(err error, where string) error {
		r.invalid = true
		if !r.json {
			return r.fail(file, line, where, err)
		}
		return r.writeJSON(&compareRecord{Input: in.s, Other: in.other, Error: errorRecord(err, where)})
	}
	if in.other == nil {
		return fail(errors.New(`no "other" member to compare with`), "other")
	}
	a, err := r.parser.Parse(in.s)
	if err != nil {
		return fail(err, "")
	}
	b, err := r.parser.Parse(*in.other)
	if err != nil {
		return fail(err, "other")
	}
	rung := iri.CompareRung(a, b)
	r.equal = rung != iri.RungNone
	if !r.json {
		return r.writeLine(rung.String())
	}
	rec := compareValid{Input: in.s, Other: *in.other, Valid: true}
	if r.equal {
		name := rung.String()
		rec.Equal, rec.Rung = true, &name
	}
	return r.writeJSON(&rec)
}

// refuseCompare refuses the flags of compare --json-in's lines given to
// compare A B.
func refuseCompare(set func(string) bool, f *flags) error {
	if f.jsonIn {
		return nil
	}
	for _, fl := range []string{"aligned", "jobs", "max-line"} {
		if set(fl) {
			return fmt.Errorf("compare A B reads no lines: --%s applies to compare --json-in only", fl)
		}
	}
	return nil
}
