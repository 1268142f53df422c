package lint

import (
	"fmt"
	"strings"

	"github.com/irikit/iri"
)

// Severity ranks a Violation. The zero value, SeverityOff, silences a
// check when given in Options.Severities.
type Severity uint8

// Severities, from silent to blocking.
const (
	SeverityOff     Severity = iota // the check is not reported
	SeverityInfo                    // worth knowing; the RFC says MAY or only describes
	SeverityWarning                 // the RFC says SHOULD (NOT)
	SeverityError                   // the RFC says MUST (NOT), or the input is not an IRI
)

var severityNames = [...]string{"off", "info", "warning", "error"}

// String returns "off", "info", "warning" or "error".
func (s Severity) String() string {
	if int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// MarshalText gives the name String returns, for encoding/json.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a name that String returns.
func (s *Severity) UnmarshalText(b []byte) error {
	v, ok := ParseSeverity(string(b))
	if !ok {
		return fmt.Errorf("lint: unknown severity %q (want off, info, warning or error)", b)
	}
	*s = v
	return nil
}

// ParseSeverity returns the Severity String names s.
func ParseSeverity(s string) (Severity, bool) {
	for i, n := range severityNames {
		if n == s {
			return Severity(i), true
		}
	}
	return 0, false
}

// Check names one thing Lint looks for. Its String, such as
// "bidi-mixed", is stable: configuration files and the JSON of iri lint
// rely on it.
type Check uint8

// Checks, grouped by the part of RFC 3987 (or RFC 3986) they come from.
const (
	CheckSyntax Check = iota + 1 // not an IRI reference (section 2.2)

	// Bidi (section 4).
	CheckBidiControl         // LRM, RLM, LRE, RLE, LRO, RLO or PDF in the IRI (4.1, MUST NOT)
	CheckBidiIsolate         // ALM or an isolate U+2066-2069, the bidi formatting characters added after RFC 3987 (4.1)
	CheckBidiMixed           // a component with both right-to-left and left-to-right characters (4.2 rule 1)
	CheckBidiEdge            // a right-to-left component that does not start or end with a right-to-left character (4.2 rule 2)
	CheckBidiNumberEdge      // the same, with a digit or one of + - # $ % , . : at the edge (4.4 example 8)
	CheckBidiEncodedDigit    // the same, with a percent-encoded digit at the edge (4.4 example 9)
	CheckBidiNumberComponent // a component of digits next to a right-to-left one (4.4 example 10)
	CheckBidiLabel           // a host label that breaks the Bidi Rule of RFC 5893 (4.2 note)

	// Characters (sections 5.3.2.2, 6.1, 7.5, 8).
	CheckInvisible          // a character that renders as nothing
	CheckTagCharacter       // a tag character U+E0000-E007F
	CheckVariationSelector  // a variation selector with nothing to vary
	CheckPrivateUse         // an iprivate character (allowed in the query only)
	CheckSpaceLike          // a character that looks like a space (6.1 b)
	CheckFormatControl      // a control or format character (6.1)
	CheckDeprecatedDisplay  // a character that changes display or is deprecated (6.1)
	CheckNotNFC             // text not in Unicode normalization form C (5.3.2.2)
	CheckNotNFKC            // text not in form KC (7.5, advisory)
	CheckFullwidth          // a full-width form of an ASCII character (6.1 b)
	CheckHalfwidth          // a half-width Katakana or CJK punctuation character (6.1 b)
	CheckDelimiterLookalike // a look-alike of a delimiter such as / . ? # @ : (6.1 b, 8)
	CheckMixedScript        // a host label that mixes scripts (7.5, 8)
	CheckHostIDNA           // a non-ASCII host that IDNA ToASCII rejects (3.1, 5.3.3)

	// Percent-encoding and the URI level (6.4, 8; RFC 3986 7).
	CheckOverlongUTF8              // %HH octets that form an overlong UTF-8 sequence, such as %C0%AF (8)
	CheckNonUTF8Percent            // %HH octets that are not UTF-8 (6.4)
	CheckEncodedDotSegment         // a path segment that is "." or ".." once %2E is decoded (RFC 3986 6.2.2.2)
	CheckEncodedSlash              // %2F or %5C inside a path segment
	CheckEncodedAuthorityDelimiter // %40, %3A, %2F, %3F or %23 in the userinfo or host
	CheckPassword                  // a password in the userinfo (RFC 3986 3.2.1)
	CheckUserinfo                  // userinfo at all (RFC 3986 7.5)
	CheckUserinfoHostLike          // userinfo that looks like a host name (RFC 3986 7.6)
	CheckIPv4RareForm              // a host that some resolvers read as IPv4: octal, hex or fewer than four parts
	CheckDefaultPort               // the scheme's default port spelled out (RFC 3986 6.2.3)
	CheckEmptyPort                 // a ':' with no port after it (RFC 3986 6.2.3)

	// Scheme-specific rules.
	CheckSchemeNoHost    // http, https, ws, wss or ftp without a host
	CheckSchemeUserinfo  // userinfo in an http or https IRI (RFC 9110 4.2.4)
	CheckSchemeFragment  // a fragment in a ws or wss IRI (RFC 6455 3)
	CheckFilePath        // a file IRI whose path is not absolute (RFC 8089 2)
	CheckMailtoAuthority // "mailto://" (RFC 6068 2)
	CheckMailtoAddress   // a mailto address without '@' (RFC 6068 2)
	CheckURNSyntax       // a urn that is not "urn:" NID ":" NSS, with "?+" or "?=" components only (RFC 8141 2)

	// Percent-encoding, added later.
	CheckEncodedControl // %00-%1F or %7F, a C0 control or DEL once decoded (RFC 3986 7.3)
	CheckHiddenIPv4     // a reg-name host that is an IPv4 address once %HH are decoded and IDNA maps it (RFC 3986 7.4, RFC 3987 3.1)

	// Readings (package interop): off but in ProfileInterop.
	CheckInteropHost // RFC 3986, the WHATWG URL Standard and net/url read another host
	CheckInteropPort // they read another port
	CheckInteropPath // they read another path

	numChecks
)

// checkInfo is what the table below holds for each Check.
type checkInfo struct {
	name    string
	sev     Severity // default, for ProfileRFC3987
	message string   // cites the section
}

var checkTable = [numChecks]checkInfo{
	CheckSyntax: {"syntax", SeverityError, "RFC 3987 2.2: not an IRI reference"},

	CheckBidiControl:         {"bidi-control", SeverityError, "RFC 3987 4.1: IRIs MUST NOT contain bidi formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, PDF)"},
	CheckBidiIsolate:         {"bidi-isolate", SeverityWarning, "RFC 3987 4.1: a bidi formatting character (ALM or an isolate, added to Unicode after RFC 3987) changes how the IRI displays"},
	CheckBidiMixed:           {"bidi-mixed", SeverityWarning, "RFC 3987 4.2: a component SHOULD NOT use both right-to-left and left-to-right characters"},
	CheckBidiEdge:            {"bidi-edge", SeverityWarning, "RFC 3987 4.2: a component using right-to-left characters SHOULD start and end with right-to-left characters"},
	CheckBidiNumberEdge:      {"bidi-number-edge", SeverityWarning, "RFC 3987 4.2, 4.4 example 8: a digit or one of + - # $ % , . : at the edge of a right-to-left component joins its neighbours in display"},
	CheckBidiEncodedDigit:    {"bidi-encoded-digit", SeverityWarning, "RFC 3987 4.2, 4.4 example 9: a percent-encoded digit at the edge of a right-to-left component displays differently in Hebrew and Arabic"},
	CheckBidiNumberComponent: {"bidi-number-component", SeverityInfo, "RFC 3987 4.4 example 10: a component of only digits next to a right-to-left component is allowed but not recommended"},
	CheckBidiLabel:           {"bidi-label", SeverityWarning, "RFC 3987 4.2 note, RFC 5893: a label of a host with right-to-left labels SHOULD satisfy the Bidi Rule"},

	CheckInvisible:          {"invisible", SeverityWarning, "RFC 3987 6.1, 8: a character that renders as nothing hides a difference"},
	CheckTagCharacter:       {"tag-character", SeverityWarning, "RFC 3987 6.1, 8: a tag character renders as nothing"},
	CheckVariationSelector:  {"variation-selector", SeverityWarning, "RFC 3987 6.1, 8: a variation selector with no character to vary renders as nothing"},
	CheckPrivateUse:         {"private-use", SeverityInfo, "RFC 3987 2.2, 6.1: a private-use character has no meaning outside an agreement"},
	CheckSpaceLike:          {"space-like", SeverityWarning, "RFC 3987 6.1 b: a character that looks like a space"},
	CheckFormatControl:      {"format-control", SeverityWarning, "RFC 3987 6.1: a control or format character"},
	CheckDeprecatedDisplay:  {"deprecated-display", SeverityWarning, "RFC 3987 6.1: a character that changes display or is deprecated"},
	CheckNotNFC:             {"not-nfc", SeverityWarning, "RFC 3987 5.3.2.2: IRIs SHOULD be created in NFC; comparison does not normalize"},
	CheckNotNFKC:            {"not-nfkc", SeverityInfo, "RFC 3987 7.5: newly created names should generally be in NFKC"},
	CheckFullwidth:          {"fullwidth", SeverityWarning, "RFC 3987 6.1 b: a full-width form of an ASCII character is a visual look-alike"},
	CheckHalfwidth:          {"halfwidth", SeverityWarning, "RFC 3987 6.1 b: a half-width Katakana or CJK punctuation character is a visual look-alike"},
	CheckDelimiterLookalike: {"delimiter-lookalike", SeverityWarning, "RFC 3987 6.1 b, 8: a look-alike of a delimiter"},
	CheckMixedScript:        {"mixed-script", SeverityWarning, "RFC 3987 7.5, 8: a host label that mixes scripts can spoof another name"},
	CheckHostIDNA:           {"host-idna", SeverityWarning, "RFC 3987 3.1, 5.3.3: a non-ASCII host that IDNA ToASCII rejects cannot be resolved in the DNS"},

	CheckOverlongUTF8:              {"overlong-utf8", SeverityError, "RFC 3987 8: percent-encoded overlong UTF-8, such as %C0%AF for '/', passes checks and decodes to a delimiter"},
	CheckNonUTF8Percent:            {"non-utf8-percent", SeverityInfo, "RFC 3987 6.4: percent-encoded octets that are not UTF-8 have no IRI form"},
	CheckEncodedDotSegment:         {"encoded-dot-segment", SeverityWarning, "RFC 3986 6.2.2.2, 7: a percent-encoded dot segment becomes \"..\" once decoded (directory traversal)"},
	CheckEncodedSlash:              {"encoded-slash", SeverityWarning, "RFC 3986 7: a percent-encoded slash or backslash in a path segment becomes a separator once decoded"},
	CheckEncodedAuthorityDelimiter: {"encoded-authority-delimiter", SeverityWarning, "RFC 3986 7.6: a percent-encoded delimiter in the authority can disguise the host"},
	CheckPassword:                  {"password", SeverityWarning, "RFC 3986 3.2.1: \"user:password\" in the userinfo is deprecated; the password is in the clear"},
	CheckUserinfo:                  {"userinfo", SeverityInfo, "RFC 3986 7.5: userinfo is shown to people and logged"},
	CheckUserinfoHostLike:          {"userinfo-host-like", SeverityWarning, "RFC 3986 7.6: userinfo that looks like a host name makes the real host easy to miss"},
	CheckIPv4RareForm:              {"ipv4-rare-form", SeverityWarning, "RFC 3986 7.4: a host in octal, hexadecimal or fewer than four parts is read as IPv4 by some resolvers"},
	CheckDefaultPort:               {"default-port", SeverityInfo, "RFC 3986 6.2.3: the scheme's default port SHOULD be omitted"},
	CheckEmptyPort:                 {"empty-port", SeverityInfo, "RFC 3986 6.2.3: an empty port SHOULD be omitted with its ':'"},

	CheckSchemeNoHost:    {"scheme-no-host", SeverityError, "RFC 9110 4.2.1, RFC 6455 3, RFC 1738 3.2: this scheme requires a host"},
	CheckSchemeUserinfo:  {"scheme-userinfo", SeverityError, "RFC 9110 4.2.4: a sender MUST NOT generate userinfo in an http or https IRI"},
	CheckSchemeFragment:  {"scheme-fragment", SeverityError, "RFC 6455 3: fragment identifiers MUST NOT be used on ws and wss IRIs"},
	CheckFilePath:        {"file-path", SeverityWarning, "RFC 8089 2: a file IRI's path is absolute"},
	CheckMailtoAuthority: {"mailto-authority", SeverityError, "RFC 6068 2: a mailto IRI has no authority"},
	CheckMailtoAddress:   {"mailto-address", SeverityWarning, "RFC 6068 2: each mailto address is local-part \"@\" domain"},
	CheckURNSyntax:       {"urn-syntax", SeverityError, "RFC 8141 2: a URN is \"urn:\" NID \":\" NSS, NID of 2 to 32 letters, digits and inner hyphens, then \"?+\" or \"?=\" components"},

	// Info by default (data: and mailto: bodies carry line breaks so);
	// an error in ProfileStrict, the profile of servers.
	CheckEncodedControl: {"encoded-control", SeverityInfo, "RFC 3986 7.3: a percent-encoded control character (%00-%1F, %7F) is one once decoded: %00 should be rejected where raw data is not expected, and CR or LF split headers and log lines"},
	CheckHiddenIPv4:     {"hidden-ipv4", SeverityWarning, "RFC 3986 7.4, RFC 3987 3.1: a host that is an IPv4 address once %HH are decoded and IDNA maps its characters (such as full-width digits) is not the name a check by name sees"},

	// Off but in ProfileInterop; the message gets the readings and the
	// causes.
	CheckInteropHost: {"interop-host", SeverityOff, "RFC 3986 7.6, WHATWG URL Standard: parsers read another host in this reference, so a check by one is not where another connects"},
	CheckInteropPort: {"interop-port", SeverityOff, "RFC 3986 7.6, WHATWG URL Standard: parsers read another port in this reference"},
	CheckInteropPath: {"interop-path", SeverityOff, "RFC 3986 7.6, WHATWG URL Standard: parsers read another path in this reference, so a rule on paths sees one and the server serves another"},
}

// String returns the check's stable name, such as "bidi-mixed".
func (c Check) String() string {
	if c > 0 && c < numChecks {
		return checkTable[c].name
	}
	return fmt.Sprintf("Check(%d)", uint8(c))
}

// MarshalText gives the name String returns, for encoding/json.
func (c Check) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a name that String returns.
func (c *Check) UnmarshalText(b []byte) error {
	v, ok := ParseCheck(string(b))
	if !ok {
		return fmt.Errorf("lint: unknown lint check %q", b)
	}
	*c = v
	return nil
}

// ParseCheck returns the Check String names s.
func ParseCheck(s string) (Check, bool) {
	for c := Check(1); c < numChecks; c++ {
		if checkTable[c].name == s {
			return c, true
		}
	}
	return 0, false
}

// Checks returns every Check, in order.
func Checks() []Check {
	cs := make([]Check, 0, numChecks-1)
	for c := Check(1); c < numChecks; c++ {
		cs = append(cs, c)
	}
	return cs
}

// DefaultSeverity is the severity of c in ProfileRFC3987: error for what
// the RFCs say MUST (NOT), warning for SHOULD (NOT), info for the rest.
func (c Check) DefaultSeverity() Severity {
	if c > 0 && c < numChecks {
		return checkTable[c].sev
	}
	return SeverityOff
}

// Message returns the text of c's violations, which cites the section.
func (c Check) Message() string {
	if c > 0 && c < numChecks {
		return checkTable[c].message
	}
	return ""
}

// Profile is a preset of severities.
type Profile uint8

// Profiles.
const (
	// ProfileRFC3987 follows the RFC's MUST, SHOULD and MAY (the zero
	// value).
	ProfileRFC3987 Profile = iota
	// ProfileIURI adds the stricter rules of the IURI draft: private-use
	// and tag characters and text not in NFC are errors.
	ProfileIURI
	// ProfileStrict is ProfileIURI with every warning made an error, and
	// percent-encoded control characters (CheckEncodedControl) too: the
	// profile of a server that decodes what it receives.
	ProfileStrict
	// ProfileInterop is ProfileRFC3987 with the checks of how other
	// parsers read the reference on (package interop: RFC 3986, the
	// WHATWG URL Standard of browsers and Node, net/url):
	// CheckInteropHost and CheckInteropPort are errors, CheckInteropPath
	// a warning. They are off in the other profiles.
	ProfileInterop
)

var profileNames = [...]string{"rfc3987", "iuri", "strict", "interop"}

// String returns "rfc3987", "iuri", "strict" or "interop".
func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return fmt.Sprintf("Profile(%d)", uint8(p))
}

