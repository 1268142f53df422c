package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/irikit/iri"
	"github.com/spf13/cobra"
)

// The subcommands that take a second IRI or produce a rewritten one:
// resolve, relativize, normalize and compare (RFC 3987 5 and 6.5). They
// share the input rules of the others; their JSON input lines may be
// objects as well as strings.

// op is one of the operations.
type op int

const (
	opResolve op = iota
	opRelativize
	opNormalize
	opCompare
)

// opOptions holds the flags of the operations.
type opOptions struct {
	base        string
	level       string
	uri         bool
	nfc, nfkc   bool
	decodeNonAS bool
	noIDNA      bool
}

// addOpCommands adds resolve, relativize, normalize and compare to root.
func addOpCommands(root *cobra.Command, opts *options, stdin io.Reader, stdout, stderr io.Writer, status *int) {
	oo := &opOptions{}
	run := func(o op) func(cmd *cobra.Command, args []string) error {
		return func(cmd *cobra.Command, args []string) error {
			r := &opRunner{lineRun: newLineRun(stdin, stdout, stderr), op: o, json: opts.json}
			if err := r.configure(oo, opts); err != nil {
				return err
			}
			if o == opCompare && !opts.json {
				if len(args) != 2 {
					return fmt.Errorf("compare takes two IRIs, A and B (or, with --json, files of objects)")
				}
				*status = r.compareArgs(args[0], args[1])
				return nil
			}
			*status = r.process(args)
			return nil
		}
	}
	withBase := func(o op, use, short string) *cobra.Command {
		c := &cobra.Command{Use: use + " --base IRI [FILE...]", Short: short, Args: cobra.ArbitraryArgs, RunE: run(o)}
		c.Flags().StringVar(&oo.base, "base", "", "the base IRI (with --json, an object's \"base\" member wins)")
		return c
	}
	resolve := withBase(opResolve, "resolve", "Resolve each reference against a base IRI (RFC 3986 5.2)")
	relativize := withBase(opRelativize, "relativize", "Print the shortest reference that resolves against the base to each input")
	normalize := &cobra.Command{
		Use:   "normalize [--level syntax|scheme] [--uri] [--nfc|--nfkc] [--no-idna] [FILE...]",
		Short: "Print the normal form of each reference (RFC 3987 5.3)",
		Args:  cobra.ArbitraryArgs,
		RunE:  run(opNormalize),
	}
	nf := normalize.Flags()
	nf.StringVar(&oo.level, "level", "syntax", "syntax (case, percent-encoding, dot segments) or scheme (also default ports, empty paths, IDN hosts)")
	nf.BoolVar(&oo.uri, "uri", false, "the URI-level form: map to a URI first (RFC 3986 6.2.2)")
	nf.BoolVar(&oo.nfc, "nfc", false, "apply Unicode NFC first (never part of equivalence, RFC 3987 5.3.2.2)")
	nf.BoolVar(&oo.nfkc, "nfkc", false, "apply Unicode NFKC first")
	nf.BoolVar(&oo.decodeNonAS, "decode", false, "also decode the %HH that form non-ASCII characters, as to-iri does")
	nf.BoolVar(&oo.noIDNA, "no-idna", false, "at --level scheme, leave IDN hosts as they are (the RFC 3986 6.2.3 form, without IDNA)")
	compare := &cobra.Command{
		Use:   "compare A B",
		Short: "Print the rung of the RFC 3987 5.3 ladder at which two IRIs are equal",
		Args:  cobra.ArbitraryArgs,
		RunE:  run(opCompare),
	}
	root.AddCommand(resolve, relativize, normalize, compare)
}

// opRunner runs one operation over its inputs.
type opRunner struct {
	lineRun
	op     op
	json   bool
	parser iri.Parser
	base   string // --base, or ""
	norm   iri.Normalizer
	enc    *json.Encoder
	buf    []byte
}

// configure checks the flags; an error is a usage error.
func (r *opRunner) configure(oo *opOptions, opts *options) error {
	r.parser = iri.Parser{Rule: opts.rule.rule, AllowBidi: opts.allowBidi}
	switch r.op {
	case opResolve, opRelativize:
		if oo.base == "" && !r.json {
			return fmt.Errorf("--base is required")
		}
		if oo.base != "" {
			if err := checkBase(oo.base); err != nil {
				return fmt.Errorf("--base: %v", err)
			}
		}
		r.base = oo.base
	case opNormalize:
		switch oo.level {
		case "syntax":
			r.norm.Level = iri.LevelSyntax
		case "scheme":
			r.norm.Level = iri.LevelScheme
		default:
			return fmt.Errorf("unknown --level %q (want syntax or scheme)", oo.level)
		}
		if oo.nfc && oo.nfkc {
			return fmt.Errorf("--nfc and --nfkc exclude each other")
		}
		if oo.uri && (oo.nfc || oo.nfkc || oo.decodeNonAS) {
			return fmt.Errorf("--uri gives a URI: it cannot be used with --nfc, --nfkc or --decode")
		}
		r.norm.URI, r.norm.DecodeNonASCII, r.norm.NoIDNA = oo.uri, oo.decodeNonAS, oo.noIDNA
		if oo.nfc {
			r.norm.Chars = iri.CharsNFC
		} else if oo.nfkc {
			r.norm.Chars = iri.CharsNFKC
		}
	}
	return nil
}

// checkBase reports why s cannot be a base IRI.
func checkBase(s string) error {
	u, err := iri.ParseReference(s)
	if err != nil {
		return err
	}
	if !u.IsAbsolute() {
		return iri.ErrRelativeBase
	}
	return nil
}

