package iri

import (
	"unsafe"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/scanner"
)

// IRI is a parsed IRI reference: the input string and the offsets of its
// components. It is a small value with no pointers besides the string;
// copying it is cheap and the accessors allocate nothing. The zero IRI is
// the empty relative reference.
type IRI struct {
	s string
	r scanner.Result
}

// Parser checks strings against a rule with options. The zero Parser
// checks IRI-reference strictly, RFC 3987 section 4.1 included.
type Parser struct {
	// Rule is the ABNF rule to match.
	Rule Rule
	// AllowBidi accepts the bidi formatting characters LRM, RLM, LRE,
	// RLE, PDF, LRO and RLO, which the section 2.2 ABNF allows as
	// ucschar but section 4.1 forbids in IRIs.
	AllowBidi bool
	// IDNA maps hosts through IDNA (see idna.go): AppendURI and ToURI
	// turn each label of a reg-name host that holds non-ASCII, raw or as
	// %HH of UTF-8, into its A-label instead of percent-encoding it, and
	// AppendIRI and ToIRI turn each "xn--" label into its U-label where
	// that is safe. Labels end at '.' and at U+3002, U+FF0E and U+FF61
	// (RFC 3490 3.1), which become '.'. A label IDNA refuses, one whose
	// A-label could not fit in a DNS label's 63 octets (refused before it
	// is encoded, so the work stays linear), or one IDNA would map to a
	// delimiter fails with CodeIDNA. Parse and Valid ignore it.
	IDNA bool
	// EncodeUnsafeASCII makes AppendURI and ToURI lenient about the
	// printable ASCII characters that RFC 3986 allows nowhere (space, '"',
	// '<', '>', '\', '^', '`', '{', '|', '}'): it percent-encodes them
	// instead of failing, for callers that let them in (as browsers do
	// with addresses typed by people). It never touches '#', '%', '[' or
	// ']', whose meaning encoding would change. Parse and Valid ignore it.
	EncodeUnsafeASCII bool
}

func (p Parser) opts() scanner.Options {
	if p.AllowBidi {
		return scanner.AllowBidi
	}
	return 0
}

// Parse parses s with p's rule and options. It allocates only to return
// an error.
func (p Parser) Parse(s string) (u IRI, err error) {
	err = u.parse(s, p.Rule, p.opts())
	return
}

// parse scans s into u in place. Kept out of Parse so that Parse inlines:
// the scan then fills the caller's IRI with no copy.
func (u *IRI) parse(s string, r Rule, opts scanner.Options) error {
	// u.s is stored before the scan: a later copy of u loads sixteen
	// bytes at a time, and such a load waits for the narrower stores it
	// spans to reach the cache; stored first, the string has.
	u.s = s
	inplace.Scan(&u.r, s, r, opts)
	if u.r.Code != scanner.CodeOK {
		err := newError(s, r, &u.r)
		*u = IRI{}
		return err
	}
	return nil
}

// Valid reports whether s matches p's rule. It never allocates.
func (p Parser) Valid(s string) bool {
	return scanner.Valid(s, p.Rule, p.opts())
}

// AppendURI checks s against p's rule and appends its URI form to dst, as
// the package-level AppendURI does.
func (p Parser) AppendURI(dst []byte, s string) ([]byte, error) {
	if p.EncodeUnsafeASCII && hasUnsafeASCII(s) {
		return p.appendURIUnsafe(dst, s)
	}
	if p.IDNA {
		return p.appendURIIDNA(dst, s)
	}
	dst, r := scanner.AppendURI(dst, s, p.Rule, p.opts())
	if !r.OK() {
		return dst, newError(s, p.Rule, &r)
	}
	return dst, nil
}

// ToURI checks s against p's rule and returns its URI form, as AppendURI
// does. It returns s itself, without allocating, when s is already that
// form (a URI, and no IDNA or unsafe ASCII to map).
func (p Parser) ToURI(s string) (string, error) {
	if !p.IDNA && !p.EncodeUnsafeASCII {
		u, err := p.Parse(s)
		if err != nil {
			return "", err
		}
		return u.URI(), nil
	}
	b, err := p.AppendURI(nil, s)
	if err != nil {
		return "", err
	}
	if string(b) == s {
		return s, nil
	}
	// b is not reachable from anywhere else, so it can become the string
	// without a copy, as strings.Builder does.
	return unsafe.String(unsafe.SliceData(b), len(b)), nil
}

// ToURI returns the URI form of the IRI reference s (RFC 3987 section
// 3.1), as AppendURI does. It returns s itself, without allocating, when
// s is ASCII: a URI is its own URI form.
func ToURI(s string) (string, error) { return Parser{}.ToURI(s) }

// Parse parses s as an IRI (RFC 3987 rule IRI): a scheme is required.
func Parse(s string) (u IRI, err error) {
	err = u.parse(s, RuleIRI, 0)
	return
}

// ParseReference parses s as an IRI reference (rule IRI-reference): an
// IRI or a relative reference.
func ParseReference(s string) (u IRI, err error) {
	err = u.parse(s, RuleIRIReference, 0)
	return
}

// ParseRule parses s against rule r.
func ParseRule(s string, r Rule) (u IRI, err error) {
	err = u.parse(s, r, 0)
	return
}

