package interop

import (
	"errors"
	"net/url"
	"runtime"
	"strings"

	"github.com/irikit/iri"
	"github.com/irikit/iri/whatwg"
)

// A Context is what a reference is read in.
type Context struct {
	// Base, when not "", is the reference every reading resolves
	// against: RFC 3986 section 5.2 for rfc3986 and rfc3987, the WHATWG
	// basic URL parser with a base, net/url's ResolveReference.
	Base string
	// RequestTarget reads the reference as the request target of an
	// HTTP request (RFC 9112 section 3.2) that came with Base's scheme
	// and authority (its Host): rfc3986 and rfc3987 rebuild the target
	// URI as RFC 9112 section 3.3 does (an origin-form target is a path
	// and query on Base's authority, "*" the empty path there), net/url
	// reads it with ParseRequestURI and takes scheme and host from Base
	// as net/http takes them from the connection and the Host header,
	// and WHATWG parses it against Base, as a Node server does with
	// new URL(req.url, base).
	RequestTarget bool
}

// ErrNoBase is the refusal of a reference that only a base makes whole:
// a request target in origin-form or asterisk-form read without
// Context.Base.
var ErrNoBase = errors.New("interop: an origin-form or asterisk-form request target needs Context.Base (the scheme and Host it came with)")

// ErrTargetForm is the refusal, by rfc3986 and rfc3987, of a request
// target that is none of origin-form, absolute-form and asterisk-form.
var ErrTargetForm = errors.New("interop: a request target is an absolute path, an absolute URI or \"*\" (RFC 9112 section 3.2)")

// goVersion stamps the readings of net/url.
var goVersion = runtime.Version()

// A Report is every reader's reading of one reference, and where they
// part.
type Report struct {
	// Input is the reference read, and Context what it was read in.
	Input   string
	Context Context
	// readings holds one reading per reader, indexed by Reader.
	readings [numReaders]Reading
	// Differs holds the components on which the readers that accept the
	// reference disagree, compared in the form of equal (see Equal).
	Differs Components
	// Refused holds the readers that refuse a reference another reader
	// accepts.
	Refused ReaderSet
	// Causes holds the rules that make the differences and the
	// refusals.
	Causes Causes
	// endpoints holds, for each kind of client, where it would connect.
	endpoints [numClients]Endpoint
}

// Reading returns r's reading. The fields of a Report are arrays only
// inside, so that adding a reader or a client changes no exported type.
func (rep *Report) Reading(r Reader) *Reading { return &rep.readings[r] }

// Connect returns where client c would connect.
func (rep *Report) Connect(c Client) Endpoint { return rep.endpoints[c] }

// DestinationDiffers reports whether the readings differ in scheme,
// host or port: where a request goes.
func (rep *Report) DestinationDiffers() bool { return rep.Differs&Destination != 0 }

// Read reads ref with every reader in ctx, and compares the readings.
// It allocates only what the readers themselves do: nothing for the RFC
// readings of a reference without a base, the WHATWG href when it is
// not the input, net/url's URL.
func Read(ref string, ctx Context) Report {
	rep := Report{Input: ref, Context: ctx}
	for r := range numReaders {
		read(&rep.readings[r], r, ref, ctx)
	}
	rep.compare()
	rep.Causes = causesOf(ref, ctx, rep.Differs, rep.Refused)
	rep.connect()
	return rep
}

func read(rd *Reading, r Reader, ref string, ctx Context) {
	switch r {
	case ReaderRFC3986:
		readRFC(rd, ref, ctx, iri.RuleURI, iri.RuleURIReference, iri.RuleAbsoluteURI)
	case ReaderRFC3987:
		readRFC(rd, ref, ctx, iri.RuleIRI, iri.RuleIRIReference, iri.RuleAbsoluteIRI)
	case ReaderWHATWG:
		readWHATWG(rd, ref, ctx)
	case ReaderNetURL:
		rd.Version = goVersion
		readNetURL(rd, ref, ctx)
	}
}

