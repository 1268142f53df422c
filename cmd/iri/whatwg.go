package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/irikit/iri/whatwg"
)

// The whatwg subcommand: each line as a browser reads it (package
// whatwg, the WHATWG URL Standard).

var cmdWHATWG = &command{
	Usage: []string{"whatwg [--base URL] [--json] [--json-in] [--aligned] [FILE...]"},
	Short: "Print each line as browsers read it (WHATWG URL Standard): its href, or why it fails",
	Long:  helpText("whatwg"),
	Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
		fs.StringVar(&f.base, "base", "", "read each line against this URL, as new URL(line, base) does")
	}),
	Start:  startWHATWG,
	Refuse: refuseWHATWG,
}

func startWHATWG(f *flags, args []string, r *lineRun) (handler, error) {
	h := &whatwgRunner{lineRun: r}
	if f.base != "" {
		b, err := whatwg.Parse(f.base)
		if err != nil {
			return nil, fmt.Errorf("--base: %v", err)
		}
		h.base = &b
	}
	return h, nil
}

// whatwgRunner takes the inputs of one run of whatwg.
type whatwgRunner struct {
	noSteps
	*lineRun
	base *whatwg.URL
	buf  []byte
}

// whatwgWarning is one validation error in whatwg's JSON.
type whatwgWarning struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
}

// whatwgError is the validation error that stopped the parser.
type whatwgError struct {
	Name    string `json:"name"`
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

// whatwgFailure is whatwg's JSON record of a line the parser refused.
type whatwgFailure struct {
	Input    string          `json:"input"`
	Valid    bool            `json:"valid"`
	Warnings []whatwgWarning `json:"warnings"`
	Error    *whatwgError    `json:"error"`
}

// whatwgURL is the record of a URL the parser returned: every field of
// the URL class is present, empty or not.
type whatwgURL struct {
	Input    string          `json:"input"`
	Valid    bool            `json:"valid"`
	Href     string          `json:"href"`
	Protocol string          `json:"protocol"`
	Username string          `json:"username"`
	Password string          `json:"password"`
	Host     string          `json:"host"`
	Hostname string          `json:"hostname"`
	Port     string          `json:"port"`
	Pathname string          `json:"pathname"`
	Search   string          `json:"search"`
	Hash     string          `json:"hash"`
	Origin   string          `json:"origin"`
	Warnings []whatwgWarning `json:"warnings"`
}

func (r *whatwgRunner) input(file string, line int, in input) error {
	s := in.s
	var u whatwg.URL
	var err error
	if r.base != nil {
		u, err = r.base.Parse(s)
	} else {
		u, err = whatwg.Parse(s)
	}
	if err != nil {
		r.invalid = true
		e, _ := err.(*whatwg.Error)
		if r.json {
			rec := whatwgFailure{Input: s, Warnings: []whatwgWarning{}}
			if e != nil {
				rec.Error = &whatwgError{Name: e.Kind.String(), Offset: e.Offset, Message: err.Error()}
			}
			return r.writeJSON(rec)
		}
		r.buf = appendLocation(r.buf[:0], file, line)
		r.buf = append(r.buf, err.Error()...)
		r.buf = append(r.buf, '\n')
		r.stderr.Write(r.buf)
		return r.alignInvalid()
	}
	if r.json {
		ws := []whatwgWarning{}
		for _, w := range u.Warnings() {
			ws = append(ws, whatwgWarning{Name: w.Kind.String(), Offset: w.Offset})
		}
		return r.writeJSON(whatwgURL{
			Input: s, Valid: true, Href: u.Href(), Protocol: u.Protocol(), Username: u.Username(),
			Password: u.Password(), Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(),
			Pathname: u.Pathname(), Search: u.Search(), Hash: u.Hash(), Origin: u.Origin(), Warnings: ws,
		})
	}
	r.buf = append(append(r.buf[:0], u.Href()...), '\n')
	_, werr := r.out.Write(r.buf)
	return werr
}

// refuseWHATWG refuses the flags whatwg does not take.
func refuseWHATWG(set func(string) bool, f *flags) error {
	if err := refuseAny("whatwg", set, "it reads each line by the WHATWG URL Standard, not by an ABNF rule", "rule", "allow-bidi"); err != nil {
		return err
	}
	return refuseAny("whatwg", set, "its summary counts the RFC 3987 reading of each line", "stats")
}
