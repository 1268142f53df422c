package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/irikit/iri"
	"github.com/irikit/iri/lint"
	"github.com/spf13/pflag"
)

// The lint and display subcommands: RFC 3987 sections 4, 6.1, 7 and 8
// (lint.Lint, lint.Display).

var (
	cmdLint = &command{
		Usage: []string{"lint [--profile rfc3987|iuri|strict|interop] [--severity-map FILE] [--max-violations N] [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]"},
		Short: "Report what each reference breaks beyond the grammar: bidi, look-alikes, normalization, hazards (RFC 3987 4, 6, 7, 8)",
		Long:  helpText("lint"),
		Flags: func(fs *pflag.FlagSet, f *flags) {
			fs.StringVar(&f.profile, "profile", "rfc3987", "severities: rfc3987 (the RFC's MUST, SHOULD and MAY), iuri (private use, tag characters and non-NFC text are errors), strict (every warning an error) or interop (rfc3987, and errors where RFC 3986, WHATWG and net/url read another host or port, a warning for another path)")
			fs.StringVar(&f.severityMap, "severity-map", "", `a JSON file of {"code": "error"|"warning"|"info"|"off"} that overrides the profile`)
			f.maxViolations = defaultMaxViolations
			fs.Var(intFlag{&f.maxViolations}, "max-violations", "show at most this many violations of each check on a line, then one line that counts the rest (0: show them all)")
		},
		Start:  startLint,
		Refuse: refuseLint,
	}
	cmdDisplay = &command{
		Usage: []string{"display [--isolate] [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]"},
		Short: "Print each reference as it is safe to show to a person (RFC 3987 4.1, 4.2, 8)",
		Long:  helpText("display"),
		Flags: func(fs *pflag.FlagSet, f *flags) {
			fs.BoolVar(&f.isolate, "isolate", false, "wrap the IRI, and each right-to-left component, in bidi isolates (lint.DisplayIsolated)")
		},
		Start: func(f *flags, args []string, r *lineRun) (handler, error) {
			// display writes a line for every input, valid or not, so
			// that a line it cannot read gets one too: it is always
			// --aligned.
			r.aligned = true
			return &displayRunner{lineRun: r, parser: f.parser(), isolate: f.isolate}, nil
		},
	}
)

// startLint reads --profile and --severity-map; an error is a usage
// error.
func startLint(f *flags, args []string, r *lineRun) (handler, error) {
	if f.maxViolations < 0 {
		return nil, fmt.Errorf("--max-violations must be 0 (all) or more")
	}
	h := &lintRunner{lineRun: r, vs: []lint.Violation{}, parser: f.parser(), max: f.maxViolations, checks: lint.Checks()}
	h.opts.Rule = f.rule.rule
	p, ok := lint.ParseProfile(f.profile)
	if !ok {
		return nil, fmt.Errorf("unknown --profile %q (want rfc3987, iuri, strict or interop)", f.profile)
	}
	h.opts.Profile = p
	if f.severityMap != "" {
		m, err := readSeverityMap(f.severityMap)
		if err != nil {
			return nil, fmt.Errorf("--severity-map: %v", err)
		}
		h.opts.Severities = m
	}
	if r.stats != nil {
		r.stats.lint = true // the summary counts the checks
	}
	return h, nil
}

// lintRunner takes the inputs of one run of lint.
type lintRunner struct {
	noSteps
	*lineRun
	opts   lint.Options
	parser iri.Parser // what "valid" means: check's --rule and --allow-bidi
	// vs is the violations of the line at hand to show, at most max of
	// each check (lint.Options.AppendViolationsLimit keeps no more, so
	// that a hostile line's millions take no memory); never nil, for the
	// JSON array. tally counts them all, shown or not.
	vs     []lint.Violation
	tally  lint.Tally
	buf    []byte
	max    int          // --max-violations: of each check on a line; 0 for all
	checks []lint.Check // lint.Checks(), in order
	done   [256]bool    // appendCodes' scratch
}

