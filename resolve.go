package iri

import (
	"errors"
	"strings"

	"github.com/irikit/iri/scanner"
)

// ErrRelativeBase is returned when a reference is resolved against a base
// that has no scheme. RFC 3986 section 5.1 requires the base to be an
// absolute IRI; resolving against a relative one would have to guess the
// scheme, so this library refuses.
var ErrRelativeBase = errors.New("iri: base is not absolute (it has no scheme)")

// Resolve returns the target of the reference ref resolved against u, by
// the strict algorithm of RFC 3986 section 5.2.2, which RFC 3987 section
// 6.5 applies to IRIs unchanged; characters are never converted. u must be
// absolute (ErrRelativeBase otherwise); its fragment is ignored. ref is
// parsed as an IRI reference, with the errors of ParseReference.
//
// Dot segments are removed from the paths the algorithm says (never from
// the base's path when ref's path is empty) in time linear in their
// length. One case cannot be written as the RFC composes it: a target
// without an authority whose path starts with "//" (from base "x:/a" and
// reference "..//g"), which would read back as an authority. There the
// path gets the prefix "/.", as the WHATWG URL standard does: "x:/.//g",
// which names the same path, since remove_dot_segments("/.//g") is "//g",
// and resolves to itself.
func (u IRI) Resolve(ref string) (IRI, error) {
	r, err := ParseReference(ref)
	if err != nil {
		return IRI{}, err
	}
	return u.ResolveIRI(r)
}

// ResolveIRI is Resolve for a reference already parsed.
func (u IRI) ResolveIRI(ref IRI) (IRI, error) {
	if !u.IsAbsolute() {
		return IRI{}, ErrRelativeBase
	}
	b := appendResolved(make([]byte, 0, len(u.s)+len(ref.s)), &u, &ref)
	s := string(b)
	// The target is valid by construction; the scan finds its offsets.
	return IRI{s: s, r: scanner.Scan(s, scanner.IRIReference, scanner.AllowBidi)}, nil
}

// AppendResolve parses base as an IRI and ref as an IRI reference,
// resolves ref against base as IRI.Resolve does, and appends the target
// to dst. It allocates only if dst must grow (and to return an error).
func AppendResolve(dst []byte, base, ref string) ([]byte, error) {
	b := IRI{s: base, r: scanner.Scan(base, scanner.IRIReference, 0)}
	if !b.r.OK() {
		return dst, newError(base, RuleIRIReference, &b.r)
	}
	if !b.IsAbsolute() {
		return dst, ErrRelativeBase
	}
	r := IRI{s: ref, r: scanner.Scan(ref, scanner.IRIReference, 0)}
	if !r.r.OK() {
		return dst, newError(ref, RuleIRIReference, &r.r)
	}
	return appendResolved(dst, &b, &r), nil
}

// appendResolved appends the target of r against the absolute base b
// (RFC 3986 5.2.2 and the recomposition of 5.3).
func appendResolved(dst []byte, b, r *IRI) []byte {
	if r.IsAbsolute() {
		dst = append(dst, r.Scheme()...)
		dst = append(dst, ':')
		dst = appendAuthority(dst, r)
		dst = appendPathNoDots(dst, "", r.Path(), r.HasAuthority())
		dst = appendQuery(dst, r)
	} else {
		dst = append(dst, b.Scheme()...)
		dst = append(dst, ':')
		switch {
		case r.HasAuthority():
			dst = appendAuthority(dst, r)
			dst = appendPathNoDots(dst, "", r.Path(), true)
			dst = appendQuery(dst, r)
		case r.Path() == "":
			dst = appendAuthority(dst, b)
			dst = append(dst, b.Path()...)
			if r.HasQuery() {
				dst = appendQuery(dst, r)
			} else {
				dst = appendQuery(dst, b)
			}
		case r.Path()[0] == '/':
			dst = appendAuthority(dst, b)
			dst = appendPathNoDots(dst, "", r.Path(), b.HasAuthority())
			dst = appendQuery(dst, r)
		default:
			dst = appendAuthority(dst, b)
			dst = appendPathNoDots(dst, mergeDir(b), r.Path(), b.HasAuthority())
			dst = appendQuery(dst, r)
		}
	}
	if r.HasFragment() {
		dst = append(dst, '#')
		dst = append(dst, r.Fragment()...)
	}
	return dst
}

// mergeDir is the part of the base's path that the merge of RFC 3986
// 5.2.3 keeps: "/" for a base with an authority and an empty path, else
// everything up to and including the last '/' (nothing if there is none).
func mergeDir(b *IRI) string {
	p := b.Path()
	if b.HasAuthority() && p == "" {
		return "/"
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

func appendAuthority(dst []byte, u *IRI) []byte {
	if !u.HasAuthority() {
		return dst
	}
	dst = append(dst, "//"...)
	return append(dst, u.Authority()...)
}

func appendQuery(dst []byte, u *IRI) []byte {
	if !u.HasQuery() {
		return dst
	}
	dst = append(dst, '?')
	return append(dst, u.Query()...)
}

// appendPathNoDots appends dir+path with its dot segments removed. Without
// an authority, a result that starts with "//" gets the prefix "/." so
// that it does not read back as an authority (see IRI.Resolve).
func appendPathNoDots(dst []byte, dir, path string, authority bool) []byte {
	p0 := len(dst)
	dst = append(dst, dir...)
	dst = append(dst, path...)
	dst = dst[:p0+removeDots(dst[p0:])]
	if !authority {
		dst = keepPathOffAuthority(dst, p0)
	}
	return dst
}

// keepPathOffAuthority puts "/." before the path at dst[p0:] if it starts
// with "//", which without an authority would read back as one.
func keepPathOffAuthority(dst []byte, p0 int) []byte {
	if len(dst)-p0 < 2 || dst[p0] != '/' || dst[p0+1] != '/' {
		return dst
	}
	dst = append(dst, 0, 0)
	copy(dst[p0+2:], dst[p0:len(dst)-2])
	dst[p0], dst[p0+1] = '/', '.'
	return dst
}