// readRFC is the reading of package iri: abs is the rule of an
// absolute reference (the base), rel that of any reference, target that
// of an absolute-form request target.
func readRFC(rd *Reading, ref string, ctx Context, abs, rel, target iri.Rule) {
	var u iri.IRI
	var err error
	switch {
	case ctx.RequestTarget && (strings.HasPrefix(ref, "/") || ref == "*"):
		// RFC 9112 3.3: the base's scheme and authority, and the
		// target's path and query (none for "*").
		if ctx.Base == "" {
			rd.Err = ErrNoBase
			return
		}
		var b iri.IRI
		if b, err = iri.ParseRule(ctx.Base, abs); err != nil {
			break
		}
		if strings.IndexByte(ref, '#') >= 0 {
			err = ErrTargetForm
			break
		}
		t := b.Scheme() + "://" + b.Authority()
		if ref != "*" {
			t += ref
		}
		u, err = iri.ParseRule(t, abs)
	case ctx.RequestTarget:
		if u, err = iri.ParseRule(ref, target); err != nil && iri.Valid(ref, rel) {
			err = ErrTargetForm
		}
	case ctx.Base != "":
		var b, r iri.IRI
		if b, err = iri.ParseRule(ctx.Base, abs); err != nil {
			break
		}
		if r, err = iri.ParseRule(ref, rel); err != nil {
			break
		}
		u, err = b.ResolveIRI(r)
	default:
		u, err = iri.ParseRule(ref, rel)
	}
	if err != nil {
		rd.Err = err
		return
	}
	if u.IsAbsolute() {
		rd.set(ComponentScheme, u.Scheme())
	}
	if u.HasUserinfo() {
		rd.set(ComponentUserinfo, u.Userinfo())
	}
	if u.HasAuthority() {
		rd.set(ComponentHost, u.Host())
	}
	if u.HasPort() {
		rd.set(ComponentPort, u.Port())
	}
	rd.set(ComponentPath, u.Path())
	if u.HasQuery() {
		rd.set(ComponentQuery, u.Query())
	}
	if u.HasFragment() {
		rd.set(ComponentFragment, u.Fragment())
	}
}

func readWHATWG(rd *Reading, ref string, ctx Context) {
	var u whatwg.URL
	var err error
	if ctx.Base == "" {
		u, err = whatwg.Parse(ref)
	} else {
		var b whatwg.URL
		if b, err = whatwg.Parse(ctx.Base); err == nil {
			u, err = b.Parse(ref)
		}
	}
	if err != nil {
		rd.Err = err
		return
	}
	rd.set(ComponentScheme, u.Scheme())
	if u.HasCredentials() {
		// The username and the password are one run of the href, after
		// the scheme, ':' and "//".
		n := len(u.Username())
		if p := u.Password(); p != "" {
			n += 1 + len(p)
		}
		start := len(u.Scheme()) + 3
		rd.set(ComponentUserinfo, u.Href()[start:start+n])
	}
	if u.HostKind() != whatwg.HostNull {
		rd.set(ComponentHost, u.Hostname())
	}
	if p := u.Port(); p != "" {
		rd.set(ComponentPort, p)
	}
	rd.set(ComponentPath, u.Pathname())
	if q, ok := u.Query(); ok {
		rd.set(ComponentQuery, q)
	}
	if f, ok := u.Fragment(); ok {
		rd.set(ComponentFragment, f)
	}
}

func readNetURL(rd *Reading, ref string, ctx Context) {
	var u *url.URL
	var err error
	switch {
	case ctx.RequestTarget:
		if u, err = url.ParseRequestURI(ref); err != nil {
			break
		}
		if u.Host == "" && u.Scheme == "" {
			// net/http: the scheme of the connection, the Host header.
			if ctx.Base == "" {
				err = ErrNoBase
				break
			}
			var b *url.URL
			if b, err = url.Parse(ctx.Base); err != nil {
				break
			}
			u.Scheme, u.Host = b.Scheme, b.Host
		}
	case ctx.Base != "":
		var b, r *url.URL
		if b, err = url.Parse(ctx.Base); err != nil {
			break
		}
		if r, err = url.Parse(ref); err != nil {
			break
		}
		u = b.ResolveReference(r)
	default:
		u, err = url.Parse(ref)
	}
	if err != nil {
		rd.Err = err
		return
	}
	if u.Scheme != "" {
		rd.set(ComponentScheme, u.Scheme)
	}
	if u.User != nil {
		rd.set(ComponentUserinfo, u.User.String())
	}
	if u.Host != "" {
		rd.set(ComponentHost, u.Hostname())
	}
	if p := u.Port(); p != "" {
		rd.set(ComponentPort, p)
	}
	if u.Opaque != "" {
		rd.set(ComponentPath, u.Opaque)
	} else {
		rd.set(ComponentPath, u.EscapedPath())
	}
	if u.RawQuery != "" || u.ForceQuery {
		rd.set(ComponentQuery, u.RawQuery)
	}
	if f := u.EscapedFragment(); f != "" {
		rd.set(ComponentFragment, f)
	}
}