// appendCodes appends the text cell of lint --field: the code of each
// check vs holds, once, in order of its first violation's offset,
// followed by ":N" when t counts N > 1 violations of it, separated by
// spaces; nothing when vs is empty. vs is Lint's list, or the first
// violations of each check in it (with one of each at least), and t
// counts the whole list. Codes hold only lowercase letters, digits and
// '-', so the form is unambiguous, and the cell is bounded by the
// number of checks however many violations a line has.
func appendCodes(dst []byte, vs []lint.Violation, t *lint.Tally, done *[256]bool) []byte {
	clear(done[:])
	sep := false
	for _, v := range vs {
		if done[v.Check] {
			continue // written
		}
		done[v.Check] = true
		if sep {
			dst = append(dst, ' ')
		}
		sep = true
		dst = append(dst, v.Check.String()...)
		if n := t.Count(v.Check); n > 1 {
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(n), 10)
		}
	}
	return dst
}

// defaultMaxViolations is --max-violations' default: as a compiler stops
// at "too many errors", so that one hostile line (a megabyte of
// right-to-left labels has a million violations) cannot make lint write
// hundreds of bytes per byte of input.
const defaultMaxViolations = 10

// lint sets r.vs to the violations of s to show, at most r.max of each
// check in order of offset (all when r.max is 0), and r.tally to the
// count of them all, and returns how many are left out.
func (r *lintRunner) lint(s string) int {
	perCheck := r.max
	if perCheck == 0 {
		perCheck = -1 // all
	}
	r.vs, r.tally = r.opts.AppendViolationsLimit(r.vs[:0], s, perCheck)
	return r.tally.Total() - len(r.vs)
}

// omitted returns, by code, how many violations of each check r.lint
// left out.
func (r *lintRunner) omitted() map[string]int {
	m := map[string]int{}
	for _, c := range r.checks {
		if n := r.tally.Count(c); n > r.max {
			m[c.String()] = n - r.max
		}
	}
	return m
}

// lintTally counts the violations of one reference, which t counts, by
// check and the severity o gives it.
func (st *runStats) lintTally(t *lint.Tally, o lint.Options, checks []lint.Check) {
	for _, c := range checks {
		if n := t.Count(c); n > 0 {
			st.checks[lintKey{c, o.Severity(c)}] += int64(n)
		}
	}
}

// displayRunner takes the inputs of one run of display.
type displayRunner struct {
	noSteps
	*lineRun
	parser  iri.Parser // what "valid" means: check's --rule and --allow-bidi
	isolate bool
	buf     []byte
}

// readSeverityMap reads a JSON object that maps check codes to
// severities. A BOM before it is skipped, as in the input files; a code
// given twice is refused, since only one of its severities could hold.
// Errors say where: the file and the line.
func readSeverityMap(name string) (map[lint.Check]lint.Severity, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	b = trimBOM(b)
	at := func(off int64) string {
		return fmt.Sprintf("%s:%d", name, 1+bytes.Count(b[:min(int(off), len(b))], []byte{'\n'}))
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	fail := func(err error) error {
		// Go 1.26's decoder says io.ErrUnexpectedEOF where Go 1.27's
		// says a SyntaxError "unexpected end of JSON input".
		if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) || strings.HasSuffix(err.Error(), "unexpected end of JSON input") {
			return fmt.Errorf("%s: the JSON object ends too soon", at(int64(len(b))))
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return fmt.Errorf("%s: %v", at(se.Offset), err)
		}
		return fmt.Errorf("%s: %v", at(dec.InputOffset()), err)
	}
	const want = `a JSON object of "code": "severity" members, such as {"bidi-mixed": "error", "userinfo": "off"}`
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, fmt.Errorf("%s: the file is empty: want %s", name, want)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, fail(err)
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("%s: want %s, not %s", at(dec.InputOffset()), want, tokenKind(tok))
	}
	m := map[lint.Check]lint.Severity{}
	line := map[lint.Check]string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fail(err)
		}
		code := tok.(string) // a key
		where := at(dec.InputOffset())
		if tok, err = dec.Token(); err != nil {
			return nil, fail(err)
		}
		sev, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("%s: the severity of %q is %s, not a string (off, info, warning or error)", where, code, tokenKind(tok))
		}
		c, ok := lint.ParseCheck(code)
		if !ok {
			return nil, fmt.Errorf("%s: unknown lint check %q (iri lint --json names the checks it finds in its \"code\" members)", where, code)
		}
		s, ok := lint.ParseSeverity(sev)
		if !ok {
			return nil, fmt.Errorf("%s: unknown severity %q for %q (want off, info, warning or error)", where, sev, code)
		}
		if first, dup := line[c]; dup {
			return nil, fmt.Errorf("%s: %q is given a second time (first at %s): only one severity can hold", where, code, first)
		}
		m[c], line[c] = s, where
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, fail(err)
	}
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, fail(err)
		}
		return nil, fmt.Errorf("%s: %s after the object", at(dec.InputOffset()), tokenKind(tok))
	}
	return m, nil
}

