package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/irikit/iri/interop"
)

// The interop subcommand: each line as RFC 3986, RFC 3987, the WHATWG URL
// Standard and net/url read it, and where they part.

var cmdInterop = &command{
	Usage: []string{"interop [--base URL] [--request-target] [--json] [--json-in] [FILE...]"},
	Short: "Show how RFC 3986, RFC 3987, WHATWG (browsers, Node) and net/url read each line, and where they part",
	Long:  helpText("interop"),
	Flags: func(fs *pflag.FlagSet, f *flags) {
		fs.StringVar(&f.base, "base", "", "resolve each line against this reference (each reader by its own rules); with --request-target, the scheme and Host the request came with")
		fs.BoolVar(&f.requestTarget, "request-target", false, "read each line as an HTTP request target (RFC 9112 section 3.2) sent to --base")
	},
	Start:  startInterop,
	Refuse: refuseInterop,
}

func startInterop(f *flags, args []string, r *lineRun) (handler, error) {
	return &interopRunner{lineRun: r, ctx: interop.Context{Base: f.base, RequestTarget: f.requestTarget}}, nil
}

// interopRunner takes the inputs of one run of interop.
type interopRunner struct {
	noSteps
	*lineRun
	ctx interop.Context
	buf []byte
}

func (r *interopRunner) input(file string, line int, in input) error {
	rep := interop.Read(in.s, r.ctx)
	if rep.DestinationDiffers() {
		r.invalid = true
	}
	if r.json {
		return r.writeJSON(&rep)
	}
	r.buf = appendInterop(r.buf[:0], &rep)
	_, err := r.out.Write(r.buf)
	return err
}

// appendInterop appends the text form of rep: the input, a row a
// reader, then what differs, the causes and the endpoints.
func appendInterop(b []byte, rep *interop.Report) []byte {
	b = append(appendText(b, rep.Input), '\n')
	for _, rd := range interop.Readers() {
		g := rep.Reading(rd)
		b = append(b, "  "...)
		b = appendPadded(b, rd.String(), 9)
		if !g.OK() {
			b = append(b, "refuses: "...)
			b = append(b, g.Err.Error()...)
			b = append(b, '\n')
			continue
		}
		first := true
		for _, c := range []interop.Component{interop.ComponentScheme, interop.ComponentUserinfo, interop.ComponentHost, interop.ComponentPort, interop.ComponentPath, interop.ComponentQuery, interop.ComponentFragment} {
			v, ok := g.Get(c)
			if !ok {
				continue
			}
			if !first {
				b = append(b, ' ')
			}
			first = false
			if rep.Differs.Has(c) {
				b = append(b, '*')
			}
			b = append(b, c.String()...)
			b = append(b, '=')
			b = appendText(b, v)
		}
		b = append(b, '\n')
	}
	if rep.Differs != 0 {
		b = append(append(append(b, "  differs  "...), rep.Differs.String()...), '\n')
	}
	if rep.Refused != 0 {
		b = append(append(append(b, "  refused  "...), rep.Refused.String()...), '\n')
	}
	if rep.Causes != 0 {
		b = append(append(append(b, "  causes   "...), rep.Causes.String()...), '\n')
	}
	first := true
	for _, c := range interop.Clients() {
		e := rep.Connect(c)
		if !e.OK() {
			continue
		}
		if first {
			b = append(b, "  connect  "...)
		} else {
			b = append(b, ' ')
		}
		first = false
		b = append(append(append(b, c.String()...), '='), e.String()...)
	}
	if !first {
		b = append(b, '\n')
	}
	return b
}

// appendText appends s as it is when it is printable and holds no space
// or '"', and quoted (Go syntax) otherwise, so that a row cannot be
// forged and an empty value shows.
func appendText(b []byte, s string) []byte {
	for _, r := range s {
		if r <= ' ' || r == '"' || r == 0x7F || !strconv.IsPrint(r) {
			return strconv.AppendQuote(b, s)
		}
	}
	if s == "" {
		return append(b, `""`...)
	}
	return append(b, s...)
}

// appendPadded appends s and spaces to width w.
func appendPadded(b []byte, s string, w int) []byte {
	b = append(b, s...)
	for i := len(s); i < w; i++ {
		b = append(b, ' ')
	}
	return b
}

// refuseInterop refuses the flags interop does not take.
func refuseInterop(set func(string) bool, f *flags) error {
	if err := refuseAny("interop", set, "it reads each line by every reader's own rules, RFC 3986 and RFC 3987 among them", "rule", "allow-bidi"); err != nil {
		return err
	}
	if err := refuseAny("interop", set, "its summary counts the RFC 3987 reading of each line", "stats"); err != nil {
		return err
	}
	if err := refuseAny("interop", set, "its report of a line spans several rows (--json writes it as one object a line)", "field", "delimiter", "header"); err != nil {
		return err
	}
	if set("request-target") && f.base == "" {
		return fmt.Errorf("--request-target needs --base: the scheme and Host the request came with, which an origin-form target (\"/p?q\") is read on")
	}
	return nil
}
