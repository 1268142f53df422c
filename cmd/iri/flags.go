package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"

	"github.com/irikit/iri"
	"github.com/irikit/iri/scanner"
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
	addr      string   // serve --addr
	maxBody   sizeFlag // serve --max-body
	stats     bool
	quiet     bool
	field     int
	delim     string
	header    bool

	// to-uri and to-iri.
	idna    bool
	fromEnc string // to-uri only: the legacy encoding of the input lines

	// resolve and relativize (and whatwg, interop: base).
	base      string
	baseField int

	// interop.
	requestTarget bool

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
	r, ok := scanner.ParseRule(name)
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
	if errors.Is(err, strconv.ErrRange) || err == nil && n > math.MaxInt/uint64(unit) {
		return fmt.Errorf("too large: at most %d bytes (0 is no limit)", math.MaxInt)
	}
	if err != nil {
		return fmt.Errorf("not a size in bytes (such as 65536, 64K, 64KiB, 16M, 16MiB, 1G or 1GiB)")
	}
	f.n = int(n) * unit
	return nil
}

// Type names the flag's value in the help text.
func (f *sizeFlag) Type() string { return "SIZE" }

// intFlag, int64Flag, uint64Flag and floatFlag are the pflag.Values of
// the numeric flags, as pflag's own but for their errors, which say what
// the flag wants instead of quoting strconv ("strconv.ParseInt: parsing
// "abc": invalid syntax"). Type names the value in the help text.
type (
	intFlag    struct{ p *int }
	int64Flag  struct{ p *int64 }
	uint64Flag struct{ p *uint64 }
	floatFlag  struct{ p *float64 }
)

// numError turns an error of strconv into what a person reads, after
// pflag's "invalid argument "S" for "--flag" flag: ": "not " and want
// when s is no such number, "too large" or "too small" when it is out of
// range.
func numError(err error, s, want string) error {
	if errors.Is(err, strconv.ErrRange) {
		if strings.HasPrefix(s, "-") {
			return errors.New("too small")
		}
		return errors.New("too large")
	}
	return errors.New("not " + want)
}

func (f intFlag) String() string    { return strconv.Itoa(*f.p) }
func (f int64Flag) String() string  { return strconv.FormatInt(*f.p, 10) }
func (f uint64Flag) String() string { return strconv.FormatUint(*f.p, 10) }
func (f floatFlag) String() string  { return strconv.FormatFloat(*f.p, 'g', -1, 64) }
func (f intFlag) Type() string      { return "int" }
func (f int64Flag) Type() string    { return "int" }
func (f uint64Flag) Type() string   { return "uint" }
func (f floatFlag) Type() string    { return "float" }

func (f intFlag) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return numError(err, s, "a whole number")
	}
	*f.p = int(n)
	return nil
}

func (f int64Flag) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return numError(err, s, "a whole number")
	}
	*f.p = n
	return nil
}

func (f uint64Flag) Set(s string) error {
	n, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return numError(err, s, "a whole number of 0 or more")
	}
	*f.p = n
	return nil
}

func (f floatFlag) Set(s string) error {
	n, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return numError(err, s, "a number")
	}
	*f.p = n
	return nil
}

// lookupEncoding finds a legacy encoding by its IANA name or alias.
func lookupEncoding(name string) (encoding.Encoding, error) {
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unknown or unsupported encoding %q (want an IANA name such as Shift_JIS, ISO-8859-1 or GB18030)", name)
	}
	return enc, nil
}

// legacy is an encoding --from-encoding reads, and which ASCII bytes
// occur inside its multi-byte characters.
type legacy struct {
	enc encoding.Encoding
	// inMulti is, for each ASCII byte, a character whose encoding is
	// more than one byte and holds it, or -1.
	inMulti [utf8.RuneSelf]rune
	// fffd is the encoding of U+FFFD, or nil when it has none: a U+FFFD
	// the decoder gives for anything else stands for bytes it could not
	// decode (decodeLegacy).
	fffd []byte
}

// legacies caches legacyEncoding's results: each worker of the parallel
// engine starts with the same flags.
var legacies sync.Map // name -> *legacy