// MustParseReference is like ParseReference but panics on error. It is
// meant for constants in tests and examples.
func MustParseReference(s string) IRI {
	u, err := ParseReference(s)
	if err != nil {
		panic(err)
	}
	return u
}

// Valid reports whether s matches rule r, without allocating.
func Valid(s string, r Rule) bool { return Parser{Rule: r}.Valid(s) }

// AppendURI checks that s is an IRI reference and appends its URI form to
// dst (RFC 3987 section 3.1 step 2): each non-ASCII character becomes the
// %HH triplets of its UTF-8 bytes, with uppercase hex, and every ASCII byte
// is copied unchanged, existing %HH included, so the mapping is idempotent
// and the identity on URIs. Validation and encoding are one pass; on error
// dst is returned as it was. It allocates only if dst must grow.
func AppendURI(dst []byte, s string) ([]byte, error) { return Parser{}.AppendURI(dst, s) }

// String returns the IRI as it was parsed.
func (u IRI) String() string { return u.s }

// URI returns the URI form of u (RFC 3987 section 3.1 step 2). When u is
// pure ASCII it is already a URI and is returned without copying.
func (u IRI) URI() string {
	if u.r.Flags&scanner.HasNonASCII == 0 {
		return u.s
	}
	b := make([]byte, 0, len(u.s)+2*ascii.CountNonASCII(u.s))
	b = ascii.EncodeNonASCII(b, u.s)
	// b is not reachable from anywhere else, so it can become the string
	// without a copy, as strings.Builder does.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// AppendURI appends the URI form of u to dst.
func (u IRI) AppendURI(dst []byte) []byte { return ascii.EncodeNonASCII(dst, u.s) }

// AppendIRI appends to dst the IRI form of u (RFC 3987 section 3.2), as
// the package-level AppendIRI does, without parsing u again.
func (u IRI) AppendIRI(dst []byte) []byte { return inplace.AppendIRI(dst, u.s, &u.r) }

// IsAbsolute reports whether u has a scheme, that is, whether it is an IRI
// rather than a relative reference.
func (u IRI) IsAbsolute() bool { return u.r.Parts&scanner.HasScheme != 0 }

// Scheme returns the scheme, or "" if there is none.
func (u IRI) Scheme() string {
	if u.r.Parts&scanner.HasScheme == 0 {
		return ""
	}
	return u.s[:u.r.SchemeEnd]
}

// HasAuthority reports whether u has an authority ("//" after the scheme
// or at the start), even an empty one.
func (u IRI) HasAuthority() bool { return u.r.Parts&scanner.HasAuthority != 0 }

// Authority returns the authority without its leading "//", or "".
func (u IRI) Authority() string {
	if u.r.Parts&scanner.HasAuthority == 0 {
		return ""
	}
	return u.s[u.r.AuthorityStart:u.r.PathStart]
}

// HasUserinfo reports whether the authority has a userinfo and its '@'.
func (u IRI) HasUserinfo() bool { return u.r.Parts&scanner.HasUserinfo != 0 }

// Userinfo returns the userinfo without its '@', or "".
func (u IRI) Userinfo() string {
	if u.r.Parts&scanner.HasUserinfo == 0 {
		return ""
	}
	return u.s[u.r.AuthorityStart:u.r.UserinfoEnd]
}

// Host returns the host, or "" if there is no authority. An IP-literal
// keeps its brackets.
func (u IRI) Host() string {
	if u.r.Parts&scanner.HasAuthority == 0 {
		return ""
	}
	return u.s[u.r.HostStart:u.r.HostEnd]
}

// HostKind says whether the host is a reg-name, an IPv4 address, an IPv6
// or IPvFuture literal, or absent.
func (u IRI) HostKind() HostKind { return HostKind(u.r.HostKind) }

// HasPort reports whether the authority has a ':' port, even an empty one.
func (u IRI) HasPort() bool { return u.r.Parts&scanner.HasPort != 0 }

// Port returns the port digits without the ':', or "".
func (u IRI) Port() string {
	if u.r.Parts&scanner.HasPort == 0 {
		return ""
	}
	return u.s[u.r.PortStart:u.r.PathStart]
}

// Path returns the path, which is always present and may be empty.
func (u IRI) Path() string { return u.s[u.r.PathStart:u.r.PathEnd] }

// HasQuery reports whether u has a '?' query, even an empty one.
func (u IRI) HasQuery() bool { return u.r.Parts&scanner.HasQuery != 0 }

// Query returns the query without its '?', or "".
func (u IRI) Query() string {
	if u.r.Parts&scanner.HasQuery == 0 {
		return ""
	}
	return u.s[u.r.QueryStart:u.r.QueryEnd]
}

// HasFragment reports whether u has a '#' fragment, even an empty one.
func (u IRI) HasFragment() bool { return u.r.Parts&scanner.HasFragment != 0 }

// Fragment returns the fragment without its '#', or "".
func (u IRI) Fragment() string {
	if u.r.Parts&scanner.HasFragment == 0 {
		return ""
	}
	return u.s[u.r.FragmentStart:]
}

// IsASCII reports whether u has no byte above 0x7F, that is, whether it is
// also a URI.
func (u IRI) IsASCII() bool { return u.r.Flags&scanner.HasNonASCII == 0 }
