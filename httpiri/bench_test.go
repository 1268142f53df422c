package httpiri

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/irikit/iri/lint"
)

// nopWriter is a ResponseWriter that keeps nothing, so that allocation
// counts are the middleware's own.
type nopWriter struct{ h http.Header }

func (w *nopWriter) Header() http.Header         { return w.h }
func (w *nopWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *nopWriter) WriteHeader(int)             {}

var passing = []string{
	"/", "/a/b/c?d=e&f=g", "/wiki/%E6%97%A5%E6%9C%AC", "/a%2Fb", "http://a.example:8080/x?y",
	"/-._~!$&'()*+,;=:@", "/%2e%2e/x",
}

func TestCheckAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	for _, opts := range []Options{
		{},
		{IRI: true},
		{Reject: lint.SeverityError},
		{Reject: lint.SeverityError, Lint: lint.Options{Profile: lint.ProfileStrict}},
		{CheckHost: true},
	} {
		for _, target := range passing {
			r := request("GET", target)
			if _, err := opts.Check(r); err != nil {
				if opts.Lint.Profile == lint.ProfileStrict {
					continue // refused by policy, as it should be
				}
				t.Fatalf("%+v %q: %v", opts, target, err)
			}
			if n := testing.AllocsPerRun(100, func() { opts.Check(r) }); n != 0 {
				t.Errorf("%+v: Check(%q) allocates %.0f times", opts, target, n)
			}
		}
	}
}

func TestMiddlewareAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	next := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	w := &nopWriter{h: http.Header{}}
	for _, tc := range []struct {
		opts Options
		max  float64
	}{
		{Options{NoContext: true}, 0},
		{Options{NoContext: true, Normalize: NormalizeSyntax, Reject: lint.SeverityError}, 0},
		{Options{}, 2},
	} {
		h := Middleware(tc.opts)(next)
		for _, target := range passing {
			if target == "/%2e%2e/x" && tc.opts.Normalize != NormalizeOff {
				continue // rewritten
			}
			r := request("GET", target)
			if n := testing.AllocsPerRun(100, func() { h.ServeHTTP(w, r) }); n > tc.max {
				t.Errorf("%+v: %q allocates %.0f times, want at most %.0f", tc.opts, target, n, tc.max)
			}
		}
	}
}

// BenchmarkCheck is the check alone on the corpora's targets.
func BenchmarkCheck(b *testing.B) {
	targets := corpusTargets(b)
	reqs := make([]*http.Request, len(targets))
	for i, t := range targets {
		reqs[i] = request("GET", t)
	}
	for _, bc := range []struct {
		name string
		opts Options
	}{
		{"default", Options{}},
		{"iri", Options{IRI: true}},
		{"lint", Options{IRI: true, Reject: lint.SeverityError}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				bc.opts.Check(reqs[n%len(reqs)])
				n++
			}
		})
	}
}

// BenchmarkMiddleware is one minimal request served over loopback on a
// keep-alive connection, by a bare handler and by the same handler
// behind the middleware, in the same run: the ratio of the two is the
// middleware's cost.
func BenchmarkMiddleware(b *testing.B) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	for _, bc := range []struct {
		name    string
		handler http.Handler
	}{
		{"bare", ok},
		{"middleware", Middleware(Options{})(ok)},
		{"middleware-nocontext", Middleware(Options{NoContext: true})(ok)},
		{"middleware-interop", Middleware(Options{Interop: InteropDestination})(ok)},
		{"middleware-interop-path", Middleware(Options{Interop: InteropPath})(ok)},
		{"middleware-strict", Middleware(Options{IRI: true, Reject: lint.SeverityWarning, Normalize: NormalizeSyntax,
			EscapedSlashes: RejectEscapedSlashes, CheckHost: true})(ok)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			srv := httptest.NewServer(bc.handler)
			defer srv.Close()
			c, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			br := bufio.NewReader(c)
			req := []byte("GET /static/app/main.js?v=3 HTTP/1.1\r\nHost: bench.example\r\n\r\n")
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Write(req); err != nil {
					b.Fatal(err)
				}
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Fatal(fmt.Sprint("status ", resp.StatusCode))
				}
			}
		})
	}
}

// BenchmarkHandler is the middleware in process, with no network: what
// it adds to a request's CPU time.
func BenchmarkHandler(b *testing.B) {
	next := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	w := &nopWriter{h: http.Header{}}
	r := request("GET", "/static/app/main.js?v=3")
	for _, bc := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", next},
		{"middleware", Middleware(Options{})(next)},
		{"middleware-nocontext", Middleware(Options{NoContext: true})(next)},
		{"middleware-nocontext-interop", Middleware(Options{NoContext: true, Interop: InteropPath})(next)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bc.h.ServeHTTP(w, r)
			}
		})
	}
}