// tokenKind names the JSON value a json.Token begins.
func tokenKind(tok json.Token) string {
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "true or false"
	}
	return "null"
}

// lintRecord is the JSON output of lint; violations is never null.
type lintRecord struct {
	Input      string           `json:"input"`
	Valid      bool             `json:"valid"`
	Violations []lint.Violation `json:"violations"`
	// Omitted counts, by code, the violations --max-violations left
	// out; absent when none was.
	Omitted map[string]int `json:"omitted,omitempty"`
}

// input lints one input and writes what it finds.
func (r *lintRunner) input(file string, line int, in input) error {
	s := in.s
	left := r.lint(s)
	if r.tally.CountSeverity(lint.SeverityError) > 0 {
		r.invalid = true
	}
	if r.stats != nil {
		r.stats.lintTally(&r.tally, r.opts, r.checks)
	}
	if r.json {
		// Valid as check has it: lint reads bidi formatting
		// characters (to report them), check rejects them.
		rec := lintRecord{Input: s, Valid: r.parser.Valid(s), Violations: r.vs}
		if left > 0 {
			rec.Omitted = r.omitted()
		}
		return r.writeJSON(rec)
	}
	if r.cols != nil {
		r.buf = append(appendCodes(r.buf[:0], r.vs, &r.tally, &r.done), '\n')
		_, err := r.out.Write(r.buf)
		return err
	}
	for _, v := range r.vs {
		b := appendLocation(r.buf[:0], file, line)
		b = append(b, v.Severity.String()...)
		b = append(b, ' ')
		b = append(b, v.Check.String()...)
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(v.Offset), 10)
		if v.Component != "" {
			b = append(b, " in "...)
			b = append(b, v.Component...)
		}
		b = append(b, ": "...)
		b = append(b, v.Message...)
		b = append(b, '\n')
		b = appendExcerpt(b, s, v.Offset, v.Length)
		r.buf = b
		if _, err := r.out.Write(b); err != nil {
			return err
		}
	}
	if left == 0 {
		return nil
	}
	// One line counts the rest, by check.
	b := appendLocation(r.buf[:0], file, line)
	b = strconv.AppendInt(b, int64(left), 10)
	b = append(b, " more violations not shown ("...)
	sep := ""
	for _, c := range r.checks {
		if n := r.tally.Count(c); n > r.max {
			b = append(b, sep...)
			b = append(b, c.String()...)
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(n-r.max), 10)
			sep = ", "
		}
	}
	b = append(b, "); --max-violations 0 shows them all\n"...)
	r.buf = b
	_, err := r.out.Write(b)
	return err
}

// displayRecord is the JSON output of display.
type displayRecord struct {
	Input   string `json:"input"`
	Valid   bool   `json:"valid"`
	Display string `json:"display"`
}

// input writes the display form of one input.
func (r *displayRunner) input(file string, line int, in input) error {
	s := in.s
	b := r.buf[:0]
	if r.isolate {
		b = lint.AppendDisplayIsolated(b, s)
	} else {
		b = lint.AppendDisplay(b, s)
	}
	r.buf = b
	valid := r.parser.Valid(s)
	if !valid {
		r.invalid = true
	}
	if r.json {
		return r.writeJSON(displayRecord{Input: s, Valid: valid, Display: string(b)})
	}
	_, err := r.out.Write(append(b, '\n'))
	return err
}

// refuseLint refuses the flags that change nothing lint writes as given.
func refuseLint(set func(string) bool, f *flags) error {
	switch {
	case set("max-violations") && f.field != 0 && !f.json:
		return fmt.Errorf("--max-violations has no effect on the cell of lint --field, which counts every violation by code")
	case set("allow-bidi") && !f.json && !f.stats:
		return fmt.Errorf("lint --allow-bidi changes only \"valid\" in --json and the validity --stats counts: lint reports bidi formatting characters in any case")
	}
	return nil
}
