package iri

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/irikit/iri/internal/labels"
	"github.com/irikit/iri/scanner"
)

// Sentinel errors. Every *Error unwraps to ErrSyntax and to the one
// sentinel that names its cause, so errors.Is works with either.
var (
	ErrSyntax              = errors.New("iri: syntax error")
	ErrScheme              = errors.New("iri: invalid scheme")
	ErrColonInFirstSegment = errors.New("iri: colon in the first segment of a relative reference")
	ErrInvalidChar         = errors.New("iri: character not allowed")
	ErrPort                = errors.New("iri: invalid port")
	ErrPercentEncoding     = errors.New("iri: invalid percent-encoding")
	ErrUTF8                = errors.New("iri: ill-formed UTF-8")
	ErrCodePoint           = errors.New("iri: code point not allowed")
	ErrPrivateUse          = errors.New("iri: private-use character outside the query")
	ErrBidiFormatting      = errors.New("iri: bidi formatting character")
	ErrNonASCII            = errors.New("iri: non-ASCII character in a URI")
	ErrFragment            = errors.New("iri: fragment not allowed")
	ErrIPLiteral           = errors.New("iri: invalid IP literal")
	ErrTooLong             = errors.New("iri: input too long")
	// ErrIDNA is the sentinel of CodeIDNA: a host label that IDNA
	// rejects. It is not a syntax error; the *Error also unwraps to the
	// error of golang.org/x/net/idna.
	ErrIDNA = errors.New("iri: host label rejected by IDNA")
)

// Code says what was expected where the input failed. It is
// scanner.Code.
type Code = scanner.Code

// Codes, one per way an input can fail.
const (
	CodeSchemeStart         = scanner.CodeSchemeStart         // scheme must start with a letter
	CodeScheme              = scanner.CodeScheme              // expected a scheme character or ':'
	CodeColonInFirstSegment = scanner.CodeColonInFirstSegment // ':' in the first segment of a relative reference
	CodeChar                = scanner.CodeChar                // character not allowed in the component
	CodePort                = scanner.CodePort                // port is not all digits
	CodeAfterIPLiteral      = scanner.CodeAfterIPLiteral      // junk after an IP-literal's ']'
	CodePercent             = scanner.CodePercent             // '%' not followed by two hex digits
	CodeUTF8                = scanner.CodeUTF8                // ill-formed UTF-8
	CodeCodePoint           = scanner.CodeCodePoint           // code point outside ucschar and iprivate
	CodePrivate             = scanner.CodePrivate             // iprivate outside the query
	CodeBidi                = scanner.CodeBidi                // bidi formatting character (section 4.1)
	CodeNonASCII            = scanner.CodeNonASCII            // non-ASCII in a URI rule
	CodeFragment            = scanner.CodeFragment            // fragment in absolute-IRI or absolute-URI
	CodeIPLiteral           = scanner.CodeIPLiteral           // malformed IPv6address or IPvFuture
	CodeIPLiteralEnd        = scanner.CodeIPLiteralEnd        // IP-literal without ']'
	CodeTooLong             = scanner.CodeTooLong             // input of 2 GiB or more
	CodeIDNA                = scanner.CodeIDNA                // a host label IDNA ToASCII rejects
)

var codeErrs = [...]error{
	CodeSchemeStart:         ErrScheme,
	CodeScheme:              ErrScheme,
	CodeColonInFirstSegment: ErrColonInFirstSegment,
	CodeChar:                ErrInvalidChar,
	CodePort:                ErrPort,
	CodeAfterIPLiteral:      ErrIPLiteral,
	CodePercent:             ErrPercentEncoding,
	CodeUTF8:                ErrUTF8,
	CodeCodePoint:           ErrCodePoint,
	CodePrivate:             ErrPrivateUse,
	CodeBidi:                ErrBidiFormatting,
	CodeNonASCII:            ErrNonASCII,
	CodeFragment:            ErrFragment,
	CodeIPLiteral:           ErrIPLiteral,
	CodeIPLiteralEnd:        ErrIPLiteral,
	CodeTooLong:             ErrTooLong,
}

// Error reports an input that does not match its rule.
type Error struct {
	Input  string // the input, whole
	Offset int    // byte offset of the first offending byte; len(Input) if it ended too soon
	Code   Code   // what was expected

	Rule      Rule   // the rule the input was checked against
	Component string // the ABNF name of the component, such as "ihost"; "" if none

	Err error // for CodeIDNA, the error of golang.org/x/net/idna; nil otherwise
}

// Unwrap returns ErrSyntax and the sentinel for e.Code; for CodeIDNA,
// ErrIDNA and the IDNA error.
func (e *Error) Unwrap() []error {
	if e.Code == CodeIDNA {
		return []error{ErrIDNA, e.Err}
	}
	if int(e.Code) < len(codeErrs) && codeErrs[e.Code] != nil {
		return []error{codeErrs[e.Code], ErrSyntax}
	}
	return []error{ErrSyntax}
}