// ParseProfile returns the Profile String names s.
func ParseProfile(s string) (Profile, bool) {
	for i, n := range profileNames {
		if n == s {
			return Profile(i), true
		}
	}
	return 0, false
}

// Options configures Lint. The zero value is ProfileRFC3987 with no
// overrides.
type Options struct {
	// Rule is the rule s must match; the zero value is IRI-reference.
	Rule iri.Rule
	// Profile is the preset of severities; the zero value is
	// ProfileRFC3987.
	Profile Profile
	// Severities overrides the profile's severity of any check;
	// SeverityOff silences it. Lint only reads the map.
	Severities map[Check]Severity
}

// Severity returns the severity o gives c.
func (o Options) Severity(c Check) Severity {
	if sev, ok := o.Severities[c]; ok {
		return sev
	}
	sev := c.DefaultSeverity()
	if o.Profile == ProfileInterop {
		switch c {
		case CheckInteropHost, CheckInteropPort:
			return SeverityError
		case CheckInteropPath:
			return SeverityWarning
		}
	}
	if o.Profile == ProfileIURI || o.Profile == ProfileStrict {
		switch c {
		case CheckPrivateUse, CheckTagCharacter, CheckNotNFC:
			sev = SeverityError
		}
	}
	if o.Profile == ProfileStrict && (sev == SeverityWarning || c == CheckEncodedControl) {
		sev = SeverityError
	}
	return sev
}

