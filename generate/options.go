package generate

import (
	"github.com/irikit/iri/scanner"
	"strconv"
)

// Options say what a Generator draws. The zero value draws valid
// IRI-references with seed 0, in every script, at most DefaultMaxLen
// bytes long.
type Options struct {
	// Rule is the grammar rule every sample is labelled against: valid
	// samples match it, invalid ones fail it. An unknown rule means
	// IRI-reference, as it does for the scanner.
	Rule scanner.Rule

	// Seed selects the sample stream: the same Options give the same
	// samples on every platform and Go release.
	Seed uint64

	// Invalid is the share of invalid samples, from 0 (none, the zero
	// value) to 1 (all); values outside [0, 1] are clamped.
	Invalid float64

	// Script is where the characters beyond ASCII come from.
	Script Script

	// IPrivate lets the query of an IRI rule hold iprivate characters,
	// which RFC 3987 allows there and nowhere else.
	IPrivate bool

	// MaxLen is the longest input, in bytes, of any sample: 0 means
	// DefaultMaxLen, and values below MinMaxLen are raised to it.
	MaxLen int

	// Mutations are the mutations invalid samples are drawn from: the
	// zero set means every one that applies to the rule; so does a set
	// of which none applies (see MutationApplies).
	Mutations MutationSet
}

// DefaultMaxLen is the longest sample when Options.MaxLen is zero.
const DefaultMaxLen = 128

// MinMaxLen is the smallest MaxLen: the room every mutation needs on the
// smallest sample that can carry it, an IPv6 literal with nine pieces.
const MinMaxLen = 32

// Script names a set of characters beyond ASCII.
type Script uint8

// The scripts. Every character they draw is a ucschar of RFC 3987 2.2
// that section 4.1 allows (never a bidi formatting character); in the
// RFC 3986 rules it is written percent-encoded as UTF-8.
const (
	ScriptMixed   Script = iota // Latin, CJK, right-to-left, more scripts and emoji, now and then any ucschar
	ScriptASCII                 // ASCII only: no character beyond it, raw or encoded
	ScriptLatin                 // Latin-1 Supplement and Latin Extended-A letters
	ScriptCJK                   // Han (BMP and plane 2), kana and Hangul
	ScriptRTL                   // Hebrew and Arabic letters, Arabic-Indic digits
	ScriptUcschar               // every ucschar range, its first and last code points often
	numScripts
)

var scriptNames = [numScripts]string{"mixed", "ascii", "latin", "cjk", "rtl", "ucschar"}

// String returns the script's name, as ParseScript reads it.
func (s Script) String() string {
	if s < numScripts {
		return scriptNames[s]
	}
	return "Script(" + strconv.Itoa(int(s)) + ")"
}

// ParseScript returns the script with the given name: "mixed", "ascii",
// "latin", "cjk", "rtl" or "ucschar".
func ParseScript(name string) (Script, bool) {
	for s, n := range scriptNames {
		if n == name {
			return Script(s), true
		}
	}
	return 0, false
}

// Scripts returns the scripts' names, in the order of the constants.
func Scripts() []string { return append([]string(nil), scriptNames[:]...) }
