package httpiri

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/irikit/iri"
)

// rewrites reports whether o may change a target like tg.
func (o *Options) rewrites(tg *Target) bool {
	if tg.Form != FormOrigin && tg.Form != FormAbsolute {
		return false
	}
	return o.Normalize != NormalizeOff || o.MergeSlashes ||
		(o.IRI && !tg.IRI.IsASCII()) ||
		(o.EscapedSlashes >= UnescapeAndRedirect && escapedSlash(tg.IRI.Path()) >= 0)
}

// rewrite returns the target after the IRI mapping, EscapedSlashes,
// Normalize and MergeSlashes, in that order, and whether an escaped
// slash was unescaped. The result is as valid as tg was.
func (o *Options) rewrite(tg *Target) (Target, bool, *Error) {
	s := tg.IRI.URI()
	rule := iri.RuleIRIReference
	if tg.Form == FormAbsolute {
		rule = iri.RuleAbsoluteIRI
	}
	unescaped := false
	if o.EscapedSlashes >= UnescapeAndRedirect {
		s, unescaped = unescapeSlashes(s, tg.Form)
		if tg.Form == FormOrigin && strings.HasPrefix(s, "//") {
			// "/%2Fevil.example/" must stay a path, not become an
			// authority.
			s = "/." + s
		}
	}
	if o.Normalize != NormalizeOff {
		n := iri.Normalizer{URI: true}
		if o.Normalize == NormalizeScheme {
			n.Level = iri.LevelScheme
		}
		ns, err := n.Normalize(s)
		if err != nil {
			return Target{}, false, syntaxError(err, tg.prefix, tg.Form.String())
		}
		s = ns
	}
	prefix := 0
	if tg.Form == FormOrigin && strings.HasPrefix(s, "/.//") {
		// A path that starts with "//" is held with "/." in front, and
		// its normal form keeps it (RFC 3986 5.2.4); the request target
		// has none.
		s = s[2:]
	}
	if o.MergeSlashes {
		s = mergeSlashes(s, tg.Form)
	}
	if tg.Form == FormOrigin && strings.HasPrefix(s, "//") {
		s = "/." + s
		prefix = 2
	}
	u, err := iri.ParseRule(s, rule)
	if err != nil {
		return Target{}, false, syntaxError(err, prefix, tg.Form.String())
	}
	return Target{Form: tg.Form, IRI: u, prefix: prefix}, unescaped, nil
}

// pathBounds returns where the path of s, a target of form f, starts and
// ends. An origin-form target is a path up to the first '?', even when it
// starts with "//".
func pathBounds(s string, f Form) (int, int) {
	if f == FormOrigin {
		if q := strings.IndexByte(s, '?'); q >= 0 {
			return 0, q
		}
		return 0, len(s)
	}
	u, err := iri.ParseRule(s, iri.RuleAbsoluteIRI)
	if err != nil {
		return 0, 0
	}
	start := pathOffset(&Target{IRI: u})
	return start, start + len(u.Path())
}

// unescapeSlashes makes each %2F and %5C of s's path a '/'.
func unescapeSlashes(s string, f Form) (string, bool) {
	start, end := pathBounds(s, f)
	if escapedSlash(s[start:end]) < 0 {
		return s, false
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:start]...)
	for i := start; i < end; i++ {
		if isEscapedSlash(s[i:end]) {
			b = append(b, '/')
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	b = append(b, s[end:]...)
	return string(b), true
}

// mergeSlashes replaces each run of '/' in s's path with one.
func mergeSlashes(s string, f Form) string {
	start, end := pathBounds(s, f)
	if !strings.Contains(s[start:end], "//") {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:start]...)
	for i := start; i < end; i++ {
		if s[i] == '/' && i > start && s[i-1] == '/' {
			continue
		}
		b = append(b, s[i])
	}
	b = append(b, s[end:]...)
	return string(b)
}

// apply gives r2, a shallow copy of the request, the rewritten target:
// RequestURI, URL and, for absolute-form, Host, as net/http would have
// parsed them.
func apply(r2 *http.Request, tg *Target) *Error {
	t := tg.raw()
	u, err := url.ParseRequestURI(t)
	if err != nil {
		// net/http's parser refusing what RFC 3986 allows; say so rather
		// than forward a target the server never parsed.
		return &Error{Status: http.StatusBadRequest, Offset: -1, Code: "rewrite",
			Detail: "the rewritten target is one net/url does not parse: " + printable(err.Error()), Err: err}
	}
	r2.RequestURI = t
	r2.URL = u
	if tg.Form == FormAbsolute && u.Host != "" {
		r2.Host = u.Host
	}
	return nil
}
