package httpiri

import (
	"net/http"
	"strings"

	"github.com/irikit/iri/lint"
)

// sameAuthority is the check after a rewrite: the target must have the
// authority it had (none when it had none), with the same scheme and a
// host and port that name the same host (sameHost: ASCII case, default
// port, IDNA), and no '.' that the host did not have: a %2E decoded into
// one makes another name for a resolver. Any rewrite step that would
// break this is a bug or an attack; the request is refused rather than
// sent on to another host than the client named.
func sameAuthority(before, after *Target) *Error {
	b, a := before.IRI, after.IRI
	if b.HasAuthority() != a.HasAuthority() {
		return rewriteError("the rewrite would turn the path into an authority")
	}
	if !strings.EqualFold(b.Scheme(), a.Scheme()) {
		return rewriteError("the rewrite would change the scheme")
	}
	if !b.HasAuthority() {
		return nil
	}
	hb, ha := hostPort(before), hostPort(after)
	if !sameHost(hb, ha, a.Scheme()) || strings.Count(ha, ".") > strings.Count(hb, ".")+labelStops(hb) {
		return rewriteError("the rewrite would change the host")
	}
	return nil
}

// hostPort is the authority of tg without its userinfo.
func hostPort(tg *Target) string {
	a := tg.IRI.Authority()
	if tg.IRI.HasUserinfo() {
		a = a[len(tg.IRI.Userinfo())+1:]
	}
	return a
}

// labelStops counts the full stops IDNA maps to '.' (RFC 3490 section
// 3.1): U+3002, U+FF0E and U+FF61, raw in an IRI's host.
func labelStops(h string) int {
	return strings.Count(h, "\u3002") + strings.Count(h, "\uff0e") + strings.Count(h, "\uff61")
}

func rewriteError(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Offset: -1, Component: "host", Code: "rewrite",
		Detail: detail + "; a rewrite may not make or change an authority (RFC 3986 section 3.3)"}
}

// opaqueSlash applies Reject to the %2F and %5C in the path of an
// absolute-form target with no authority ("foo:%2F%2Fevil.example/"),
// which lint leaves alone in such a path (mailto: and urn: hold them as
// data) but which a server that decodes the path reads as "//", the start
// of an authority. The check's name and severity are lint's.
func (o *Options) opaqueSlash(tg *Target) *Error {
	if o.Reject == lint.SeverityOff || tg.Form != FormAbsolute || tg.IRI.HasAuthority() {
		return nil
	}
	if sev := o.Lint.Severity(lint.CheckEncodedSlash); sev == lint.SeverityOff || sev < o.Reject {
		return nil
	}
	i := escapedSlash(tg.IRI.Path())
	if i < 0 {
		return nil
	}
	return &Error{Status: http.StatusBadRequest, Offset: pathOffset(tg) + i, Component: "path",
		Code: lint.CheckEncodedSlash.String(), Detail: lint.CheckEncodedSlash.Message()}
}

// uriComponent is the RFC 3986 name of an RFC 3987 component ("path"
// for "ipath"): a request target is a URI on the wire, and one target
// gets one name whether IRI is set or lint found the fault.
func uriComponent(c string) string {
	switch c {
	case "iauthority", "iuserinfo", "ihost", "ipath", "iquery", "ifragment":
		return c[1:]
	}
	return c
}
