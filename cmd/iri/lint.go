package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"unsafe"

	"github.com/irikit/iri"
	"github.com/irikit/iri/lint"
	"github.com/spf13/cobra"
)

// The lint and display subcommands: RFC 3987 sections 4, 6.1, 7 and 8
// (lint.Lint, lint.Display).

// lintOptions holds the flags of lint and display.
type lintOptions struct {
	profile     string
	severityMap string
	isolate     bool
}

// addLintCommands adds lint and display to root.
func addLintCommands(root *cobra.Command, opts *options, stdin io.Reader, stdout, stderr io.Writer, status *int) {
	lo := &lintOptions{}
	lint := &cobra.Command{
		Use:   "lint [--profile rfc3987|iuri|strict] [--severity-map FILE] [FILE...]",
		Short: "Report what each reference breaks beyond the grammar: bidi, look-alikes, normalization, hazards (RFC 3987 4, 6, 7, 8)",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			r := &lintRunner{lineRun: newLineRun(stdin, stdout, stderr), json: opts.json, vs: []lint.Violation{}}
			if err := r.configure(lo, opts); err != nil {
				return err
			}
			*status = r.files(args, r.line)
			return nil
		},
	}
	lf := lint.Flags()
	lf.StringVar(&lo.profile, "profile", "rfc3987", "severities: rfc3987 (the RFC's MUST, SHOULD and MAY), iuri (private use, tag characters and non-NFC text are errors) or strict (every warning an error)")
	lf.StringVar(&lo.severityMap, "severity-map", "", `a JSON file of {"code": "error"|"warning"|"info"|"off"} that overrides the profile`)
	display := &cobra.Command{
		Use:   "display [--isolate] [FILE...]",
		Short: "Print each reference as it is safe to show to a person (RFC 3987 4.1, 4.2, 8)",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			r := &lintRunner{lineRun: newLineRun(stdin, stdout, stderr), json: opts.json, display: true, isolate: lo.isolate}
			r.rule = opts.rule.rule
			r.enc = json.NewEncoder(r.out)
			r.enc.SetEscapeHTML(false)
			*status = r.files(args, r.line)
			return nil
		},
	}
	display.Flags().BoolVar(&lo.isolate, "isolate", false, "wrap the IRI, and each right-to-left component, in bidi isolates (lint.DisplayIsolated)")
	root.AddCommand(lint, display)
}

// lintRunner runs lint or display over the inputs.
type lintRunner struct {
	lineRun
	json    bool
	display bool // the display subcommand
	isolate bool
	rule    iri.Rule
	opts    lint.Options
	vs      []lint.Violation // never nil, for the JSON array
	enc     *json.Encoder
	buf     []byte
}

// configure reads --profile and --severity-map; an error is a usage
// error.
func (r *lintRunner) configure(lo *lintOptions, opts *options) error {
	r.opts.Rule = opts.rule.rule
	p, ok := lint.ParseProfile(lo.profile)
	if !ok {
		return fmt.Errorf("unknown --profile %q (want rfc3987, iuri or strict)", lo.profile)
	}
	r.opts.Profile = p
	if lo.severityMap != "" {
		m, err := readSeverityMap(lo.severityMap)
		if err != nil {
			return fmt.Errorf("--severity-map: %v", err)
		}
		r.opts.Severities = m
	}
	r.enc = json.NewEncoder(r.out)
	r.enc.SetEscapeHTML(false)
	return nil
}

// readSeverityMap reads a JSON object that maps check codes to
// severities.
func readSeverityMap(name string) (map[lint.Check]lint.Severity, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var m map[lint.Check]lint.Severity
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return m, nil
}

// line processes one input line, as runner.line does.
func (r *lintRunner) line(display string, n int, line []byte) (bool, error) {
	var s string
	if r.json {
		var err error
		if s, err = r.jsonLine(display, n, line); err != nil {
			return false, r.badJSONLine(display, n, line, err)
		}
	} else {
		// Used only within this call, as in runner.line.
		s = unsafe.String(unsafe.SliceData(line), len(line))
	}
	if r.display {
		return false, r.displayInput(s)
	}
	return false, r.input(display, n, s)
}

// lintRecord is the JSON output of lint; violations is never null.
type lintRecord struct {
	Input      string           `json:"input"`
	Valid      bool             `json:"valid"`
	Violations []lint.Violation `json:"violations"`
}

// input lints one input and writes what it finds.
func (r *lintRunner) input(file string, line int, s string) error {
	r.vs = r.opts.AppendViolations(r.vs[:0], s)
	if lint.HasErrors(r.vs) {
		r.invalid = true
	}
	if r.json {
		valid := len(r.vs) == 0 || r.vs[0].Check != lint.CheckSyntax
		return r.enc.Encode(lintRecord{Input: s, Valid: valid, Violations: r.vs})
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
	return nil
}

// displayRecord is the JSON output of display.
type displayRecord struct {
	Input   string `json:"input"`
	Valid   bool   `json:"valid"`
	Display string `json:"display"`
}

// displayInput writes the display form of one input.
func (r *lintRunner) displayInput(s string) error {
	b := r.buf[:0]
	if r.isolate {
		b = lint.AppendDisplayIsolated(b, s)
	} else {
		b = lint.AppendDisplay(b, s)
	}
	r.buf = b
	valid := (iri.Parser{Rule: r.rule, AllowBidi: true}).Valid(s)
	if !valid {
		r.invalid = true
	}
	if r.json {
		return r.enc.Encode(displayRecord{Input: s, Valid: valid, Display: string(b)})
	}
	_, err := r.out.Write(append(b, '\n'))
	return err
}
