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
// slash was unescaped. The result is as valid as tg was, and has the
// authority tg had (none when it had none): a rewrite that would make or
// change one is refused.
func (o *Options) rewrite(tg *Target) (Target, bool, *Error) {
	s := tg.IRI.URI()
	rule := iri.RuleIRIReference
	if tg.Form == FormAbsolute {
		rule = iri.RuleAbsoluteIRI
	}
	// ps is where a path starts that must not start with "//", as it
	// would then read as an authority (RFC 3986 section 3.3): an
	// origin-form target's, or an absolute-form one's with no
	// authority; -1 for one with an authority, which ends at the first
	// '/' whatever the path holds.
	ps := -1
	switch {
	case tg.Form == FormOrigin:
		ps = 0
	case !tg.IRI.HasAuthority():
		ps = len(tg.IRI.Scheme()) + 1
	}
	// guarded: the path has a "/." in front that is not the client's
	// but put there so that it does not start with "//".
	guarded := tg.prefix > 0
	unescaped := false
	if o.EscapedSlashes >= UnescapeAndRedirect {
		// "/%2Fevil.example/" and "foo:%2F%2Fevil.example/" must stay a
		// path, not become an authority.
		s, unescaped = unescapeSlashes(s, ps)
		if ns := guardPath(s, ps); len(ns) != len(s) {
			s, guarded = ns, true
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
		// The normal form has no dot segment but the one it keeps (RFC
		// 3986 5.2.4) in front of a path that starts with "//".
		guarded = ps >= 0 && strings.HasPrefix(s[ps:], "/.//")
	}
	if o.MergeSlashes {
		if guarded {
			s, guarded = s[:ps]+s[ps+2:], false
		}
		s = mergeSlashes(s, ps)
	}
	if ns := guardPath(s, ps); len(ns) != len(s) {
		s, guarded = ns, true
	}
	prefix := 0
	if tg.Form == FormOrigin && guarded {
		// The request line has no "/." in front of the path; the IRI
		// holds one (see Target).
		prefix = 2
	}
	u, err := iri.ParseRule(s, rule)
	if err != nil {
		return Target{}, false, syntaxError(err, prefix, tg.Form.String())
	}
	nt := Target{Form: tg.Form, IRI: u, prefix: prefix}
	if err := sameAuthority(tg, &nt); err != nil {
		return Target{}, false, err
	}
	return nt, unescaped, nil
}

// guardPath puts "/." in front of the path that starts at s[ps:] when it
// starts with "//", as RFC 3986 section 5.3 does for a resolved
// reference, so that it is not read as an authority; ps < 0 leaves s.
func guardPath(s string, ps int) string {
	if ps < 0 || !strings.HasPrefix(s[ps:], "//") {
		return s
	}
	return s[:ps] + "/." + s[ps:]
}

// pathBounds returns where the path of s, a target in URI form, starts
// and ends. ps >= 0 is where it starts in a target with no authority
// (see rewrite); ps < 0 says s is "scheme://" authority, whose path
// starts at the first '/' after it (an authority holds none, nor '?').
// The bounds are found by syntax, not by parsing s: with its "/." taken
// off, a path that starts with "//" would parse as an authority.
func pathBounds(s string, ps int) (int, int) {
	start := ps
	if start < 0 {
		k := strings.Index(s, "://") + 3
		j := strings.IndexAny(s[k:], "/?#")
		if j < 0 {
			return len(s), len(s)
		}
		start = k + j
	}
	end := strings.IndexAny(s[start:], "?#")
	if end < 0 {
		return start, len(s)
	}
	return start, start + end
}

// unescapeSlashes makes each %2F and %5C of s's path a '/'.
func unescapeSlashes(s string, ps int) (string, bool) {
	start, end := pathBounds(s, ps)
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
func mergeSlashes(s string, ps int) string {
	start, end := pathBounds(s, ps)
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
	// net/url must read the host the check read: none in origin-form
	// or where the target has no authority.
	if h := u.Host; tg.IRI.HasAuthority() && !sameHost(h, hostPort(tg), tg.IRI.Scheme()) ||
		!tg.IRI.HasAuthority() && h != "" {
		return rewriteError(`net/url reads the rewritten target with host "` + printable(h) + `"`)
	}
	r2.RequestURI = t
	r2.URL = u
	if tg.Form == FormAbsolute && u.Host != "" {
		r2.Host = u.Host
	}
	return nil
}
