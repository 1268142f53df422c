package main

import (
	"errors"
	"fmt"

	"github.com/irikit/iri"
	"github.com/spf13/pflag"
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
	opKey
)

var (
	cmdResolve = &command{
		Usage: []string{
			"resolve --base IRI [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]",
			"resolve --field N --base-field M [--delimiter C] [--header] [...] [FILE...]",
		},
		Short:   "Resolve each reference against a base IRI (RFC 3986 5.2)",
		Long:    helpText("resolve"),
		Flags:   withAligned(baseFlag),
		Objects: true,
		Start:   startOp(opResolve),
	}
	cmdRelativize = &command{
		Usage: []string{
			"relativize --base IRI [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]",
			"relativize --field N --base-field M [--delimiter C] [--header] [...] [FILE...]",
		},
		Short:   "Print the shortest reference that resolves against the base to each input",
		Long:    helpText("relativize"),
		Flags:   withAligned(baseFlag),
		Objects: true,
		Start:   startOp(opRelativize),
	}
	cmdNormalize = &command{
		Usage: []string{"normalize [--level syntax|scheme] [--uri] [--nfc|--nfkc] [--decode] [--no-idna] [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]"},
		Short: "Print the normal form of each reference (RFC 3987 5.3)",
		Long:  helpText("normalize"),
		Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
			fs.StringVar(&f.level, "level", "syntax", "syntax (case, percent-encoding, dot segments) or scheme (also default ports, empty paths, IDN hosts)")
			fs.BoolVar(&f.uri, "uri", false, "the URI-level form: map to a URI first (RFC 3986 6.2.2)")
			fs.BoolVar(&f.nfc, "nfc", false, "apply Unicode NFC first (never part of equivalence, RFC 3987 5.3.2.2)")
			fs.BoolVar(&f.nfkc, "nfkc", false, "apply Unicode NFKC first")
			fs.BoolVar(&f.decodeNonAS, "decode", false, "also decode the %HH that form non-ASCII characters, as to-iri does")
			fs.BoolVar(&f.noIDNA, "no-idna", false, "at --level scheme, leave IDN hosts as they are (the RFC 3986 6.2.3 form, without IDNA)")
		}),
		Objects: true,
		Start:   startOp(opNormalize),
	}
	cmdKey = &command{
		Usage: []string{"key [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]"},
		Short: "Print the key of each reference (iri.Key): equal IRIs (RFC 3987 5.3) have the same key, for dedupe",
		Long:  helpText("key"),
		Flags: withAligned(nil),
		Start: startOp(opKey),
	}
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
		Start:   startOp(opCompare),
		NotRefs: true,
	}
)

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

// baseFlag adds --base and --base-field.
func baseFlag(fs *pflag.FlagSet, f *flags) {
	fs.StringVar(&f.base, "base", "", "the base: an IRI, or a URI under the URI rules of --rule, with --allow-bidi as for the inputs (with --json-in, an object's \"base\" member wins)")
	fs.Var(intFlag{&f.baseField}, "base-field", "with --field, the base IRI is this column of each record (not with --base)")
}

// startOp returns the Start of operation o.
func startOp(o op) func(f *flags, args []string, r *lineRun) (handler, error) {
	return func(f *flags, args []string, r *lineRun) (handler, error) {
		h := &opRunner{lineRun: r, op: o}
		if err := h.configure(f); err != nil {
			return nil, err
		}
		if o == opCompare && !f.jsonIn {
			if len(args) != 2 {
				return nil, fmt.Errorf("compare takes two IRIs, A and B (or, with --json-in, files of objects)")
			}
			r.status = h.compareArgs(args[0], args[1])
			return nil, nil
		}
		return h, nil
	}
}

// opRunner takes the inputs of one run of an operation.
type opRunner struct {
	*lineRun
	op         op
	parser     iri.Parser
	baseParser iri.Parser // of a base: baseParser
	base       string     // --base, or ""
	norm       iri.Normalizer
	buf        []byte
	equal      bool // compare: the last two inputs were equal
}

