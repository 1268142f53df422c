package generate

import (
	"testing"

	"github.com/irikit/iri/scanner"
	"github.com/irikit/iri/tables"
)

// reachable returns the states of rule's DFA that some input reaches: a
// search over its transitions, with the IP-literal sub-step's way out.
func reachable(r scanner.Rule) uint32 {
	start, trans := dfa(r)
	seen := uint32(1) << start
	todo := []uint32{start}
	for len(todo) > 0 {
		st := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		next := func(n uint32) {
			if seen&(1<<n) == 0 {
				seen |= 1 << n
				todo = append(todo, n)
			}
		}
		if st == tables.StateIPLiteral {
			next(tables.StateAfterIPLiteral)
		}
		for c := 0; c < tables.NumClasses; c++ {
			if n := trans[int(st)*tables.NumClasses+c] & tables.StateMask; n < tables.NumStates {
				next(n)
			}
		}
	}
	return seen
}

// coverageSamples is how many samples the coverage tests draw per rule.
const coverageSamples = 10000

// Within 10,000 samples of each rule (half of them invalid), the valid
// ones enter every state of the rule's DFA, and the invalid ones use
// every mutation that applies to the rule. Over all rules, that is every
// state and every mutation.
func TestCoverage(t *testing.T) {
	var allStates uint32
	allMuts := map[string]bool{}
	for _, r := range allRuleList {
		g := New(Options{Rule: r, Seed: 7, Invalid: 0.5, IPrivate: true})
		var states uint32
		muts := map[string]int{}
		for i := 0; i < coverageSamples; i++ {
			s := g.Next()
			if s.Valid {
				walk([]byte(s.Input), r, -1, &states)
			} else {
				muts[s.Mutation]++
			}
		}
		if want := reachable(r); states != want {
			for st := 0; st < tables.NumStates; st++ {
				if want&(1<<st) != 0 && states&(1<<st) == 0 {
					t.Errorf("%v: state %d never entered", r, st)
				}
			}
		}
		for _, m := range Mutations() {
			if MutationApplies(m, r) != (muts[m] > 0) {
				t.Errorf("%v: mutation %s drawn %d times; applies: %v", r, m, muts[m], MutationApplies(m, r))
			}
			allMuts[m] = allMuts[m] || muts[m] > 0
		}
		allStates |= states
	}
	if allStates != 1<<tables.NumStates-1 {
		t.Errorf("states entered over all rules: %#x, want all %d", allStates, tables.NumStates)
	}
	for _, m := range Mutations() {
		if !allMuts[m] {
			t.Errorf("mutation %s never drawn", m)
		}
	}
}

// Within 10,000 samples of each rule, every production the rule can use
// and every feature appear; over all rules, every production.
func TestProductionCoverage(t *testing.T) {
	// Productions a rule cannot use.
	never := map[scanner.Rule]Productions{
		scanner.IRIReference: 1 << ProdAbsoluteIRI,
		scanner.IRI:          1<<ProdAbsoluteIRI | 1<<ProdIRIReference | relativeProds,
		scanner.AbsoluteIRI:  1<<ProdIRI | 1<<ProdIRIReference | relativeProds | 1<<ProdIfragment,
		scanner.IRelativeRef: 1<<ProdIRI | 1<<ProdAbsoluteIRI | 1<<ProdIRIReference | absoluteProds,
	}
	for r := scanner.URIReference; r <= scanner.RelativeRef; r++ {
		never[r] = never[r-scanner.URIReference] | 1<<ProdIprivate | 1<<ProdUcschar
	}
	var all Productions
	for _, r := range allRuleList {
		g := New(Options{Rule: r, Seed: 11, Invalid: 0.5, IPrivate: true})
		var prods Productions
		var feats Features
		for i := 0; i < coverageSamples; i++ {
			s := g.Next()
			if s.Valid {
				prods |= s.Productions
				feats |= s.Features
			}
		}
		want := Productions(1<<numProductions-1) &^ never[r]
		if prods != want {
			for p := Production(0); p < numProductions; p++ {
				if want.Has(p) != prods.Has(p) {
					t.Errorf("%v: production %v drawn: %v, want %v", r, p, prods.Has(p), want.Has(p))
				}
			}
		}
		var noFeats Features
		if r.NoFragment() {
			noFeats |= 1 << FeatEmptyFragment
		}
		if r == scanner.IRelativeRef || r == scanner.RelativeRef {
			noFeats |= 1<<FeatSchemeCase | 1<<FeatSchemeSymbol
		}
		for f := Feature(0); f < numFeatures; f++ {
			if feats.Has(f) == noFeats.Has(f) {
				t.Errorf("%v: feature %v never drawn", r, f)
			}
		}
		all |= prods
	}
	if all != 1<<numProductions-1 {
		t.Errorf("productions over all rules: %v missing", Productions(1<<numProductions-1&^all).Names(nil))
	}
}

const (
	relativeProds = 1<<ProdIrelativeRef | 1<<ProdIrelativePart | 1<<ProdIpathNoscheme | 1<<ProdIsegmentNzNc
	absoluteProds = 1<<ProdIhierPart | 1<<ProdScheme | 1<<ProdIpathRootless
)