// Error says what was expected, at which byte offset, in which component,
// for which rule. The input is not repeated: it may be long.
func (e *Error) Error() string {
	b := []byte("iri: invalid ")
	b = append(b, e.Rule.String()...)
	b = append(b, " at byte offset "...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	if e.Component != "" {
		b = append(b, " in "...)
		b = append(b, e.Component...)
	}
	b = append(b, ": "...)
	b = append(b, e.Reason()...)
	return string(b)
}

// Reason is the part of the message after the offset and component: what
// was found and what was expected.
func (e *Error) Reason() string { return e.reason() }

// found describes the offending character, or the end of the input.
func (e *Error) found() string {
	if e.Offset >= len(e.Input) {
		return "end of input"
	}
	c := e.Input[e.Offset]
	if c < utf8.RuneSelf {
		if c < 0x20 || c == 0x7F {
			return "control character " + strconv.QuoteRune(rune(c))
		}
		return strconv.QuoteRune(rune(c))
	}
	r, size := utf8.DecodeRuneInString(e.Input[e.Offset:])
	if r == utf8.RuneError && size <= 1 {
		return "byte " + hexByte(c)
	}
	return codePoint(r)
}

func (e *Error) reason() string {
	f := e.found()
	switch e.Code {
	case CodeSchemeStart:
		return "found " + f + ", expected a letter: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )"
	case CodeScheme:
		return "found " + f + ", expected ALPHA, DIGIT, \"+\", \"-\", \".\" or the \":\" that ends scheme"
	case CodeColonInFirstSegment:
		return "found \":\" in the first segment of a relative reference (ipath-noscheme); a scheme starts with a letter, and a relative path with a colon needs \"./\" in front"
	case CodeChar:
		return "found " + f + ", expected " + e.expected()
	case CodePort:
		return "found " + f + ", expected DIGIT: port = *DIGIT"
	case CodeAfterIPLiteral:
		return "found " + f + ", expected \":\" port or the end of the authority after IP-literal"
	case CodePercent:
		return "\"%\" must be followed by two hex digits (pct-encoded = \"%\" HEXDIG HEXDIG)"
	case CodeUTF8:
		return "found " + f + ", expected well-formed UTF-8"
	case CodeCodePoint:
		return "found " + f + ", which is neither ucschar nor iprivate (RFC 3987 section 2.2)"
	case CodePrivate:
		return "found " + f + ": iprivate characters are allowed only in iquery (RFC 3987 section 2.2)"
	case CodeBidi:
		return "found " + f + ": bidi formatting characters must not appear in IRIs (RFC 3987 section 4.1)"
	case CodeNonASCII:
		return "found " + f + ": " + e.Rule.String() + " allows only ASCII (RFC 3986); map the IRI to a URI first"
	case CodeFragment:
		return "found \"#\": " + e.Rule.String() + " has no fragment"
	case CodeIPLiteral:
		return "found " + f + ", expected IPv6address or IPvFuture inside IP-literal (RFC 3986 section 3.2.2)"
	case CodeIPLiteralEnd:
		return "found " + f + ", expected the \"]\" that closes IP-literal"
	case CodeTooLong:
		return "inputs are limited to 2 GiB - 1 bytes"
	case CodeIDNA:
		return "the label at this offset fails IDNA ToASCII (idna.Lookup): " + e.Err.Error()
	}
	return "code " + strconv.Itoa(int(e.Code))
}

// expected lists what the component allows, for CodeChar.
func (e *Error) expected() string {
	switch e.Component {
	case "iauthority", "authority":
		return "iuserinfo \"@\", ihost, \":\" port, or \"/\", \"?\", \"#\" after the authority"
	case "iuserinfo", "userinfo":
		return "iunreserved, pct-encoded, sub-delims, \":\" or \"@\" (iuserinfo)"
	case "ihost", "host":
		return "iunreserved, pct-encoded or sub-delims (ireg-name), \":\" port, or \"/\", \"?\", \"#\""
	case "iquery", "query":
		return "ipchar, iprivate, \"/\", \"?\" or \"#\" (iquery)"
	case "ifragment", "fragment":
		return "ipchar, \"/\" or \"?\" (ifragment)"
	}
	return "ipchar, \"/\", \"?\" or \"#\" (ipath)"
}

// iriComponentNames are the RFC 3987 rules of the components whose
// RFC 3986 names Component.String gives.
var iriComponentNames = [...]string{
	scanner.ComponentAuthority: "iauthority",
	scanner.ComponentUserinfo:  "iuserinfo",
	scanner.ComponentHost:      "ihost",
	scanner.ComponentPath:      "ipath",
	scanner.ComponentQuery:     "iquery",
	scanner.ComponentFragment:  "ifragment",
}

func newError(s string, r Rule, res *scanner.Result) *Error {
	e := &Error{Input: s, Offset: int(res.Offset), Code: Code(res.Code), Rule: r}
	c := res.Component
	switch {
	case c == scanner.ComponentNone || c > scanner.ComponentFragment:
	case !r.ASCII() && iriComponentNames[c] != "":
		e.Component = iriComponentNames[c]
	default:
		e.Component = c.String()
	}
	return e
}

func hexByte(c byte) string { return fmt.Sprintf("0x%02X", c) }

func codePoint(r rune) string { return fmt.Sprintf("U+%04X", r) }

// Errors that x/net/idna does not give and that a label's *Error wraps.
var (
	// ErrLabelTooLong means a label's A-label would exceed the 63 octets
	// of a DNS label (RFC 1034 section 3.1). One whose IDNA mapping has
	// more than 63 code points is refused before it is Punycode-encoded,
	// whose cost grows with the label's length times its distinct code
	// points.
	ErrLabelTooLong = labels.ErrTooLong
	// ErrMadeDelimiter means IDNA mapped a label to text holding a
	// delimiter the label did not have ('.', '/', '?', '#', '@', ':', '%',
	// '[' or ']'), which would send a host other than the one that was
	// checked.
	ErrMadeDelimiter = labels.ErrMadeDelimiter
)
