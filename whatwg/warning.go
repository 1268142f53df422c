package whatwg

import (
	"encoding/binary"
	"strconv"
)

// A Kind is one of the standard's validation errors (URL Standard 1.2),
// named by String as the standard names it. Most are reported and
// parsing goes on; those the standard marks as failures end it, as the
// Kind of an *Error.
type Kind uint8

// Validation errors, in the order of the standard's table.
const (
	DomainToASCII                        Kind = iota + 1 // Unicode ToASCII records an error with the strict flags (a failure where it fails with the lenient ones, or the domain is empty or holds a forbidden domain code point)
	DomainPercentEncoded                                 // a host to be read as a domain holds a percent-encoded byte
	HostInvalidCodePoint                                 // an opaque host holds a forbidden host code point (a failure)
	IPv4EmptyPart                                        // an IPv4 address ends with a '.'
	IPv4TooFewParts                                      // an IPv4 address has fewer than four parts
	IPv4TooManyParts                                     // an IPv4 address has more than four parts (a failure)
	IPv4NonNumericPart                                   // a part of an IPv4 address is no number (a failure)
	IPv4NonDecimalPart                                   // a part of an IPv4 address is in hex or octal
	IPv4OutOfRangePart                                   // a part of an IPv4 address exceeds 255 (a failure where it cannot)
	IPv6Unclosed                                         // an IPv6 address has no ']' (a failure)
	IPv6InvalidCompression                               // an IPv6 address starts with one ':' (a failure)
	IPv6TooManyPieces                                    // an IPv6 address has more than eight pieces (a failure)
	IPv6MultipleCompression                              // an IPv6 address has "::" twice (a failure)
	IPv6InvalidCodePoint                                 // an IPv6 address holds what is no hex digit or separator, or ends in ':' (a failure)
	IPv6TooFewPieces                                     // an uncompressed IPv6 address has fewer than eight pieces (a failure)
	IPv6PieceLeadingZero                                 // a piece of an IPv6 address has a leading zero
	IPv4InIPv6TooManyPieces                              // an IPv6 address with an IPv4 part has more than six pieces before it (a failure)
	IPv4InIPv6InvalidCodePoint                           // the IPv4 part of an IPv6 address is malformed (a failure)
	IPv4InIPv6OutOfRangePart                             // a part of the IPv4 part of an IPv6 address exceeds 255 (a failure)
	IPv4InIPv6TooFewParts                                // the IPv4 part of an IPv6 address has fewer than four parts (a failure)
	InvalidURLUnit                                       // a code point that is no URL code point, or a '%' not followed by two hex digits
	SpecialSchemeMissingFollowingSolidus                 // a special scheme not followed by "//"
	MissingSchemeNonRelativeURL                          // no scheme, and no base to resolve against (a failure)
	InvalidReverseSolidus                                // a '\' where a special URL has '/'
	InvalidCredentials                                   // the URL has credentials
	HostMissing                                          // a special URL, or one with credentials or a port, has no host (a failure)
	PortOutOfRange                                       // the port exceeds 65535 (a failure)
	PortInvalid                                          // the port holds what is no digit (a failure)
	FileInvalidWindowsDriveLetter                        // a relative file URL starts with a Windows drive letter
	FileInvalidWindowsDriveLetterHost                    // a file URL's host is a Windows drive letter

	numKinds
)

var kindNames = [numKinds]string{
	DomainToASCII:                        "domain-to-ASCII",
	DomainPercentEncoded:                 "domain-percent-encoded",
	HostInvalidCodePoint:                 "host-invalid-code-point",
	IPv4EmptyPart:                        "IPv4-empty-part",
	IPv4TooFewParts:                      "IPv4-too-few-parts",
	IPv4TooManyParts:                     "IPv4-too-many-parts",
	IPv4NonNumericPart:                   "IPv4-non-numeric-part",
	IPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	IPv4OutOfRangePart:                   "IPv4-out-of-range-part",
	IPv6Unclosed:                         "IPv6-unclosed",
	IPv6InvalidCompression:               "IPv6-invalid-compression",
	IPv6TooManyPieces:                    "IPv6-too-many-pieces",
	IPv6MultipleCompression:              "IPv6-multiple-compression",
	IPv6InvalidCodePoint:                 "IPv6-invalid-code-point",
	IPv6TooFewPieces:                     "IPv6-too-few-pieces",
	IPv6PieceLeadingZero:                 "IPv6-piece-leading-zero",
	IPv4InIPv6TooManyPieces:              "IPv4-in-IPv6-too-many-pieces",
	IPv4InIPv6InvalidCodePoint:           "IPv4-in-IPv6-invalid-code-point",
	IPv4InIPv6OutOfRangePart:             "IPv4-in-IPv6-out-of-range-part",
	IPv4InIPv6TooFewParts:                "IPv4-in-IPv6-too-few-parts",
	InvalidURLUnit:                       "invalid-URL-unit",
	SpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	MissingSchemeNonRelativeURL:          "missing-scheme-non-relative-URL",
	InvalidReverseSolidus:                "invalid-reverse-solidus",
	InvalidCredentials:                   "invalid-credentials",
	HostMissing:                          "host-missing",
	PortOutOfRange:                       "port-out-of-range",
	PortInvalid:                          "port-invalid",
	FileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	FileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
}

// String returns the standard's name of the validation error, such as
// "invalid-reverse-solidus".
func (k Kind) String() string {
	if k > 0 && k < numKinds {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind returns the Kind the standard names s.
func ParseKind(s string) (Kind, bool) {
	for k := Kind(1); k < numKinds; k++ {
		if kindNames[k] == s {
			return k, true
		}
	}
	return 0, false
}

// A Warning is a validation error that did not end parsing: the input
// is not a valid URL string, and reads as the URL anyway. Offset is the
// byte offset in the input where the standard's parser found it.
type Warning struct {
	Kind   Kind // which validation error
	Offset int  // byte offset in the input
}

// String returns the name and the offset: "invalid-reverse-solidus at
// byte offset 5".
func (w Warning) String() string {
	return w.Kind.String() + " at byte offset " + strconv.Itoa(w.Offset)
}

// Warnings returns the validation errors met while parsing the URL, in
// the order met; nil when the input was a valid URL string. Those met
// while reading the base are the base's own.
func (u URL) Warnings() []Warning {
	var ws []Warning
	for s := u.warn; s != ""; {
		off, n := binary.Uvarint([]byte(s[1:min(len(s), 11)]))
		ws = append(ws, Warning{Kind(s[0]), int(off)})
		s = s[1+n:]
	}
	return ws
}

// appendWarning appends one encoded warning: the kind, then the offset
// as a uvarint.
func appendWarning(dst []byte, k Kind, off int) []byte {
	dst = append(dst, byte(k))
	return binary.AppendUvarint(dst, uint64(off))
}

// An Error says why the input is no URL: the validation error that is a
// failure, and where.
type Error struct {
	Input  string // the input as given
	Offset int    // byte offset in Input
	Kind   Kind   // the validation error that is a failure
}

// Error returns "whatwg: cannot parse "...": host-missing at byte offset
// 7", with the input quoted (and cut past 64 bytes).
func (e *Error) Error() string {
	in := e.Input
	if len(in) > 64 {
		in = in[:64] + "..."
	}
	return "whatwg: cannot parse " + strconv.Quote(in) + ": " + e.Kind.String() + " at byte offset " + strconv.Itoa(e.Offset)
}
