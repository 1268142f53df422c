package generate

import (
	"github.com/irikit/iri/scanner"
	"strconv"
)

// A Sample is one generated reference and its labels.
type Sample struct {
	// Input is the reference. Append leaves it empty: its input is the
	// bytes it appended.
	Input string

	// Valid says whether Input matches Rule.
	Valid bool

	// Rule is the grammar rule the sample is labelled against.
	Rule scanner.Rule

	// Mutation names the one change that made a valid sample invalid
	// (see Mutations); it is "" for a valid sample.
	Mutation string

	// Offset is the byte offset at which the scanner rejects an invalid
	// sample (len(Input) when the input ends too soon), -1 for a valid
	// one.
	Offset int

	// Want is the result scanner.Scan(Input, Rule, 0) returns. For a
	// valid sample it holds the components the generator wrote: every
	// offset, Parts, HostKind and Flags. For an invalid one only Code,
	// Offset and Component are set.
	Want scanner.Result

	// Productions are the RFC 3987 2.2 productions the sample was drawn
	// from; an invalid sample keeps those of the valid one it mutates.
	Productions Productions

	// Features are the edge cases the sample holds (see Feature).
	Features Features
}

// A Production is one rule of the RFC 3987 section 2.2 ABNF.
type Production uint8

// The productions, named as in the ABNF. The RFC 3986 rules are labelled
// with the RFC 3987 rule each is the ASCII form of (URI as IRI, segment
// as isegment...). Reserved and gen-delims, which the ABNF of an IRI
// names nowhere, label a gen-delim or sub-delim written as data: ':' and
// '@' in a segment, '/' and '?' in a query or fragment.
const (
	ProdIRI Production = iota
	ProdIhierPart
	ProdIRIReference
	ProdAbsoluteIRI
	ProdIrelativeRef
	ProdIrelativePart
	ProdIauthority
	ProdIuserinfo
	ProdIhost
	ProdIregName
	ProdIpath
	ProdIpathAbempty
	ProdIpathAbsolute
	ProdIpathNoscheme
	ProdIpathRootless
	ProdIpathEmpty
	ProdIsegment
	ProdIsegmentNz
	ProdIsegmentNzNc
	ProdIpchar
	ProdIquery
	ProdIfragment
	ProdIunreserved
	ProdUcschar
	ProdIprivate
	ProdScheme
	ProdPort
	ProdIPLiteral
	ProdIPvFuture
	ProdIPv6address
	ProdH16
	ProdLs32
	ProdIPv4address
	ProdDecOctet
	ProdPctEncoded
	ProdUnreserved
	ProdReserved
	ProdGenDelims
	ProdSubDelims
	numProductions
)

var productionNames = [numProductions]string{
	"IRI", "ihier-part", "IRI-reference", "absolute-IRI", "irelative-ref",
	"irelative-part", "iauthority", "iuserinfo", "ihost", "ireg-name",
	"ipath", "ipath-abempty", "ipath-absolute", "ipath-noscheme",
	"ipath-rootless", "ipath-empty", "isegment", "isegment-nz",
	"isegment-nz-nc", "ipchar", "iquery", "ifragment", "iunreserved",
	"ucschar", "iprivate", "scheme", "port", "IP-literal", "IPvFuture",
	"IPv6address", "h16", "ls32", "IPv4address", "dec-octet",
	"pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims",
}

// String returns the production's ABNF name.
func (p Production) String() string {
	if p < numProductions {
		return productionNames[p]
	}
	return "Production(" + strconv.Itoa(int(p)) + ")"
}

// Productions is a set of productions.
type Productions uint64

// AllProductions returns every production, in order.
func AllProductions() []Production {
	l := make([]Production, numProductions)
	for i := range l {
		l[i] = Production(i)
	}
	return l
}

// Has reports whether p is in the set.
func (s Productions) Has(p Production) bool { return s&(1<<p) != 0 }

// Names appends the ABNF names of the set's productions to dst, in the
// order of the constants, and returns the extended slice.
func (s Productions) Names(dst []string) []string {
	return appendNames(dst, uint64(s), productionNames[:])
}

// A Feature is an edge case of the grammar where parsers are known to
// disagree; the generator draws them often. Their names are stable.
type Feature uint8

