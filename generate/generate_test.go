package generate

import (
	"strings"
	"testing"

	"github.com/irikit/iri/scanner"
)

var allRuleList = []scanner.Rule{
	scanner.IRIReference, scanner.IRI, scanner.AbsoluteIRI, scanner.IRelativeRef,
	scanner.URIReference, scanner.URI, scanner.AbsoluteURI, scanner.RelativeRef,
}

// forSamples calls f with n samples, half of them invalid, of every
// rule, script and a few maximum lengths.
func forSamples(n int, f func(o Options, s Sample)) {
	for _, r := range allRuleList {
		for sc := ScriptMixed; sc < numScripts; sc++ {
			for _, max := range []int{MinMaxLen, 40, DefaultMaxLen, 1000} {
				o := Options{Rule: r, Seed: uint64(sc)*31 + uint64(r) + uint64(max), Invalid: 0.5, Script: sc, IPrivate: sc == ScriptUcschar, MaxLen: max}
				g := New(o)
				for i := 0; i < n; i++ {
					f(o, g.Next())
				}
			}
		}
	}
}

// Every sample gets from the scanner exactly the result it is labelled
// with: every offset of a valid one, the code, offset and component of an
// invalid one.
func TestScannerAgrees(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	bad := 0
	forSamples(n, func(o Options, s Sample) {
		got := scanner.Scan(s.Input, s.Rule, 0)
		if !s.Valid {
			got = scanner.Result{Code: got.Code, Offset: got.Offset, Component: got.Component}
		}
		if got != s.Want || s.Valid != (got.Code == scanner.CodeOK) || s.Valid != (s.Offset < 0) || !s.Valid && int(got.Offset) != s.Offset {
			if bad++; bad <= 20 {
				t.Errorf("%v %q (mutation %q):\n got %+v\nwant %+v", s.Rule, s.Input, s.Mutation, got, s.Want)
			}
		}
		if len(s.Input) > o.MaxLen {
			t.Errorf("%q: %d bytes, longer than MaxLen %d", s.Input, len(s.Input), o.MaxLen)
		}
		if strings.ContainsAny(s.Input, "\r\n") {
			t.Errorf("%q holds a line break", s.Input)
		}
	})
	if bad > 0 {
		t.Errorf("%d samples disagree", bad)
	}
}

// Options.Mutations restricts invalid samples to the named mutations;
// one that does not apply to the rule leaves them all.
func TestMutationSet(t *testing.T) {
	for _, name := range Mutations() {
		set, err := MutationsNamed(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range allRuleList {
			if !MutationApplies(name, r) {
				continue
			}
			g := New(Options{Rule: r, Seed: 5, Invalid: 1, Mutations: set, MaxLen: MinMaxLen})
			for i := 0; i < 100; i++ {
				s := g.Next()
				got := scanner.Scan(s.Input, r, 0)
				if s.Mutation != name || got.Code != s.Want.Code || int(got.Offset) != s.Offset {
					t.Fatalf("%v, only %s: sample %q has mutation %q, scanner %v at %d, want %v at %d", r, name, s.Input, s.Mutation, got.Code, got.Offset, s.Want.Code, s.Offset)
				}
			}
		}
	}
	if _, err := MutationsNamed("bad-percent", "no-such"); err == nil {
		t.Error("MutationsNamed accepted an unknown name")
	}
	set, _ := MutationsNamed("fragment-in-absolute")
	g := New(Options{Rule: scanner.IRIReference, Invalid: 1, Mutations: set})
	seen := map[string]bool{}
	for i := 0; i < 500; i++ {
		seen[g.Next().Mutation] = true
	}
	if len(seen) < 10 || seen["fragment-in-absolute"] {
		t.Errorf("a set none of which applies: %d mutations drawn", len(seen))
	}
}
