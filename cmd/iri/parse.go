package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
)

// The subcommands that check and convert: parse, check, to-uri and
// to-iri (iri.Parser).

// mode is which of them runs.
type mode int

const (
	modeParse mode = iota
	modeCheck
	modeToURI
	modeToIRI
)

var (
	cmdParse = &command{
		Usage: []string{"parse [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]"},
		Short: "Print the components of each reference",
		Long:  helpText("parse"),
		Start: startParse(modeParse),
	}
	cmdCheck = &command{
		Usage: []string{"check [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]"},
		Short: "Report the invalid references, with a caret under the error",
		Long:  helpText("check"),
		Start: startParse(modeCheck),
	}
	cmdToURI = &command{
		Usage: []string{"to-uri [--rule NAME] [--json] [--json-in] [--allow-bidi] [--idna] [--from-encoding NAME] [--aligned] [FILE...]"},
		Short: "Print the URI form of each valid reference",
		Long:  helpText("to-uri"),
		Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
			fs.BoolVar(&f.idna, "idna", false, "write non-ASCII host labels as IDNA A-labels (xn--) instead of percent-encoding them")
			fs.StringVar(&f.fromEnc, "from-encoding", "", "the input lines are in this legacy encoding (an ASCII-compatible IANA name such as Shift_JIS, ISO-8859-1 or GB18030; not UTF-16): convert to UCS and NFC first (RFC 3987 3.1 step 1b)")
		}),
		Start: startParse(modeToURI),
	}
	cmdToIRI = &command{
		Usage: []string{"to-iri [--rule NAME] [--json] [--json-in] [--allow-bidi] [--idna] [--aligned] [FILE...]"},
		Short: "Print the IRI form of each valid reference, decoding %HH where safe",
		Long:  helpText("to-iri"),
		Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
			fs.BoolVar(&f.idna, "idna", false, "turn xn-- host labels into U-labels where that is safe")
		}),
		Start: startParse(modeToIRI),
	}
)

// startParse returns the Start of mode m.
func startParse(m mode) func(f *flags, args []string, r *lineRun) (handler, error) {
	return func(f *flags, args []string, r *lineRun) (handler, error) {
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
		p := f.parser()
		p.IDNA = f.idna
		return &runner{lineRun: r, mode: m, parser: p, form: newFormatter(m, r)}, nil
	}
}

// runner takes the inputs of one run of parse, check, to-uri or to-iri.
type runner struct {
	*lineRun
	mode   mode
	parser iri.Parser
	form   *formatter
	msg    []byte
}

// skipsValid says how the run treats the lines that match a rule, so
// that the engine can pass over runs of them in one scan
// (scanner.ValidLines) without handing each over: check writes nothing
// for a valid line, and to-uri writes a line that is a valid URI as it
// is, since its URI form is itself.
func (r *runner) skipsValid() (scanner.Rule, scanner.Options, skipMode) {
	if r.json || r.jsonIn || r.cols != nil || r.enc != nil || r.stats != nil || r.parser.IDNA {
		return 0, 0, skipNone
	}
	switch r.mode {
	case modeCheck:
		var opts scanner.Options
		if r.parser.AllowBidi {
			opts = scanner.AllowBidi
		}
		return r.parser.Rule, opts, skipDrop
	case modeToURI:
		// The lines that match the rule and are ASCII: those that
		// match its RFC 3986 counterpart.
		if u, ok := uriRule[r.parser.Rule]; ok {
			return u, 0, skipCopy
		}
	}
	return 0, 0, skipNone
}

// uriRule maps each rule to the RFC 3986 rule that matches its ASCII
// matches.
var uriRule = map[scanner.Rule]scanner.Rule{
	scanner.IRIReference: scanner.URIReference, scanner.IRI: scanner.URI,
	scanner.AbsoluteIRI: scanner.AbsoluteURI, scanner.IRelativeRef: scanner.RelativeRef,
	scanner.URIReference: scanner.URIReference, scanner.URI: scanner.URI,
	scanner.AbsoluteURI: scanner.AbsoluteURI, scanner.RelativeRef: scanner.RelativeRef,
}

// startChunk tells the formatter whether a parse block came before.
func (r *runner) startChunk(first bool) { r.form.first = first }

// input parses one input and writes its result; it returns a write error.
func (r *runner) input(file string, line int, in input) error {
	s := in.s
	// check prints nothing for a valid line: the bare validity test,
	// which derives no offsets, is all most lines need.
	if r.mode == modeCheck && !r.json && r.cols == nil && !r.parser.IDNA && r.parser.Valid(s) {
		return nil
	}
	u, err := r.parser.Parse(s)
	if err == nil {
		// The conversion. With --idna it goes through the parser again
		// and can fail on its own; without, the parsed IRI has all it
		// needs.
		conv := r.form.conv[:0]
		switch {
		case r.mode == modeToURI && r.parser.IDNA:
			conv, err = r.parser.AppendURI(conv, s)
		case r.mode == modeToIRI && r.parser.IDNA:
			conv, err = r.parser.AppendIRI(conv, s)
		case r.mode == modeToURI:
			conv = u.AppendURI(conv)
		case r.mode == modeToIRI:
			conv = u.AppendIRI(conv)
		}
		r.form.conv = conv
	}
	var e *iri.Error
	if err != nil {
		e = asIRIError(err, s)
		r.invalid = true
	}
	switch {
	case r.json:
		return r.form.writeJSON(s, u, e)
	case r.cols != nil && (r.mode == modeParse || r.mode == modeCheck):
		// One cell: "ok", or the error.
		r.msg = r.msg[:0]
		if e == nil {
			r.msg = append(r.msg, "ok\n"...)
		} else {
			r.msg = append(append(r.msg, e.Error()...), '\n')
		}
		_, err := r.out.Write(r.msg)
		return err
	case r.mode == modeParse:
		return r.form.writeParse(s, u, e)
	case e == nil && (r.mode == modeToURI || r.mode == modeToIRI):
		return r.form.writeConv()
	case e == nil:
		return nil
	case r.mode == modeCheck:
		return r.form.writeCheck(file, line, s, e)
	}
	// to-uri and to-iri, invalid: the message goes to stderr.
	r.msg = appendLocation(r.msg[:0], file, line)
	r.msg = append(r.msg, e.Error()...)
	r.msg = append(r.msg, '\n')
	r.stderr.Write(r.msg)
	return r.alignInvalid()
}