// legacyEncoding finds the encoding --from-encoding names and checks
// that it is ASCII-compatible, as reading it line by line needs: lines,
// and --field's columns, are split on ASCII bytes before each is
// decoded, so every ASCII byte must stand for itself, both ways, and LF
// and CR must occur inside no multi-byte character. UTF-16, UTF-32,
// EBCDIC and the stateful ISO-2022 and HZ encodings are not. Which ASCII
// bytes occur inside multi-byte characters is found by encoding every
// character of the encoding's repertoire.
func legacyEncoding(name string) (*legacy, error) {
	if l, ok := legacies.Load(name); ok {
		return l.(*legacy), nil
	}
	enc, err := lookupEncoding(name)
	if err != nil {
		return nil, err
	}
	l := &legacy{enc: enc}
	bad := func(why string) error {
		return fmt.Errorf("encoding %s is not ASCII-compatible (%s): lines, and --field's columns, are split on ASCII bytes before they are decoded; convert the input to UTF-8 first (iconv -f %s -t UTF-8)", name, why, name)
	}
	for b := range utf8.RuneSelf {
		if e, err := enc.NewEncoder().Bytes([]byte{byte(b)}); err != nil || len(e) != 1 || e[0] != byte(b) {
			return nil, bad(fmt.Sprintf("it encodes U+%04X as % x", b, e))
		}
		if d, err := enc.NewDecoder().Bytes([]byte{byte(b)}); err != nil || len(d) != 1 || d[0] != byte(b) {
			return nil, bad(fmt.Sprintf("it decodes the byte %02x as %+q", b, d))
		}
	}
	for i := range l.inMulti {
		l.inMulti[i] = -1
	}
	t := enc.NewEncoder()
	var src [utf8.UTFMax]byte
	var dst [16]byte
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if 0xD800 <= r && r < 0xE000 {
			continue // surrogates are no characters
		}
		t.Reset()
		n, _, err := t.Transform(dst[:], src[:utf8.EncodeRune(src[:], r)], true)
		if err != nil || n < 2 {
			continue
		}
		if r == utf8.RuneError {
			l.fffd = bytes.Clone(dst[:n])
		}
		for _, c := range dst[:n] {
			if c < utf8.RuneSelf && l.inMulti[c] < 0 {
				l.inMulti[c] = r
			}
		}
	}
	for _, c := range []byte{'\n', '\r'} {
		if r := l.inMulti[c]; r >= 0 {
			e, _ := enc.NewEncoder().Bytes([]byte(string(r)))
			return nil, bad(fmt.Sprintf("the byte %02x, a line break, occurs inside U+%04X, % x", c, r, e))
		}
	}
	legacies.Store(name, l)
	return l, nil
}

// decode converts line from the encoding. The decoders of x/text put
// U+FFFD where they cannot decode, without an error: bad is the offset
// in line of the first byte of the first such place (one that is not
// the encoding's own encoding of U+FFFD), and badOut its offset in the
// text, or -1 and -1.
func (l *legacy) decode(line []byte) (text []byte, bad, badOut int) {
	text, _ = l.enc.NewDecoder().Bytes(line)
	if !bytes.Contains(text, []byte(string(utf8.RuneError))) {
		return text, -1, -1
	}
	// Decode again a character at a time, to find the bytes that made
	// the U+FFFD: given the fewest bytes that make a step, the decoder
	// takes one character, or one byte it cannot decode.
	t := l.enc.NewDecoder()
	var d [64]byte
	for i, o := 0, 0; i < len(line); {
		n, m := 0, 0
		for k := 1; m == 0 && i+k <= len(line); k++ {
			n, m, _ = t.Transform(d[:], line[i:i+k], i+k == len(line))
		}
		if m == 0 {
			break
		}
		if bytes.Contains(d[:n], []byte(string(utf8.RuneError))) && (l.fffd == nil || !bytes.HasPrefix(line[i:], l.fffd)) {
			return text, i, o
		}
		i, o = i+m, o+n
	}
	return text, -1, -1
}

// checkDelimiter refuses, with --field, a --delimiter byte, or the '"'
// that quotes a column, that can occur inside a multi-byte character of
// the encoding: the input is split into columns before it is decoded,
// and such a byte would cut the character in two.
func (l *legacy) checkDelimiter(name string, delim byte) error {
	for _, c := range []byte{delim, '"'} {
		r := l.inMulti[c]
		if r < 0 {
			continue
		}
		e, _ := l.enc.NewEncoder().Bytes([]byte(string(r)))
		var safe []string
		for _, d := range []byte{'\t', ',', ';', '|'} {
			if l.inMulti[d] < 0 {
				safe = append(safe, strconv.QuoteRune(rune(d)))
			}
		}
		what := "--delimiter " + strconv.QuoteRune(rune(c))
		if c == '"' {
			what = "--field, which reads quoted columns,"
		}
		msg := fmt.Sprintf("%s cannot be used with --from-encoding %s: the byte %02x occurs inside its multi-byte characters (such as U+%04X %q, % x), which the column would cut in two", what, name, c, r, string(r), e)
		if len(safe) > 0 && c != '"' {
			msg += "; use one of " + strings.Join(safe, ", ")
		}
		return errors.New(msg)
	}
	return nil
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
