package iri

import (
	"errors"
	"fmt"
	"net/url"
)

// ErrNotRepresentable is returned by IRI.URL when net/url cannot hold the
// reference so that its String gives back the URI form: every error of
// URL is one.
var ErrNotRepresentable = errors.New("iri: net/url cannot represent the reference exactly")

// URL returns u's URI form (RFC 3987 section 3.1) as a net/url URL whose
// String() is exactly that URI, for code that speaks net/url. net/url
// lowercases the scheme, which URL puts back as it was. Some references
// net/url cannot hold: an empty fragment ("http://h#": String drops the
// '#'), an empty authority ("//"), a userinfo with a second ':' (which
// String encodes); for those URL returns ErrNotRepresentable. Others
// url.Parse rejects outright although they are valid (IPvFuture literals,
// "%00" in a host); then the error is ErrNotRepresentable too, and wraps
// net/url's (errors.As finds the *url.Error). So a caller needs one test,
// errors.Is(err, ErrNotRepresentable), for every reference net/url cannot
// take.
func (u IRI) URL() (*url.URL, error) {
	uri := u.URI()
	x, err := url.Parse(uri)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotRepresentable, err)
	}
	x.Scheme = u.Scheme()
	if x.String() != uri {
		return nil, ErrNotRepresentable
	}
	return x, nil
}

// FromURL parses the reference that x.String() gives, as an IRI reference,
// so that net/url values can enter this library at its edges. The result
// is the URI form net/url writes; ToIRI gives the form to show people.
//
// net/url is a parser for the web, not a validator. Much of what it lets
// in, String escapes on the way out (a space in a path, a '#' inside the
// fragment, a second '@'), and FromURL takes the escaped form. What
// String writes as it is FromURL rejects, with the errors Parse gives:
// characters RFC 3986 allows nowhere kept raw in RawQuery or Opaque
// (space, '"', '<', '>', '\', '^', '`', '{', '|', '}'), IPv6 zone
// identifiers ("[fe80::1%25en0]"), and a host or port net/url was handed
// without checking.
//
// net/url may already have changed the reference before FromURL sees it:
// url.Parse of a path holding non-ASCII text and an encoded reserved
// character ("/é%2Fx") keeps only the decoded path, and String encodes
// it again without the reserved one ("/%C3%A9/x"), a different
// reference. Parse such input with this package, not with net/url.
func FromURL(x *url.URL) (IRI, error) {
	if x == nil {
		return IRI{}, errors.New("iri: FromURL of a nil *url.URL")
	}
	return ParseReference(x.String())
}
