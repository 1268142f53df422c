package httpiri_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/internal/hostile"
)

// slashFamilies are the worst cases of the rewrite's authority guard:
// escaped slashes that unescape into a path that would start with "//",
// in each kind of target, and escaped dots in a host.
var slashFamilies = []hostile.Family{
	{Name: "opaque-escaped-slashes", Make: repeat("foo:", "%2F", "x")},
	{Name: "rooted-escaped-slashes", Make: repeat("foo:/", "%5c", "x")},
	{Name: "origin-escaped-slashes", Make: repeat("/", "%2F", "x")},
	{Name: "authority-escaped-slashes", Make: repeat("foo://a/", "%2F.%2F", "x")},
	{Name: "opaque-dot-slashes", Make: repeat("foo:", "..%2F", "x")},
	{Name: "host-escaped-dots", Make: repeat("http://a", "%2Ea", "/")},
}

func repeat(prefix, unit, suffix string) func(int) string {
	return func(n int) string {
		return prefix + strings.Repeat(unit, max(1, (n-len(prefix)-len(suffix))/len(unit))) + suffix
	}
}

// TestRewriteLinear: the middleware's unescape, guard, normalization,
// merge and authority check run in time and memory linear in the
// target, answering or refusing.
func TestRewriteLinear(t *testing.T) {
	hostile.RequireLinear(t)
	for _, opts := range []httpiri.Options{
		{EscapedSlashes: httpiri.UnescapeAndForward, Normalize: httpiri.NormalizeScheme, MergeSlashes: true, CheckHost: true},
		{EscapedSlashes: httpiri.UnescapeAndRedirect},
	} {
		h := httpiri.Middleware(opts)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(200 + len(r.RequestURI)%100)
		}))
		run := func(s string) int {
			r := &http.Request{Method: "GET", RequestURI: s, URL: &url.URL{}, Host: "a",
				Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{}}
			w := &statusWriter{h: http.Header{}}
			h.ServeHTTP(w, r)
			return w.status
		}
		for _, fam := range slashFamilies {
			t.Run(opts.EscapedSlashes.String()+"/"+fam.Name, func(t *testing.T) {
				hostile.CheckLinear(t, "httpiri", run, fam)
			})
		}
	}
}

type statusWriter struct {
	h      http.Header
	status int
}

func (w *statusWriter) Header() http.Header         { return w.h }
func (w *statusWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *statusWriter) WriteHeader(s int)           { w.status = s }
