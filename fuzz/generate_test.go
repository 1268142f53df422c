package fuzz

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/irikit/iri/generate"
	"github.com/irikit/iri/scanner"
)

// checkSample checks one generated sample against the regexp oracle, an
// independent transcription of the ABNF: a valid sample matches its rule
// and splits, by the RFC 3986 Appendix B regexp, into the components the
// generator wrote; an invalid one does not match, and the longest prefix
// of it that a string of the rule can start with ends at the sample's
// Offset. Three cases differ on purpose, where the scanner names the
// cause rather than the first byte the ABNF cannot take: a non-digit
// after "host:" makes the scanner report the port, while the ABNF can
// still read the text as iuserinfo until iauthority ends without an '@';
// a bad triplet is reported at its '%', where the ABNF stops at the
// first byte after it that is not HEXDIG; and a bidi formatting
// character, which section 4.1 forbids, is a ucschar to the ABNF.
func checkSample(t *testing.T, s generate.Sample) {
	t.Helper()
	rule := s.Rule.String()
	dead := prefixOracle(rule).firstDead(s.Input)
	if s.Valid {
		if dead != -1 || !oracleMatch(rule, s.Input) {
			t.Fatalf("%s %q: valid sample, the oracle stops at %d", rule, s.Input, dead)
		}
		w := s.Want
		var want splitParts
		if want.hasScheme = w.Parts&scanner.HasScheme != 0; want.hasScheme {
			want.scheme = s.Input[:w.SchemeEnd]
		}
		if want.hasAuthority = w.Parts&scanner.HasAuthority != 0; want.hasAuthority {
			want.authority = s.Input[w.AuthorityStart:w.PathStart]
		}
		want.path = s.Input[w.PathStart:w.PathEnd]
		if want.hasQuery = w.Parts&scanner.HasQuery != 0; want.hasQuery {
			want.query = s.Input[w.QueryStart:w.QueryEnd]
		}
		if want.hasFragment = w.Parts&scanner.HasFragment != 0; want.hasFragment {
			want.fragment = s.Input[w.FragmentStart:]
		}
		if got := appendixBSplit(s.Input); got != want {
			t.Fatalf("%s %q: Appendix B splits it into %+v, the generator wrote %+v", rule, s.Input, got, want)
		}
		return
	}
	if r, _ := utf8.DecodeRuneInString(s.Input[s.Offset:]); s.Want.Code == scanner.CodeBidi && hasBidi(string(r)) && (dead == -1 || dead > s.Offset) {
		return
	}
	if oracleMatch(rule, s.Input) {
		t.Fatalf("%s %q (mutation %s): invalid sample, the oracle matches it", rule, s.Input, s.Mutation)
	}
	if dead == s.Offset {
		return
	}
	if s.Want.Code == scanner.CodePercent && s.Input[s.Offset] == '%' && s.Offset < dead && dead <= s.Offset+2 {
		return
	}
	// The port case: the prefix stays viable past Offset, with no '@',
	// to where iauthority ends.
	if s.Want.Code == scanner.CodePort && dead > s.Offset && !strings.ContainsRune(s.Input[s.Offset:dead], '@') &&
		(dead == len(s.Input) || strings.IndexByte("/?#", s.Input[dead]) >= 0) {
		return
	}
	t.Fatalf("%s %q (mutation %s): the scanner stops at %d (%v), the oracle at %d", rule, s.Input, s.Mutation, s.Offset, s.Want.Code, dead)
}

// Every sample of every rule and script agrees with the regexp oracle.
func TestGeneratorOracle(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 60
	}
	for _, r := range rules {
		for _, sc := range generate.Scripts() {
			script, _ := generate.ParseScript(sc)
			g := generate.New(generate.Options{Rule: r, Seed: 5, Invalid: 0.5, Script: script, IPrivate: true})
			for i := 0; i < n; i++ {
				checkSample(t, g.Next())
			}
		}
	}
}

// FuzzGenerator draws samples with fuzzed options and checks each
// against the scanner and the oracle.
func FuzzGenerator(f *testing.F) {
	for seed := uint64(0); seed < 8; seed++ {
		f.Add(seed, uint8(seed), uint8(128), uint8(seed), uint16(0))
	}
	f.Fuzz(func(t *testing.T, seed uint64, rule, invalid, script uint8, maxLen uint16) {
		o := generate.Options{
			Rule:     scanner.Rule(rule % 8),
			Seed:     seed,
			Invalid:  float64(invalid) / 255,
			Script:   generate.Script(script % 6),
			IPrivate: script&0x80 != 0,
			MaxLen:   int(maxLen % 512),
		}
		g := generate.New(o)
		max := g.Options().MaxLen
		for i := 0; i < 16; i++ {
			s := g.Next()
			if len(s.Input) > max {
				t.Fatalf("%q: %d bytes, MaxLen %d", s.Input, len(s.Input), max)
			}
			got := scanner.Scan(s.Input, s.Rule, 0)
			if !s.Valid {
				got = scanner.Result{Code: got.Code, Offset: got.Offset, Component: got.Component}
			}
			if got != s.Want {
				t.Fatalf("%v %q (mutation %q): Scan gives %+v, want %+v", s.Rule, s.Input, s.Mutation, got, s.Want)
			}
			checkSample(t, s)
		}
	})
}