// Violation is one thing Lint found.
type Violation struct {
	Check    Check    `json:"code"`
	Severity Severity `json:"severity"`
	// Offset and Length give the bytes of the input at fault.
	Offset int `json:"offset"`
	Length int `json:"length"`
	// Component is the ABNF name of the component that holds them, such
	// as "ihost" or "ipath"; "" for the reference as a whole.
	Component string `json:"component"`
	// Message says what is wrong and cites the section.
	Message string `json:"message"`
}

// String formats v as "offset:length component severity code: message".
func (v Violation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d", v.Offset, v.Length)
	if v.Component != "" {
		b.WriteString(" " + v.Component)
	}
	fmt.Fprintf(&b, " %s %s: %s", v.Severity, v.Check, v.Message)
	return b.String()
}

// Lint checks the IRI reference s against the rules of RFC 3987 (and the
// RFC 3986 rules it relies on) that go beyond its grammar, and returns
// what it finds in order of offset, each with the severity opts gives
// it. An s that is not an IRI reference gives one CheckSyntax violation.
func Lint(s string, opts Options) []Violation {
	return opts.AppendViolations(nil, s)
}

// AppendViolations is Lint with the default options, appending to dst.
// It allocates nothing when s is clean or dst has room.
func AppendViolations(dst []Violation, s string) []Violation {
	var o Options
	return o.AppendViolations(dst, s)
}

// HasErrors reports whether vs holds a violation of severity error.
func HasErrors(vs []Violation) bool {
	for _, v := range vs {
		if v.Severity == SeverityError {
			return true
		}
	}
	return false
}

// A Tally counts the violations Lint reports for a reference, by check
// and by severity, as Options.AppendViolationsLimit returns it: all of
// them, those it keeps and those it leaves out. The zero value counts
// none.
type Tally struct {
	checks     [numChecks]int
	severities [SeverityError + 1]int
}

// add counts one violation of c with severity sev.
func (t *Tally) add(c Check, sev Severity) {
	t.checks[c]++
	t.severities[sev]++
}

// Count returns the number of violations of c.
func (t *Tally) Count(c Check) int {
	if c < numChecks {
		return t.checks[c]
	}
	return 0
}

// CountSeverity returns the number of violations of severity sev.
func (t *Tally) CountSeverity(sev Severity) int {
	if int(sev) < len(t.severities) {
		return t.severities[sev]
	}
	return 0
}

// Total returns the number of violations.
func (t *Tally) Total() int {
	n := 0
	for _, k := range t.severities {
		n += k
	}
	return n
}
