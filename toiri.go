package iri

import (
	"unsafe"

	"github.com/irikit/iri/internal/inplace"
	"github.com/irikit/iri/scanner"
)

// AppendIRI checks s against p's rule and appends to dst its IRI form, as
// the package-level AppendIRI does.
func (p Parser) AppendIRI(dst []byte, s string) ([]byte, error) {
	if p.IDNA {
		t, err := p.ToIRI(s)
		if err != nil {
			return dst, err
		}
		return append(dst, t...), nil
	}
	var r scanner.Result
	dst, ok := inplace.Convert(dst, s, p.Rule, p.opts(), &r)
	if !ok {
		return dst, newError(s, p.Rule, &r)
	}
	return dst, nil
}

// ToIRI checks s against p's rule and returns its IRI form, as the
// package-level ToIRI does.
func (p Parser) ToIRI(s string) (string, error) {
	t, err := p.toIRI(s)
	if err == nil && p.IDNA {
		t = hostToUnicode(t, p.opts())
	}
	return t, err
}

func (p Parser) toIRI(s string) (string, error) {
	r := scanner.Scan(s, p.Rule, p.opts())
	if !r.OK() {
		return "", newError(s, p.Rule, &r)
	}
	if r.Flags&scanner.HasPercent == 0 {
		return s, nil // nothing is percent-encoded: s is its own IRI form
	}
	// AppendIRI wants sixteen bytes to spare for its vector stores.
	b := inplace.AppendIRI(make([]byte, 0, len(s)+16), s, &r)
	if len(b) == len(s) && string(b) == s {
		return s, nil
	}
	// b is not reachable from anywhere else, so it can become the string
	// without a copy, as strings.Builder does.
	return unsafe.String(unsafe.SliceData(b), len(b)), nil
}

// AppendIRI checks that s is an IRI reference (a URI is one) and appends
// to dst its IRI form, converting per RFC 3987 section 3.2: each %HH is
// decoded unless it stands for '%', a reserved character or an ASCII
// character URIs do not allow; octets that are not strictly legal UTF-8,
// and characters that are not appropriate where they land (outside
// ucschar, iprivate outside the query, the bidi formatting characters of
// section 4.1, and the characters section 6.1 advises against, listed in
// the tables package's Section61), stay percent-encoded with uppercase
// hex. So "%2F" never becomes a path separator and "%E2%80%AE" never
// becomes a right-to-left override.
//
// The result maps back to s under AppendURI, but for the case of hex
// digits and percent-encoded unreserved characters, which it decodes (as
// section 3.2 says). On error dst is returned as it was. It allocates
// only if dst must grow.
func AppendIRI(dst []byte, s string) ([]byte, error) { return Parser{}.AppendIRI(dst, s) }

// ToIRI returns the IRI form of the IRI reference s, as AppendIRI does. It
// returns s itself, without allocating, when s has no %HH to decode.
func ToIRI(s string) (string, error) { return Parser{}.ToIRI(s) }