// compareArgs compares A and B given on the command line: it prints the
// rung ("simple", "syntax" or "scheme") or "none", and returns 0 when
// they are equal, 1 when they are not or one is invalid.
func (r *opRunner) compareArgs(a, b string) int {
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
	rung := iri.Compare(ua, ub)
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

// process runs the operation over the named files, or stdin if none.
func (r *opRunner) process(files []string) int {
	r.enc = json.NewEncoder(r.out)
	r.enc.SetEscapeHTML(false)
	return r.files(files, r.line)
}

// line processes one input line, as runner.line does.
func (r *opRunner) line(display string, n int, line []byte) (bool, error) {
	var in opInput
	if r.json {
		var err error
		if in, err = decodeOpLine(line); err != nil {
			return false, r.badJSONLine(display, n, line, err)
		}
	} else {
		// Used only within this call, as in runner.line.
		in.input = unsafe.String(unsafe.SliceData(line), len(line))
	}
	return false, r.input(display, n, in)
}

// opInput is one input: the reference, and the base or the other IRI
// that a JSON object may carry.
type opInput struct {
	input string
	base  *string
	other *string
}

// decodeOpLine decodes a JSON line: a string (the input) or an object
// with "input" and, as the operation needs, "base" or "other".
func decodeOpLine(line []byte) (opInput, error) {
	t := bytes.TrimLeft(line, " \t\r\n")
	if len(t) > 0 && t[0] == '{' {
		var o struct {
			Input *string `json:"input"`
			Base  *string `json:"base"`
			Other *string `json:"other"`
		}
		if err := json.Unmarshal(line, &o); err != nil {
			return opInput{}, err
		}
		if o.Input == nil {
			return opInput{}, errors.New(`object without an "input" string`)
		}
		return opInput{input: *o.Input, base: o.Base, other: o.Other}, nil
	}
	s, err := decodeJSONLine(line)
	return opInput{input: s}, err
}

// opRecord is the JSON output of resolve, relativize and normalize.
type opRecord struct {
	Input      string     `json:"input"`
	Base       *string    `json:"base,omitempty"`
	Valid      bool       `json:"valid"`
	Resolved   *string    `json:"resolved,omitempty"`
	Relative   *string    `json:"relative,omitempty"`
	Normalized *string    `json:"normalized,omitempty"`
	Error      *jsonError `json:"error,omitempty"`
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

// input runs the operation on one input and writes its result.
func (r *opRunner) input(file string, line int, in opInput) error {
	if r.op == opCompare {
		return r.compareInput(file, line, in)
	}
	var (
		res   string
		err   error
		where string // which string the error is in, if not the input
	)
	base := r.base
	if in.base != nil {
		base = *in.base
	}
	switch r.op {
	case opResolve, opRelativize:
		var b iri.IRI
		if base == "" {
			err, where = errors.New("no base: give --base or a \"base\" member"), "base"
			break
		}
		if b, err = r.parser.Parse(base); err == nil && !b.IsAbsolute() {
			err = iri.ErrRelativeBase
		}
		if err != nil {
			where = "base"
			break
		}
		var u, t iri.IRI
		if u, err = r.parser.Parse(in.input); err != nil {
			break
		}
		if r.op == opResolve {
			t, err = b.ResolveIRI(u)
		} else {
			t, err = b.Relativize(u)
		}
		res = t.String()
	case opNormalize:
		if _, err = r.parser.Parse(in.input); err == nil {
			res, err = r.norm.Normalize(in.input)
		}
	}
	if err != nil {
		r.invalid = true
	}
	if r.json {
		rec := opRecord{Input: in.input, Valid: err == nil}
		if r.op != opNormalize && in.base != nil {
			rec.Base = in.base
		}
		switch {
		case err != nil:
			rec.Error = errorRecord(err, where)
		case r.op == opResolve:
			rec.Resolved = &res
		case r.op == opRelativize:
			rec.Relative = &res
		default:
			rec.Normalized = &res
		}
		return r.enc.Encode(&rec)
	}
	if err != nil {
		r.buf = appendLocation(r.buf[:0], file, line)
		if where != "" {
			r.buf = append(r.buf, where...)
			r.buf = append(r.buf, ": "...)
		}
		r.buf = append(r.buf, err.Error()...)
		r.buf = append(r.buf, '\n')
		r.stderr.Write(r.buf)
		return nil
	}
	r.buf = append(append(r.buf[:0], res...), '\n')
	_, werr := r.out.Write(r.buf)
	return werr
}

// compareInput compares the input with its "other" member (JSON only).
func (r *opRunner) compareInput(file string, line int, in opInput) error {
	fail := func(err error, where string) error {
		r.invalid = true
		return r.enc.Encode(&compareRecord{Input: in.input, Other: in.other, Error: errorRecord(err, where)})
	}
	if in.other == nil {
		return fail(errors.New(`no "other" member to compare with`), "other")
	}
	a, err := r.parser.Parse(in.input)
	if err != nil {
		return fail(err, "")
	}
	b, err := r.parser.Parse(*in.other)
	if err != nil {
		return fail(err, "other")
	}
	rec := compareValid{Input: in.input, Other: *in.other, Valid: true}
	if rung := iri.Compare(a, b); rung != iri.RungNone {
		name := rung.String()
		rec.Equal, rec.Rung = true, &name
	}
	return r.enc.Encode(&rec)
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
