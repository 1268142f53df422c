package main

import (
	"fmt"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"

	"github.com/irikit/iri"
)

// flags holds the value of every flag: the global ones and those each
// command adds (command.Flags).
type flags struct {
	// Global.
	rule      ruleFlag
	json      bool // the output is JSON records
	jsonIn    bool // the input is JSON strings (and objects)
	allowBidi bool
	jobs      int
	stats     bool
	quiet     bool
	field     int
	delim     string
	header    bool

	// to-uri and to-iri.
	idna    bool
	fromEnc string // to-uri only: the legacy encoding of the input lines

	// resolve and relativize.
	base      string
	baseField int

	// normalize.
	level       string
	uri         bool
	nfc, nfkc   bool
	decodeNonAS bool
	noIDNA      bool

	// to-uri, to-iri, resolve, relativize, normalize, key and compare.
	aligned bool

	// lint and display.
	profile       string
	severityMap   string
	maxViolations int
	isolate       bool

	// generate.
	n         int64
	seed      uint64
	invalid   float64
	script    string
	maxLen    int
	iprivate  bool
	dict      bool
	corpus    string
	mutations []string
}

// parser is the iri.Parser the global flags ask for.
func (f *flags) parser() iri.Parser {
	return iri.Parser{Rule: f.rule.rule, AllowBidi: f.allowBidi}
}

// ruleNames lists the names --rule accepts, in the order of the help text.
func ruleNames() string {
	var names []string
	for _, r := range iri.Rules() {
		names = append(names, r.String())
	}
	return strings.Join(names, ", ")
}

// ruleFlag is the pflag.Value behind --rule: an unknown name fails at flag
// parsing, which makes it a usage error.
type ruleFlag struct{ rule iri.Rule }

// String returns the ABNF name of the rule.
func (f *ruleFlag) String() string { return f.rule.String() }

// Set sets the rule by its ABNF name.
func (f *ruleFlag) Set(name string) error {
	r, ok := iri.ParseRuleName(name)
	if !ok {
		return fmt.Errorf("unknown rule %q (want one of %s)", name, ruleNames())
	}
	f.rule = r
	return nil
}

// Type names the flag's value in the help text.
func (f *ruleFlag) Type() string { return "NAME" }

// lookupEncoding finds a legacy encoding by its IANA name or alias.
func lookupEncoding(name string) (encoding.Encoding, error) {
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unknown or unsupported encoding %q (want an IANA name such as Shift_JIS, ISO-8859-1 or GB18030)", name)
	}
	return enc, nil
}

// delimiter returns --delimiter as a byte; "\t" and "tab" mean a tab.
func (f *flags) delimiter() (byte, error) {
	switch d := f.delim; {
	case d == "\\t" || d == "tab":
		return '\t', nil
	case len(d) != 1:
		return 0, fmt.Errorf("--delimiter must be one byte, not %q", d)
	case d[0] == '"' || d[0] == '\n' || d[0] == '\r':
		return 0, fmt.Errorf("--delimiter cannot be %q", d)
	default:
		return d[0], nil
	}
}
