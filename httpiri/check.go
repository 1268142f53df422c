package httpiri

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/tables"
)

// Form is a form of request target (RFC 9112 section 3.2).
type Form uint8

// Forms.
const (
	FormOrigin    Form = iota + 1 // absolute-path [ "?" query ]
	FormAbsolute                  // absolute-URI, as sent to a proxy
	FormAuthority                 // uri-host ":" port, for CONNECT
	FormAsterisk                  // "*", for OPTIONS
)

var formNames = [...]string{"", "origin-form", "absolute-form", "authority-form", "asterisk-form"}

// String returns "origin-form", "absolute-form", "authority-form" or
// "asterisk-form".
func (f Form) String() string {
	if int(f) < len(formNames) && f != 0 {
		return formNames[f]
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// Target is a request target that passed Check.
type Target struct {
	// Form is the form it has.
	Form Form
	// IRI is the target parsed. An origin-form target whose path starts
	// with "//" is held as "/." followed by the target, the form RFC
	// 3986 section 5.3 gives such a path so that it is not read as an
	// authority; an authority-form one is held as "//" followed by it.
	IRI iri.IRI
	// prefix is the number of bytes in front of the target in IRI.
	prefix int
}

// raw returns the target as it was received (or as rewritten).
func (t *Target) raw() string { return t.IRI.String()[t.prefix:] }

// Check checks r's request target as Middleware does, and returns it
// parsed. It reads r.RequestURI (or, for a request that did not come
// from a server, r.URL.RequestURI()). Over HTTP/2 and HTTP/3, where
// :authority names the host, the target must be origin-form or "*" (or
// CONNECT's authority). It allocates nothing for an
// origin-form or absolute-form target that passes, but for an
// origin-form path that starts with "//", for hosts that CheckHost must
// compare through IDNA, and where lint itself allocates with Reject on
// (see lint.Options.FirstViolation). A refused target's error is an
// *Error.
func (o *Options) Check(r *http.Request) (Target, error) {
	t, err := o.check(r)
	if err != nil {
		return t, err
	}
	return t, nil
}

// check is Check with its error typed.
func (o *Options) check(r *http.Request) (_ Target, err *Error) {
	defer func() {
		if err != nil {
			err.Component = uriComponent(err.Component)
		}
	}()
	t := r.RequestURI
	if t == "" && r.URL != nil {
		t = r.URL.RequestURI()
	}
	var tg Target
	switch {
	case t == "*":
		if r.Method != http.MethodOptions {
			return Target{}, &Error{Status: http.StatusBadRequest, Offset: 0, Code: "form",
				Detail: `the asterisk-form "*" is for OPTIONS only (RFC 9112 section 3.2.4)`}
		}
		tg.Form = FormAsterisk
		tg.IRI, _ = iri.ParseRule("*", iri.RuleRelativeRef)
	case r.Method == http.MethodConnect && (r.ProtoMajor < 2 || !strings.HasPrefix(t, "/")):
		tg, err = o.authorityForm(t)
	case strings.HasPrefix(t, "/"):
		tg, err = o.originForm(t)
	case r.ProtoMajor >= 2:
		// An absolute-form :path would name a host apart from
		// :authority, which r.Host holds.
		return Target{}, &Error{Status: http.StatusBadRequest, Offset: 0, Code: "form",
			Detail: `an HTTP/2 or HTTP/3 :path is origin-form or "*" (RFC 9113 section 8.3.1, RFC 9114 section 4.3.1)`}
	case t == "":
		return Target{}, &Error{Status: http.StatusBadRequest, Offset: 0, Code: "form",
			Detail: "the request target is empty (RFC 9112 section 3.2)"}
	default:
		tg, err = o.absoluteForm(t)
	}
	if err != nil {
		return Target{}, err
	}
	if o.Reject != lint.SeverityOff {
		if err := o.lint(&tg); err != nil {
			return Target{}, err
		}
	}
	if err := o.opaqueSlash(&tg); err != nil {
		return Target{}, err
	}
	if o.EscapedSlashes == RejectEscapedSlashes && tg.Form != FormAuthority {
		if i := escapedSlash(tg.IRI.Path()); i >= 0 {
			off := pathOffset(&tg) + i
			return Target{}, &Error{Status: http.StatusBadRequest, Offset: off, Component: "path", Code: "escaped-slash",
				Detail: "found an escaped slash (%2F or %5C) in the path, which this server refuses"}
		}
	}
	if o.CheckHost {
		if err := o.checkHost(r, &tg); err != nil {
			return Target{}, err
		}
	}
	if o.Interop != InteropOff && (tg.Form == FormOrigin || tg.Form == FormAbsolute) {
		if err := o.checkInterop(r, t); err != nil {
			return Target{}, err
		}
	}
	return tg, nil
}

func (o *Options) relRule() iri.Rule {
	if o.IRI {
		return iri.RuleIRelativeRef
	}
	return iri.RuleRelativeRef
}

func (o *Options) originForm(t string) (Target, *Error) {
	tg := Target{Form: FormOrigin}
	s := t
	if strings.HasPrefix(t, "//") {
		// The only allocation of a passing origin-form target: a path
		// that starts with "//" would read as an authority.
		s = "/." + t
		tg.prefix = 2
	}
	u, err := iri.ParseRule(s, o.relRule())
	if err != nil {
		return Target{}, syntaxError(err, tg.prefix, "origin-form")
	}
	if u.HasFragment() {
		return Target{}, fragmentError(t)
	}
	tg.IRI = u
	return tg, nil
}

func (o *Options) absoluteForm(t string) (Target, *Error) {
	rule := iri.RuleAbsoluteURI
	if o.IRI {
		rule = iri.RuleAbsoluteIRI
	}
	u, err := iri.ParseRule(t, rule)
	if err != nil {
		var ie *iri.Error
		if errors.As(err, &ie) && ie.Code == iri.CodeFragment {
			return Target{}, fragmentError(t)
		}
		return Target{}, syntaxError(err, 0, "absolute-form")
	}
	if isHTTP(u.Scheme()) {
		// RFC 9110 4.2.1 and 4.2.4: an http(s) URI with an empty host is
		// invalid, and userinfo in one is treated as an error.
		if u.Host() == "" {
			return Target{}, &Error{Status: http.StatusBadRequest, Offset: hostOffset(u), Component: "host", Code: "host",
				Detail: "an http or https URI must have a non-empty host (RFC 9110 section 4.2.1)"}
		}
		if u.HasUserinfo() {
			return Target{}, &Error{Status: http.StatusBadRequest, Offset: len(u.Scheme()) + 3, Component: "userinfo", Code: "userinfo",
				Detail: "an http or https URI must not have userinfo (RFC 9110 section 4.2.4)"}
		}
	}
	return Target{Form: FormAbsolute, IRI: u}, nil
}

func (o *Options) authorityForm(t string) (Target, *Error) {
	tg := Target{Form: FormAuthority, prefix: 2}
	u, err := iri.ParseRule("//"+t, o.relRule())
	if err != nil {
		return Target{}, syntaxError(err, 2, "authority-form")
	}
	bad := func(off int, comp, detail string) (Target, *Error) {
		return Target{}, &Error{Status: http.StatusBadRequest, Offset: off, Component: comp, Code: "form",
			Detail: detail + `; CONNECT takes uri-host ":" port (RFC 9112 section 3.2.3)`}
	}
	switch {
	case u.HasUserinfo():
		return bad(0, "userinfo", "found userinfo")
	case u.Path() != "" || u.HasQuery() || u.HasFragment():
		return bad(len(u.Authority()), "", "found a path, query or fragment after the authority")
	case u.Port() == "":
		return bad(len(u.Authority()), "port", "found no port")
	}
	tg.IRI = u
	return tg, nil
}

// syntaxError turns the error of package iri into an *Error whose offset
// counts in the target as received.
func syntaxError(err error, prefix int, form string) *Error {
	var ie *iri.Error
	if !errors.As(err, &ie) {
		return &Error{Status: http.StatusBadRequest, Offset: -1, Code: "syntax", Detail: printable(err.Error()), Err: err}
	}
	off := ie.Offset - prefix
	if off < 0 {
		off = 0
	}
	return &Error{
		Status:    http.StatusBadRequest,
		Offset:    off,
		Component: uriComponent(ie.Component),
		Code:      ie.Code.String(),
		Detail:    "not a valid " + form + " request target: " + printable(ie.Reason()),
		Err:       err,
	}
}

func fragmentError(t string) *Error {
	return &Error{Status: http.StatusBadRequest, Offset: strings.IndexByte(t, '#'), Component: "fragment", Code: "fragment",
		Detail: `found "#": a request target has no fragment (RFC 9112 section 3.2)`}
}

func isHTTP(scheme string) bool {
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}

// hostOffset is where u's host starts (or would).
func hostOffset(u iri.IRI) int {
	off := len(u.Scheme()) + 1
	if u.HasAuthority() {
		off += 2
		if u.HasUserinfo() {
			off += len(u.Userinfo()) + 1
		}
	}
	return off
}

// pathOffset is where the path starts in the target as received. The
// path is found by length, not by search: the same text may come earlier.
func pathOffset(tg *Target) int {
	u := tg.IRI
	n := len(u.String()) - len(u.Path())
	if u.HasQuery() {
		n -= 1 + len(u.Query())
	}
	if u.HasFragment() {
		n -= 1 + len(u.Fragment())
	}
	return n - tg.prefix
}

// escapedSlash returns the index of the first %2F or %5C (any case) in
// p, or -1.
func escapedSlash(p string) int {
	for i := strings.IndexByte(p, '%'); i >= 0; {
		if isEscapedSlash(p[i:]) {
			return i
		}
		j := strings.IndexByte(p[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1
}

// isEscapedSlash reports whether s starts with %2F or %5C, in any case.
func isEscapedSlash(s string) bool {
	if len(s) < 3 || s[0] != '%' {
		return false
	}
	a, b := s[1], s[2]|0x20
	return (a == '2' && b == 'f') || (a == '5' && b == 'c')
}

var decoded = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// lint applies Reject: the first violation at or above it refuses the
// request. It lints the target, and then, when the target has %HH that
// encode non-ASCII characters, its text with those decoded: what a
// server that decodes the path (as net/url does into URL.Path) and then
// logs or shows it holds. So "%E2%80%AE" is refused as the right-to-left
// override it becomes, as a raw one would be.
func (o *Options) lint(tg *Target) *Error {
	lo := o.Lint
	switch tg.Form {
	case FormAbsolute:
		lo.Rule = iri.RuleAbsoluteIRI
	default:
		lo.Rule = iri.RuleIRIReference
	}
	s := tg.IRI.String()
	err := o.firstViolation(lo, s, func(off int) int { return off - tg.prefix })
	if err != nil || !hasEncodedNonASCII(s) {
		return err
	}
	buf := decoded.Get().(*[]byte)
	if cap(*buf) < len(s) {
		*buf = make([]byte, 0, len(s)) // decoding shortens
	}
	b := appendDecodedText((*buf)[:0], s)
	// The string lives while lint reads it; no Violation keeps it.
	text := unsafe.String(unsafe.SliceData(b), len(b))
	err = o.firstViolation(lo, text, func(off int) int { return rawOffset(s, off) - tg.prefix })
	if cap(b) <= 1<<16 {
		*buf = b[:0]
		decoded.Put(buf)
	}
	return err
}

// firstViolation refuses s for its first violation at or above Reject.
// lint.FirstViolation keeps no violation below it and stops at the one
// that refuses, where a list of all of them cost hundreds of bytes a
// byte of target. A syntax error is none: the target parsed, and the
// decoded text of lint's second look may hold what no IRI may.
func (o *Options) firstViolation(lo lint.Options, s string, offset func(int) int) *Error {
	v, ok := lo.FirstViolation(s, o.Reject)
	if !ok || v.Check == lint.CheckSyntax {
		return nil
	}
	return &Error{Status: http.StatusBadRequest, Offset: max(offset(v.Offset), 0), Component: v.Component,
		Code: v.Check.String(), Detail: printable(v.Message)}
}

// hasEncodedNonASCII reports whether s has a %HH with HH of 80 or more.
func hasEncodedNonASCII(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if c, ok := ascii.Octet(s[i:]); ok && c >= 0x80 {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// encodedChar returns the character that the %HH sequences at the start
// of s encode, and the number of bytes they take, when they encode one
// well-formed non-ASCII UTF-8 character that an IRI may hold there (in
// the query when inQuery): ucschar, a bidi formatting character, or
// iprivate in the query. n is 0 otherwise, and the %HH stay: decoded, a
// U+FFFF or a private-use character in the path made the decoded text
// no IRI, which lint reports as a syntax error alone, and an encoded
// right-to-left override beside it went unseen.
func encodedChar(s string, inQuery bool) (c [4]byte, size, n int) {
	lead, ok := ascii.Octet(s)
	if !ok || lead < 0xC2 {
		return c, 0, 0
	}
	size = 2
	if lead >= 0xE0 {
		size = 3
	}
	if lead >= 0xF0 {
		size = 4
	}
	if len(s) < 3*size {
		return c, 0, 0
	}
	for k := 0; k < size; k++ {
		if c[k], ok = ascii.Octet(s[3*k:]); !ok {
			return c, 0, 0
		}
	}
	if !utf8.FullRune(c[:size]) || !utf8.Valid(c[:size]) {
		return c, 0, 0
	}
	// The scanner's own classes (tables), as it would read the octets raw.
	e := tables.UTF8Lead[c[0]]
	for k := 1; k < size && e >= tables.TrieBlock; k++ {
		e = tables.TrieNext(e, c[k])
	}
	switch {
	case e == tables.CPUcschar || e == tables.CPBidi:
	case e == tables.CPIprivate && inQuery:
	default:
		return c, 0, 0
	}
	return c, size, 3 * size
}

// appendDecodedText appends s with each %HH sequence that encodes one
// well-formed non-ASCII character decoded. ASCII %HH stay as they are,
// so no delimiter is made.
func appendDecodedText(dst []byte, s string) []byte {
	inQuery := false // a target's first '?' starts its query
	for i := 0; i < len(s); {
		inQuery = inQuery || s[i] == '?'
		if s[i] == '%' {
			if c, size, n := encodedChar(s[i:], inQuery); n > 0 {
				dst = append(dst, c[:size]...)
				i += n
				continue
			}
		}
		dst = append(dst, s[i])
		i++
	}
	return dst
}

// rawOffset maps an offset in appendDecodedText's result back to s.
func rawOffset(s string, off int) int {
	d := 0
	inQuery := false
	for i := 0; i < len(s); {
		if d >= off {
			return i
		}
		inQuery = inQuery || s[i] == '?'
		if s[i] == '%' {
			if _, size, n := encodedChar(s[i:], inQuery); n > 0 {
				if off < d+size {
					return i
				}
				d += size
				i += n
				continue
			}
		}
		d++
		i++
	}
	return len(s)
}
