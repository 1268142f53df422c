package main

import (
	"fmt"
	"slices"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
)

// The subcommands that check and convert: parse, check, to-uri and
// to-iri (iri.Parser), one handler each over what they share, parseRun.

var (
	cmdParse = &command{
		Usage: []string{"parse [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]"},
		Short: "Print the components of each reference",
		Long:  helpText("parse"),
		Start: startParse,
	}
	cmdCheck = &command{
		Usage: []string{"check [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]"},
		Short: "Report the invalid references, with a caret under the error",
		Long:  helpText("check"),
		Start: startCheck,
	}
	cmdToURI = &command{
		Usage: []string{"to-uri [--rule NAME] [--json] [--json-in] [--allow-bidi] [--idna] [--from-encoding NAME] [--aligned] [FILE...]"},
		Short: "Print the URI form of each valid reference",
		Long:  helpText("to-uri"),
		Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
			fs.BoolVar(&f.idna, "idna", false, "write non-ASCII host labels as IDNA A-labels (xn--) instead of percent-encoding them")
			fs.StringVar(&f.fromEnc, "from-encoding", "", "the input lines are in this legacy encoding (an ASCII-compatible IANA name such as Shift_JIS, ISO-8859-1 or GB18030; not UTF-16): convert to UCS and NFC first (RFC 3987 3.1 step 1b)")
		}),
		Start: startToURI,
	}
	cmdToIRI = &command{
		Usage: []string{"to-iri [--rule NAME] [--json] [--json-in] [--allow-bidi] [--idna] [--aligned] [FILE...]"},
		Short: "Print the IRI form of each valid reference, decoding %HH where safe",
		Long:  helpText("to-iri"),
		Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
			fs.BoolVar(&f.idna, "idna", false, "turn xn-- host labels into U-labels where that is safe")
		}),
		Start: startToIRI,
	}
)

// parseRun is what parse, check, to-uri and to-iri share: the parser of
// --rule, --allow-bidi and --idna, and the formatter of their output.
type parseRun struct {
	*lineRun
	noSteps
	parser iri.Parser
	form   *formatter
	msg    []byte
}

// scanOptions are the scanner's options for the parser's.
func (r *parseRun) scanOptions() scanner.Options {
	if r.parser.AllowBidi {
		return scanner.AllowBidi
	}
	return 0
}

func newParseRun(f *flags, r *lineRun) parseRun {
	p := f.parser()
	p.IDNA = f.idna
	return parseRun{lineRun: r, parser: p, form: newFormatter(r)}
}

// parse parses s; an error makes the run's status invalid.
func (r *parseRun) parse(s string) (iri.IRI, *iri.Error) {
	u, err := r.parser.Parse(s)
	if err != nil {
		r.invalid = true
		return u, asIRIError(err, s)
	}
	return u, nil
}

// writeCell writes parse's and check's --field cell: "ok", or the error.
func (r *parseRun) writeCell(e *iri.Error) error {
	r.msg = r.msg[:0]
	if e == nil {
		r.msg = append(r.msg, "ok\n"...)
	} else {
		r.msg = append(append(r.msg, e.Error()...), '\n')
	}
	_, err := r.out.Write(r.msg)
	return err
}

// writeConv writes to-uri's and to-iri's result for s: with --json its
// record with the converted form as member conv; in text the form, or
// for an invalid input the message on standard error.
func (r *parseRun) writeConv(file string, line int, s string, u iri.IRI, err error, conv **string) error {
	var e *iri.Error
	if err != nil {
		r.invalid = true
		e = asIRIError(err, s)
	}
	switch {
	case r.json:
		return r.form.writeJSON(s, u, e, conv)
	case e == nil:
		return r.form.writeConv()
	}
	r.msg = appendLocation(r.msg[:0], file, line)
	r.msg = append(r.msg, e.Error()...)
	r.msg = append(r.msg, '\n')
	r.stderr.Write(r.msg)
	return r.alignInvalid()
}

// parseHandler runs parse.
type parseHandler struct{ parseRun }

func startParse(f *flags, args []string, r *lineRun) (handler, error) {
	return &parseHandler{newParseRun(f, r)}, nil
}

// startChunk tells the formatter whether a parse block came before.
func (h *parseHandler) startChunk(first bool) { h.form.first = first }

func (h *parseHandler) input(file string, line int, in input) error {
	u, e := h.parse(in.s)
	switch {
	case h.json:
		return h.form.writeJSON(in.s, u, e, nil)
	case h.cols != nil:
		return h.writeCell(e)
	}
	return h.form.writeParse(in.s, u, e)
}

// checkHandler runs check.
type checkHandler struct{ parseRun }

func startCheck(f *flags, args []string, r *lineRun) (handler, error) {
	return &checkHandler{newParseRun(f, r)}, nil
}

