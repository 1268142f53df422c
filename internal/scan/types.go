// Package scan is the engine behind package scanner: the DFA walk, its
// assembly loops, the IP-literal sub-step and the URI-to-IRI decoder. It
// lives apart so that package iri and package lint can scan into a
// scanner.Result they keep in place (package inplace) without that entry
// point being part of scanner's API; scanner is its only other caller.
package scan

import "github.com/irikit/iri/tables"

// Result is scanner.Result as the engine writes it. The two have the same
// fields in the same order with the same sizes, so a *scanner.Result
// converts to a *Result (scanner's tests pin the layout); the field types
// here are plain, since this package cannot import scanner's.
type Result struct {
	SchemeEnd      int32
	AuthorityStart int32
	UserinfoEnd    int32
	HostStart      int32
	HostEnd        int32
	PortStart      int32
	PathStart      int32
	PathEnd        int32
	QueryStart     int32
	QueryEnd       int32
	FragmentStart  int32

	Parts    uint8
	HostKind uint8
	Flags    uint8

	Offset    int32
	Code      uint8
	Component uint8
}

// OK reports whether the input was valid.
func (r *Result) OK() bool { return r.Code == tables.CodeOK }

// Values of scanner.Parts, scanner.Flags and scanner.HostKind, which
// scanner's tests pin to these.
const (
	HasScheme = 1 << iota
	HasAuthority
	HasUserinfo
	HasPort
	HasQuery
	HasFragment
)

const (
	HasNonASCII = 1 << iota
	HasPercent
	HasIPrivate
	HasBidi
)

const (
	HostNone = iota
	HostRegName
	HostIPv4
	HostIPv6
	HostIPvFuture
)

// Rule is scanner.Rule: an index into tables.Rules, which lists the rules
// in the order of scanner's constants.
type Rule uint8

// The rules the engine itself tells apart.
const (
	IRIReference Rule = 0
	IRI          Rule = 1
	AbsoluteIRI  Rule = 2
	IRelativeRef Rule = 3
	URIReference Rule = 4 // the first of the RFC 3986 rules, which are ASCII only
	URI          Rule = 5
	AbsoluteURI  Rule = 6
	RelativeRef  Rule = 7
	numRules     Rule = tables.NumRules
)

// tables returns the start state and transition table of the rule, which
// must be known (Scan maps unknown rules to IRI-reference first).
func (r Rule) tables() (uint32, *[tables.NumStates * tables.NumClasses]uint32) {
	t := &tables.Rules[r]
	return t.Start, t.Trans
}

// ascii reports whether r allows no byte above 0x7F.
func (r Rule) ascii() bool { return r >= URIReference && r < numRules }

// Options is scanner.Options, with a bit of the engine's own.
type Options uint8

const (
	// AllowBidi is scanner.AllowBidi.
	AllowBidi Options = 1 << iota

	// ValidOnly, for Valid, skips deriving the component offsets.
	ValidOnly
)

// maxLen is the longest input whose offsets fit Result's int32 fields.
const maxLen = 1<<31 - 1
