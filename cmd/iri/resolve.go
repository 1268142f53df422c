package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
)

// resolve and relativize: each input against a base (RFC 3986 5.2).

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
		Start:   startResolve,
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
		Start:   startRelativize,
	}
)

// baseFlag adds --base and --base-field.
func baseFlag(fs *pflag.FlagSet, f *flags) {
	fs.StringVar(&f.base, "base", "", "the base: an IRI, or a URI under the URI rules of --rule, with --allow-bidi as for the inputs (with --json-in, an object's \"base\" member wins)")
	fs.Var(intFlag{&f.baseField}, "base-field", "with --field, the base IRI is this column of each record (not with --base)")
}

// baseRun is what resolve and relativize share: the base, --base's or
// each line's, and its parser.
type baseRun struct {
	opRun
	baseParser iri.Parser // of a base: baseParser
	base       string     // --base, or ""
}

// newBaseRun checks the flags of resolve and relativize; an error is a
// usage error.
func newBaseRun(f *flags, r *lineRun) (baseRun, error) {
	b := baseRun{opRun: opRun{lineRun: r, parser: f.parser()}, baseParser: baseParser(f)}
	if f.baseField != 0 && (f.field == 0 || f.baseField < 0) {
		return b, fmt.Errorf("--base-field needs --field, and a column from 1")
	}
	if f.base == "" && !r.jsonIn && f.baseField == 0 {
		return b, fmt.Errorf("--base is required")
	}
	if r.cols != nil {
		r.cols.baseField = f.baseField
	}
	if f.base == "" {
		r.need = "base" // each object brings its own
	} else if err := b.checkBase(f.base); err != nil {
		return b, fmt.Errorf("--base: %v", err)
	}
	b.base = f.base
	return b, nil
}

// run applies op to the input and its base, and writes the result into
// rec's member result.
func (r *baseRun) run(file string, line int, in input, op func(base, ref iri.IRI) (iri.IRI, error), result func(*opRecord) **string) error {
	res, err, where := r.apply(in, op)
	return r.write(file, line, in.s, in.base, result, res, err, where)
}

// apply applies op to the input and its base; where says which string
// an error is in, if not the input.
func (r *baseRun) apply(in input, op func(base, ref iri.IRI) (iri.IRI, error)) (res string, err error, where string) {
	base := r.base
	if in.base != nil {
		base = *in.base
	}
	if base == "" {
		return "", errors.New("no base: give --base or a \"base\" member"), "base"
	}
	b, err := r.parseBase(base)
	if err != nil {
		return "", err, "base"
	}
	u, err := r.parser.Parse(in.s)
	if err != nil {
		return "", err, ""
	}
	t, err := op(b, u)
	return t.String(), err, ""
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
func (r *baseRun) checkBase(s string) error {
	_, err := r.parseBase(s)
	return err
}

// parseBase parses a base with baseParser's rule; a relative reference
// gets iri.ErrRelativeBase, which says more than the rule's error.
func (r *baseRun) parseBase(s string) (iri.IRI, error) {
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

// resolveHandler runs resolve.
type resolveHandler struct{ baseRun }

func startResolve(f *flags, args []string, r *lineRun) (handler, error) {
	b, err := newBaseRun(f, r)
	return &resolveHandler{b}, err
}

func (h *resolveHandler) input(file string, line int, in input) error {
	return h.run(file, line, in, iri.IRI.ResolveIRI, func(rec *opRecord) **string { return &rec.Resolved })
}

// relativizeHandler runs relativize.
type relativizeHandler struct{ baseRun }

func startRelativize(f *flags, args []string, r *lineRun) (handler, error) {
	b, err := newBaseRun(f, r)
	return &relativizeHandler{b}, err
}

func (h *relativizeHandler) input(file string, line int, in input) error {
	return h.run(file, line, in, iri.IRI.Relativize, func(rec *opRecord) **string { return &rec.Relative })
}
