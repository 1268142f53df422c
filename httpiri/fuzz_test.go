package httpiri

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/interop"
	"github.com/irikit/iri/lint"
)

// FuzzMiddleware sends any target, under options picked by a byte,
// through the middleware: it must not panic; it answers 200, 307 or 400;
// a problem body is printable ASCII; and what next sees is an RFC 3986
// target, which checks again as it is (a rewrite is a fixed point), with
// the host the request came with.
func FuzzMiddleware(f *testing.F) {
	for _, s := range []string{"/", "/a/../b?c", "//x/%2F..%2f", "http://H:80/./a", "*", "h:443", "/caf\u00e9", "/%2e%2E/%C0%AF", "/a\u202eb", "/a#b", "foo:%2F%2Fevil.example/x", "ws:/%5Cu@evil:1/"} {
		f.Add(s, byte(0), "GET")
		f.Add(s, byte(0xFF), "CONNECT")
	}
	f.Fuzz(func(t *testing.T, target string, bits byte, method string) {
		opts := Options{
			IRI:            bits&1 != 0,
			Normalize:      Normalize(bits >> 1 & 3 % 3),
			MergeSlashes:   bits&8 != 0,
			EscapedSlashes: EscapedSlashes(bits >> 4 & 3),
			CheckHost:      bits&64 != 0,
		}
		if bits&128 != 0 {
			opts.Reject = lint.SeverityWarning
		}
		// The method's length picks Interop: the fuzzer varies it.
		opts.Interop = Interop(len(method) % 3)
		switch method {
		case "GET", "OPTIONS", "CONNECT", "POST":
		default:
			method = "GET"
		}
		r := request(method, target)
		// An absolute-form target's authority is the Host, as Go's server
		// sets it (RFC 9112 section 3.2.2), from net/url's reading of the
		// target, which request copies. Where net/url cannot read it, the
		// server refuses the request; request then gives the Host
		// "example.com", and the target's authority stands in.
		plain := Options{IRI: opts.IRI}
		if _, err := url.ParseRequestURI(target); err != nil && method != http.MethodConnect {
			if tg, err := plain.Check(r); err == nil && tg.Form == FormAbsolute && tg.IRI.HasAuthority() {
				r.Host = tg.IRI.Authority()
				if tg.IRI.HasUserinfo() {
					r.Host = r.Host[len(tg.IRI.Userinfo())+1:]
				}
			}
		}
		var saw *http.Request
		h := Middleware(opts)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { saw = r }))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		switch rec.Code {
		case 200:
		case 307:
			if opts.EscapedSlashes != UnescapeAndRedirect || saw != nil {
				t.Fatalf("307 under %+v", opts)
			}
			return
		case 400:
			if saw != nil {
				t.Fatal("next ran and the request was refused")
			}
			for _, c := range rec.Body.Bytes() {
				if (c < 0x20 && c != '\n') || c >= 0x7F {
					t.Fatalf("body holds %#x: %q", c, rec.Body)
				}
			}
			return
		default:
			t.Fatalf("status %d", rec.Code)
		}
		if saw == nil {
			t.Fatal("200 without next")
		}
		got := saw.RequestURI
		if got != target {
			// Rewritten: ASCII, and a fixed point of the same options.
			for i := 0; i < len(got); i++ {
				if got[i] >= 0x80 {
					t.Fatalf("rewritten target %q is not ASCII", got)
				}
			}
			again := request(method, got)
			again.Host = saw.Host
			tg, err := opts.Check(again)
			if err != nil {
				t.Fatalf("%q became %q, which fails: %v", target, got, err)
			}
			if opts.rewrites(&tg) && opts.EscapedSlashes != UnescapeAndRedirect {
				nt, _, err := opts.rewrite(&tg)
				if err != nil || nt.raw() != got {
					t.Fatalf("%q became %q, then %q (%v)", target, got, nt.raw(), err)
				}
			}
		} else if !opts.IRI && !ascii.IsASCII(got) {
			t.Fatalf("non-ASCII target %q passed in URI mode", got)
		}
		u, ok := FromContext(saw.Context())
		if !ok || !strings.HasSuffix(u.String(), got) {
			t.Fatalf("FromContext %q for %q", u.String(), got)
		}
		if scheme := u.Scheme(); saw.Host != r.Host && !sameHost(saw.Host, r.Host, scheme) {
			t.Fatalf("%q became %q: Host %q became %q", target, got, r.Host, saw.Host)
		}
		// With Interop, what passed is read alike by every reader.
		if opts.Interop != InteropOff && target != "*" && method != http.MethodConnect {
			rep := interop.Read(target, interop.Context{Base: "http://" + r.Host, RequestTarget: true})
			comps := interop.Destination
			if opts.Interop == InteropPath {
				comps |= 1 << interop.ComponentPath
			}
			if rep.Differs&comps != 0 {
				t.Fatalf("%q passed %s, and its readers disagree on %s", target, opts.Interop, rep.Differs)
			}
		}
	})
}