// configure checks the flags; an error is a usage error.
func (r *opRunner) configure(f *flags) error {
	r.parser = f.parser()
	switch r.op {
	case opResolve, opRelativize:
		if f.baseField != 0 && (f.field == 0 || f.baseField < 0) {
			return fmt.Errorf("--base-field needs --field, and a column from 1")
		}
		if f.base == "" && !r.jsonIn && f.baseField == 0 {
			return fmt.Errorf("--base is required")
		}
		if r.cols != nil {
			r.cols.baseField = f.baseField
		}
		r.baseParser = baseParser(f)
		if f.base == "" {
			r.need = "base" // each object brings its own
		}
		if f.base != "" {
			if err := r.checkBase(f.base); err != nil {
				return fmt.Errorf("--base: %v", err)
			}
		}
		r.base = f.base
	case opCompare:
		r.need = "other"
	case opNormalize:
		switch f.level {
		case "syntax":
			r.norm.Level = iri.LevelSyntax
		case "scheme":
			r.norm.Level = iri.LevelScheme
		default:
			return fmt.Errorf("unknown --level %q (want syntax or scheme)", f.level)
		}
		if f.nfc && f.nfkc {
			return fmt.Errorf("--nfc and --nfkc exclude each other")
		}
		if f.uri && (f.nfc || f.nfkc || f.decodeNonAS) {
			return fmt.Errorf("--uri gives a URI: it cannot be used with --nfc, --nfkc or --decode")
		}
		r.norm.URI, r.norm.DecodeNonASCII, r.norm.NoIDNA = f.uri, f.decodeNonAS, f.noIDNA
		r.norm.AllowBidi = f.allowBidi
		if f.nfc {
			r.norm.Chars = iri.CharsNFC
		} else if f.nfkc {
			r.norm.Chars = iri.CharsNFKC
		}
	}
	return nil
}

// baseParser is the parser of a base, --base's and each line's alike:
// the absolute rule of --rule's family, IRI for the IRI rules and URI
// for the URI ones (a base must be absolute, RFC 3986 5.1; --rule's
// relative and absolute variants are about the inputs), with
// --allow-bidi.
func baseParser(f *flags) iri.Parser {
	p := f.parser()
	p.Rule = iri.RuleIRI
	if isURIRule(f.rule.rule) {
		p.Rule = iri.RuleURI
	}
	return p
}

// isURIRule says whether r is one of the RFC 3986 rules, which take
// ASCII only.
func isURIRule(r iri.Rule) bool { return uriRule[r] == r }

// checkBase reports why s cannot be a base: as each line's base is
// checked, so that --base is refused at start-up when it would fail on
// every line.
func (r *opRunner) checkBase(s string) error {
	_, err := r.parseBase(s)
	return err
}

// parseBase parses a base with baseParser's rule; a relative reference
// gets iri.ErrRelativeBase, which says more than the rule's error.
func (r *opRunner) parseBase(s string) (iri.IRI, error) {
	b, err := r.baseParser.Parse(s)
	if err != nil {
		rel := r.baseParser
		rel.Rule = iri.RuleIRIReference
		if isURIRule(r.baseParser.Rule) {
			rel.Rule = iri.RuleURIReference
		}
		if u, err2 := rel.Parse(s); err2 == nil && !u.IsAbsolute() {
			return iri.IRI{}, iri.ErrRelativeBase
		}
	}
	return b, err
}

// compareArgs compares A and B given on the command line: it prints the
// rung ("simple", "syntax" or "scheme") or "none" (with --json, compare's
// record), and returns 0 when they are equal, 1 when they are not or one
// is invalid.
func (r *opRunner) compareArgs(a, b string) int {
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
func (r *opRunner) input(file string, line int, in input) error {
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
		if b, err = r.parseBase(base); err != nil {
			where = "base"
			break
		}
		var u, t iri.IRI
		if u, err = r.parser.Parse(in.s); err != nil {
			break
		}
		if r.op == opResolve {
			t, err = b.ResolveIRI(u)
		} else {
			t, err = b.Relativize(u)
		}
		res = t.String()
	case opNormalize:
		if _, err = r.parser.Parse(in.s); err == nil {
			res, err = r.norm.Normalize(in.s)
		}
	case opKey:
		var u iri.IRI
		if u, err = r.parser.Parse(in.s); err == nil {
			res = iri.Key(u)
		}
	}
	if err != nil {
		r.invalid = true
	}
	if r.json {
		rec := opRecord{Input: in.s, Valid: err == nil}
		if (r.op == opResolve || r.op == opRelativize) && in.base != nil {
			rec.Base = in.base
		}
		switch {
		case err != nil:
			rec.Error = errorRecord(err, where)
		case r.op == opResolve:
			rec.Resolved = &res
		case r.op == opRelativize:
			rec.Relative = &res
		case r.op == opKey:
			rec.Key = &res
		default:
			rec.Normalized = &res
		}
		return r.writeJSON(&rec)
	}
	if err != nil {
		return r.fail(file, line, where, err)
	}
	return r.writeLine(res)
}

// fail reports, in text mode, an input that err makes invalid, on
// standard error, its message prefixed with where (the member at fault)
// if set.
func (r *opRunner) fail(file string, line int, where string, err error) error {
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
func (r *opRunner) writeLine(res string) error {
	r.buf = append(append(r.buf[:0], res...), '\n')
	_, werr := r.out.Write(r.buf)
	return werr
}

// compareInput compares the input with its "other" member (--json-in,
// or the two arguments with --json) and sets r.equal.
func (r *opRunner) compareInput(file string, line int, in input) error {
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