// The features.
const (
	FeatIPv6Form1        Feature = iota // "ipv6-1": 6( h16 ":" ) ls32
	FeatIPv6Form2                       // "ipv6-2": "::" 5( h16 ":" ) ls32
	FeatIPv6Form3                       // "ipv6-3": [ h16 ] "::" 4( h16 ":" ) ls32
	FeatIPv6Form4                       // "ipv6-4": [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
	FeatIPv6Form5                       // "ipv6-5": [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
	FeatIPv6Form6                       // "ipv6-6": [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
	FeatIPv6Form7                       // "ipv6-7": [ *4( h16 ":" ) h16 ] "::" ls32
	FeatIPv6Form8                       // "ipv6-8": [ *5( h16 ":" ) h16 ] "::" h16
	FeatIPv6Form9                       // "ipv6-9": [ *6( h16 ":" ) h16 ] "::"
	FeatIPv6IPv4                        // "ipv6-ipv4": ls32 written as an IPv4address
	FeatIPv4Like                        // "ipv4-like": a reg-name that is almost an IPv4address (1.2.3.256, 01.2.3.4, 1.2.3)
	FeatEmptyHost                       // "empty-host": "//" with an empty ireg-name
	FeatEmptyPort                       // "empty-port": ":" with no digits
	FeatEmptyUserinfo                   // "empty-userinfo": "@" with nothing before it
	FeatEmptyQuery                      // "empty-query": "?" with nothing after it
	FeatEmptyFragment                   // "empty-fragment": "#" with nothing after it
	FeatEmptySegment                    // "empty-segment": "//" inside a path
	FeatDotSegment                      // "dot-segment": a "." or ".." segment
	FeatColonInPath                     // "colon-in-path": ':' in a path segment
	FeatAtInPath                        // "at-in-path": '@' in a path segment
	FeatColonInUserinfo                 // "colon-in-userinfo": user ":" password
	FeatPortLikeUserinfo                // "port-like-userinfo": userinfo that reads host ":" port
	FeatPortLeadingZero                 // "port-leading-zero": a port with leading zeros
	FeatPortOverflow                    // "port-overflow": a port above 65535, which the ABNF allows
	FeatPctLowercase                    // "pct-lowercase": a triplet with lowercase hex digits
	FeatPctUTF8                         // "pct-utf8": a non-ASCII character percent-encoded as UTF-8
	FeatPctDelim                        // "pct-delim": an encoded delimiter such as %2F, %3F, %23 or %25
	FeatUcschar4                        // "ucschar-4byte": a ucschar of four UTF-8 bytes
	FeatUcscharEdge                     // "ucschar-edge": the first or last code point of a ucschar range
	FeatRTL                             // "rtl": a right-to-left letter
	FeatSlashInQuery                    // "slash-in-query": '/' or '?' in a query or fragment
	FeatSchemeCase                      // "scheme-case": an uppercase letter in the scheme
	FeatSchemeSymbol                    // "scheme-symbol": '+', '-' or '.' in the scheme
	FeatSubDelimsInHost                 // "sub-delims-in-host": a sub-delim in an ireg-name
	numFeatures
)

var featureNames = [numFeatures]string{
	"ipv6-1", "ipv6-2", "ipv6-3", "ipv6-4", "ipv6-5", "ipv6-6", "ipv6-7",
	"ipv6-8", "ipv6-9", "ipv6-ipv4", "ipv4-like", "empty-host", "empty-port",
	"empty-userinfo", "empty-query", "empty-fragment", "empty-segment",
	"dot-segment", "colon-in-path", "at-in-path", "colon-in-userinfo",
	"port-like-userinfo", "port-leading-zero", "port-overflow",
	"pct-lowercase", "pct-utf8", "pct-delim", "ucschar-4byte",
	"ucschar-edge", "rtl", "slash-in-query", "scheme-case", "scheme-symbol",
	"sub-delims-in-host",
}

// String returns the feature's stable name.
func (f Feature) String() string {
	if f < numFeatures {
		return featureNames[f]
	}
	return "Feature(" + strconv.Itoa(int(f)) + ")"
}

// Features is a set of features.
type Features uint64

// AllFeatures returns every feature, in order.
func AllFeatures() []Feature {
	l := make([]Feature, numFeatures)
	for i := range l {
		l[i] = Feature(i)
	}
	return l
}

// Has reports whether f is in the set.
func (s Features) Has(f Feature) bool { return s&(1<<f) != 0 }

// Names appends the names of the set's features to dst, in the order of
// the constants, and returns the extended slice.
func (s Features) Names(dst []string) []string {
	return appendNames(dst, uint64(s), featureNames[:])
}

// appendNames appends names[i] for each bit i of set.
func appendNames(dst []string, set uint64, names []string) []string {
	for i, name := range names {
		if set&(1<<i) != 0 {
			dst = append(dst, name)
		}
	}
	return dst
}
