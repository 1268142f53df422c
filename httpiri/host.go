package httpiri

import (
	"net/http"
	"strings"
	"sync"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/scanner"
)

// checkHost applies CheckHost: one Host, of the right syntax, naming the
// target's host.
func (o *Options) checkHost(r *http.Request, tg *Target) *Error {
	hosts := r.Header["Host"]
	if len(hosts) > 1 {
		return hostError("found more than one Host header field line (RFC 9112 section 3.2)")
	}
	if r.Host == "" {
		if r.ProtoAtLeast(1, 1) {
			return hostError("found no Host header field (RFC 9112 section 3.2)")
		}
		return nil
	}
	if !o.validHost(r.Host) {
		return hostError(`the Host is not uri-host [ ":" port ] (RFC 9110 section 7.2)`)
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if tg.Form == FormAbsolute {
		scheme = tg.IRI.Scheme()
	}
	for _, h := range hosts {
		if !o.validHost(h) {
			return hostError(`the Host header field is not uri-host [ ":" port ] (RFC 9110 section 7.2)`)
		}
		if !sameHost(h, r.Host, scheme) {
			return mismatch("the Host header field names another host than :authority (RFC 9113 section 8.3.1)")
		}
	}
	if (tg.Form == FormAbsolute && tg.IRI.HasAuthority()) || tg.Form == FormAuthority {
		a := tg.IRI.Authority()
		if tg.IRI.HasUserinfo() {
			a = a[len(tg.IRI.Userinfo())+1:]
		}
		if !sameHost(a, r.Host, scheme) {
			return mismatch("the Host names another host than the request target (RFC 9112 section 3.2.2)")
		}
	}
	return nil
}

func hostError(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Offset: -1, Component: "host", Code: "host", Detail: detail}
}

func mismatch(detail string) *Error {
	return &Error{Status: http.StatusBadRequest, Offset: -1, Component: "host", Code: "host-mismatch", Detail: detail}
}

var hostBufs = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// validHost reports whether h is uri-host [ ":" port ] (ihost with IRI):
// an authority with no userinfo, scanned as "//" h.
func (o *Options) validHost(h string) bool {
	buf := hostBufs.Get().(*[]byte)
	b := append(append((*buf)[:0], '/', '/'), h...)
	rule := scanner.RelativeRef
	if o.IRI {
		rule = scanner.IRelativeRef
	}
	res := scanner.ScanBytes(b, rule, 0)
	if cap(b) <= 1<<12 {
		*buf = b[:0]
		hostBufs.Put(buf)
	}
	return res.Code == scanner.CodeOK &&
		res.Parts&(scanner.HasUserinfo|scanner.HasQuery|scanner.HasFragment) == 0 &&
		res.PathEnd == res.PathStart
}

// sameHost reports whether the authorities a and b (host [ ":" port ])
// name the same host for scheme: ASCII case and a default or empty port
// do not matter, and hosts with %HH or non-ASCII text are compared in
// their scheme-normal form, through IDNA (RFC 3987 5.3.3).
func sameHost(a, b, scheme string) bool {
	a, b = trimPort(a, scheme), trimPort(b, scheme)
	if strings.EqualFold(a, b) {
		return true
	}
	if ascii.IsASCII(a) && ascii.IsASCII(b) && strings.IndexByte(a, '%') < 0 && strings.IndexByte(b, '%') < 0 {
		return false
	}
	n := iri.Normalizer{Level: iri.LevelScheme, URI: true}
	na, err1 := n.Normalize("http://" + a + "/")
	nb, err2 := n.Normalize("http://" + b + "/")
	return err1 == nil && err2 == nil && na == nb
}

// trimPort drops an empty port and scheme's default port.
func trimPort(a, scheme string) string {
	i := strings.LastIndexByte(a, ':')
	if i < 0 || strings.IndexByte(a[i:], ']') >= 0 {
		return a
	}
	if port := a[i+1:]; port == "" || iri.IsDefaultPort(scheme, port) {
		return a[:i]
	}
	return a
}