// skipper lets the engine pass over the lines that match the rule in
// one scan (scanner.ValidLines): check writes nothing for them.
func (h *checkHandler) skipper() skipFunc {
	if h.json || h.jsonIn || h.cols != nil || h.stats != nil {
		return nil
	}
	rule, opts := h.parser.Rule, h.scanOptions()
	return func(dst []byte, s string) ([]byte, int, int) {
		bad, k := scanner.ValidLines(s, rule, opts)
		return dst, bad, k
	}
}

func (h *checkHandler) input(file string, line int, in input) error {
	// Nothing is written for a valid line: the bare validity test,
	// which derives no offsets, is all most lines need.
	if !h.json && h.cols == nil && h.parser.Valid(in.s) {
		return nil
	}
	u, e := h.parse(in.s)
	switch {
	case h.json:
		return h.form.writeJSON(in.s, u, e, nil)
	case h.cols != nil:
		return h.writeCell(e)
	case e == nil:
		return nil
	}
	return h.form.writeCheck(file, line, in.s, e)
}

// toURIHandler runs to-uri.
type toURIHandler struct{ parseRun }

func startToURI(f *flags, args []string, r *lineRun) (handler, error) {
	if f.fromEnc != "" {
		if f.jsonIn {
			return nil, fmt.Errorf("--from-encoding reads text lines; it cannot be used with --json-in")
		}
		l, err := legacyEncoding(f.fromEnc)
		if err != nil {
			return nil, fmt.Errorf("--from-encoding: %v", err)
		}
		if f.field != 0 {
			delim, err := f.delimiter()
			if err != nil {
				return nil, err
			}
			if err := l.checkDelimiter(f.fromEnc, delim); err != nil {
				return nil, err
			}
		}
		r.enc, r.encName = l, f.fromEnc
	}
	return &toURIHandler{newParseRun(f, r)}, nil
}

// skipper lets the engine write the URI form of the lines that match
// the rule in one scan and one pass of the encoder (scanner.ValidLines,
// scanner.AppendNonASCIIEncoded): what input writes for each, since the
// URI form of a valid line is its non-ASCII encoded, as IRI.AppendURI
// has it. --idna rewrites hosts, and the other modes write more than
// the line.
func (h *toURIHandler) skipper() skipFunc {
	if h.json || h.jsonIn || h.cols != nil || h.enc != nil || h.stats != nil || h.parser.IDNA {
		return nil
	}
	rule, opts := h.parser.Rule, h.scanOptions()
	return func(dst []byte, s string) ([]byte, int, int) {
		bad, k := scanner.ValidLines(s, rule, opts)
		// Room for the worst case, kept from one buffer to the next, so
		// the encoder need not count the non-ASCII bytes first (a
		// twentieth of to-uri's time).
		dst = slices.Grow(dst, 3*bad)
		return scanner.AppendNonASCIIEncoded(dst, s[:bad]), bad, k
	}
}

func (h *toURIHandler) input(file string, line int, in input) error {
	u, err := h.parser.Parse(in.s)
	if err == nil {
		// With --idna the conversion goes through the parser again and
		// can fail on its own; without, the parsed IRI has all it needs.
		if h.parser.IDNA {
			h.form.conv, err = h.parser.AppendURI(h.form.conv[:0], in.s)
		} else {
			h.form.conv = u.AppendURI(h.form.conv[:0])
		}
	}
	return h.writeConv(file, line, in.s, u, err, &h.form.valid.URI)
}

// toIRIHandler runs to-iri.
type toIRIHandler struct{ parseRun }

func startToIRI(f *flags, args []string, r *lineRun) (handler, error) {
	return &toIRIHandler{newParseRun(f, r)}, nil
}

func (h *toIRIHandler) input(file string, line int, in input) error {
	u, err := h.parser.Parse(in.s)
	if err == nil {
		if h.parser.IDNA {
			h.form.conv, err = h.parser.AppendIRI(h.form.conv[:0], in.s)
		} else {
			h.form.conv = u.AppendIRI(h.form.conv[:0])
		}
	}
	return h.writeConv(file, line, in.s, u, err, &h.form.valid.IRI)
}

// uriRule maps each rule to the RFC 3986 rule that matches its ASCII
// matches.
var uriRule = map[scanner.Rule]scanner.Rule{
	scanner.IRIReference: scanner.URIReference, scanner.IRI: scanner.URI,
	scanner.AbsoluteIRI: scanner.AbsoluteURI, scanner.IRelativeRef: scanner.RelativeRef,
	scanner.URIReference: scanner.URIReference, scanner.URI: scanner.URI,
	scanner.AbsoluteURI: scanner.AbsoluteURI, scanner.RelativeRef: scanner.RelativeRef,
}
