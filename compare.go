package iri

import (
	"bytes"
	"strconv"
)

// Rung is a step of the comparison ladder of RFC 3987 section 5.3: the
// cheapest test under which two IRIs are equal.
type Rung uint8

const (
	// RungNone means not equal under any rung this package climbs.
	// Protocol-based equivalence (5.3.4) needs the network and is the
	// caller's.
	RungNone Rung = iota
	// RungSimple means identical strings (5.3.1).
	RungSimple
	// RungSyntax means equal after syntax-based normalization (5.3.2) of
	// their URI forms, which aligns percent-encoding as 5.3.2.3 asks.
	// Characters are never normalized (5.3.2.2).
	RungSyntax
	// RungScheme means equal after scheme-based normalization as well
	// (5.3.3): default and empty ports, empty paths, IDN hosts as
	// A-labels.
	RungScheme
)

var rungNames = [...]string{"none", "simple", "syntax", "scheme"}

// String returns "none", "simple", "syntax" or "scheme".
func (r Rung) String() string {
	if int(r) < len(rungNames) {
		return rungNames[r]
	}
	return "Rung(" + strconv.Itoa(int(r)) + ")"
}

var (
	syntaxKey = Normalizer{URI: true}
	schemeKey = Normalizer{URI: true, Level: LevelScheme}
)

// CompareRung returns the first rung of the section 5.3 ladder at which a
// and b are equal, or RungNone. It allocates nothing for ASCII IRIs of up
// to 256 bytes without IDN hosts.
func CompareRung(a, b IRI) Rung {
	if a.s == b.s {
		return RungSimple
	}
	var ka, kb [256]byte
	if string(syntaxKey.appendKey(ka[:0], &a)) == string(syntaxKey.appendKey(kb[:0], &b)) {
		return RungSyntax
	}
	if string(schemeKey.appendKey(ka[:0], &a)) == string(schemeKey.appendKey(kb[:0], &b)) {
		return RungScheme
	}
	return RungNone
}

// Equal reports whether a and b are equal at some rung of the ladder:
// CompareRung(a, b) != RungNone.
func Equal(a, b IRI) bool { return CompareRung(a, b) != RungNone }

// Compare orders a and b by their normal forms (Key), and returns -1, 0
// or +1 as bytes.Compare does: 0 exactly where Equal is true, so that
// slices.SortFunc(l, iri.Compare) puts equal IRIs side by side. It
// allocates nothing for ASCII IRIs of up to 256 bytes without IDN hosts.
func Compare(a, b IRI) int {
	if a.s == b.s {
		return 0
	}
	var ka, kb [256]byte
	return bytes.Compare(schemeKey.appendKey(ka[:0], &a), schemeKey.appendKey(kb[:0], &b))
}

// Key returns the form of u under which IRIs that Equal calls equal are
// identical: its scheme-based normal URI form, with IDN hosts as A-labels.
// It is meant for map keys and is ASCII.
func Key(u IRI) string {
	var buf [256]byte
	return string(schemeKey.appendKey(buf[:0], &u))
}

// appendKey appends the normal form of an IRI already parsed, in URI
// mode. The URI form of a valid IRI is a valid URI even when the IRI was
// parsed with AllowBidi, so nothing can fail.
func (n *Normalizer) appendKey(dst []byte, u *IRI) []byte {
	if !u.IsASCII() {
		v := MustParseReference(u.URI())
		return n.appendNormal(dst, &v)
	}
	return n.appendNormal(dst, u)
}
