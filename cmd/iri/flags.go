package main

import (
	"fmt"
	"math"
	"strconv"
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
	maxLine   sizeFlag
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

// sizeFlag is a pflag.Value of a size in bytes: a whole number with an
// optional K, M or G (KiB, MiB, GiB: powers of 1024).
type sizeFlag struct{ n int }

var sizeUnits = []struct {
	suffix string
	n      int
}{{"GiB", 1 << 30}, {"G", 1 << 30}, {"MiB", 1 << 20}, {"M", 1 << 20}, {"KiB", 1 << 10}, {"K", 1 << 10}, {"k", 1 << 10}, {"B", 1}}

// String formats the size in the largest unit that divides it.
func (f *sizeFlag) String() string {
	for _, u := range []int{0, 2, 4} {
		if n := sizeUnits[u].n; f.n != 0 && f.n%n == 0 {
			return strconv.Itoa(f.n/n) + sizeUnits[u].suffix
		}
	}
	return strconv.Itoa(f.n)
}

// Set parses "65536", "64KiB", "64K", "16MiB", "1G" and the like.
func (f *sizeFlag) Set(s string) error {
	num, unit := s, 1
	for _, u := range sizeUnits {
		if t, ok := strings.CutSuffix(s, u.suffix); ok {
			num, unit = t, u.n
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 63)
	if err != nil || n > math.MaxInt/uint64(unit) {
		return fmt.Errorf("%q is not a size in bytes (such as 65536, 64KiB, 16MiB or 1GiB)", s)
	}
	f.n = int(n) * unit
	return nil
}

// Type names the flag's value in the help text.
func (f *sizeFlag) Type() string { return "SIZE" }

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
