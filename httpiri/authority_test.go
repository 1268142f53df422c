package httpiri

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"

	"github.com/irikit/iri"
	"github.com/irikit/iri/lint"
)

// authorityTokens are what the targets of TestRewriteKeepsAuthority are
// made of: slashes, raw and escaped, dots, raw and escaped, and the
// delimiters an authority or a path could be made from.
var authorityTokens = []string{"/", "%2F", "%5C", ".", "%2E", "..", "@", ":", "?", ";", "//"}

// authorityPrefixes start each target: schemes with an opaque path (foo:,
// urn:), one that is hierarchical (ws:), two with an authority, and
// origin-form.
var authorityPrefixes = []string{"foo:", "ws:", "urn:", "http://h", "foo://h", "/"}

// authorityOptions are the option sets the targets are tried under: each
// rewrite, alone and together, with and without the host check and
// strict lint.
func authorityOptions() []Options {
	var all []Options
	for _, es := range []EscapedSlashes{KeepEscapedSlashes, RejectEscapedSlashes, UnescapeAndRedirect, UnescapeAndForward} {
		for _, n := range []Normalize{NormalizeOff, NormalizeSyntax, NormalizeScheme} {
			for _, merge := range []bool{false, true} {
				for _, check := range []bool{false, true} {
					for _, strict := range []bool{false, true} {
						o := Options{EscapedSlashes: es, Normalize: n, MergeSlashes: merge, CheckHost: check, NoContext: false}
						if strict {
							o.Reject = lint.SeverityWarning
							o.Lint.Profile = lint.ProfileStrict
						}
						all = append(all, o)
					}
				}
			}
		}
	}
	return all
}

// authorityTargets returns every prefix followed by up to n tokens.
func authorityTargets(n int) []string {
	out := append([]string(nil), authorityPrefixes...)
	last := out
	for k := 0; k < n; k++ {
		var next []string
		for _, s := range last {
			for _, tok := range authorityTokens {
				next = append(next, s+tok)
			}
		}
		out = append(out, next...)
		last = next
	}
	return out
}

// hostOf is the host (and port) a server gives a handler for the target
// with no middleware: the target's host in absolute-form, else the Host
// header field. ok is false for a target net/url refuses, which net/http
// answers 400 before any handler.
func hostOf(target, header string) (host string, ok bool) {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return "", false
	}
	if u.Host != "" {
		return u.Host, true
	}
	return header, true
}

// authorityOf parses the target as the middleware does (origin-form as a
// path, else absolute-URI) and returns whether it has an authority and
// its host and port.
func authorityOf(target string) (hostport string, has bool, ok bool) {
	if strings.HasPrefix(target, "/") {
		_, err := iri.ParseRule("/."+target, iri.RuleRelativeRef)
		return "", false, err == nil
	}
	u, err := iri.ParseRule(target, iri.RuleAbsoluteURI)
	if err != nil || !u.HasAuthority() {
		return "", false, err == nil
	}
	a := u.Authority()
	if u.HasUserinfo() {
		a = a[len(u.Userinfo())+1:]
	}
	return a, true, true
}

// trimDefaultPort drops an empty or default port for the comparison.
func trimDefaultPort(h, scheme string) string {
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[i:], "]") {
		if p := h[i+1:]; p == "" || iri.IsDefaultPort(scheme, p) {
			return h[:i]
		}
	}
	return h
}

// TestRewriteKeepsAuthority tries every target made of a prefix and up to
// four tokens (three with -short or -race) under every option set, and asserts
// that a request the middleware passes reaches the handler with the host
// it came with, and its target with the authority it had (none when it
// had none); and that a redirect names no other host.
func TestRewriteKeepsAuthority(t *testing.T) {
	n := 4
	if testing.Short() || raceEnabled {
		n = 3 // 9k targets instead of 97k, each under 96 option sets
	}
	targets := authorityTargets(n)
	const header = "good.example"
	var s seen
	var r2URLHost string
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s = seen{called: true, requestURI: r.RequestURI, host: r.Host}
		u, ok := FromContext(r.Context())
		s.target, s.hasTarget = u.String(), ok
		r2URLHost = r.URL.Host
	})
	failures := 0
	for _, o := range authorityOptions() {
		h := Middleware(o)(next)
		for _, target := range targets {
			before, ok := hostOf(target, header)
			if !ok {
				continue
			}
			auth, hadAuthority, ok := authorityOf(target)
			if !ok {
				continue
			}
			scheme := "http"
			if !strings.HasPrefix(target, "/") {
				scheme = strings.ToLower(target[:strings.IndexByte(target, ':')])
			}
			// An empty host, with or without an empty port, is no host:
			// the one the Host header field names.
			eff := func(h string) string {
				if h = trimDefaultPort(h, scheme); h == "" {
					return header
				}
				return h
			}
			same := func(a, b string) bool { return strings.EqualFold(eff(a), eff(b)) }
			u, _ := url.ParseRequestURI(target)
			r := &http.Request{Method: "GET", RequestURI: target, URL: u, Host: before,
				Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{}}
			s = seen{}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			fail := func(format string, args ...any) {
				failures++
				if failures <= 20 {
					t.Errorf("%+v %q: "+format, append([]any{o, target}, args...)...)
				}
			}
			if rec.Code == http.StatusTemporaryRedirect {
				loc := rec.Header().Get("Location")
				a, has, ok := authorityOf(loc)
				if !ok || has != hadAuthority || has && !same(a, auth) {
					fail("Location %q names another authority than %q", loc, auth)
				}
				continue
			}
			if !s.called {
				continue // refused: the handler sees nothing
			}
			if !same(s.host, before) {
				fail("the handler saw Host %q, the client sent %q (RequestURI %q)", s.host, before, s.requestURI)
			}
			if r2URLHost != "" && !same(r2URLHost, before) {
				fail("the handler's URL.Host is %q, the client sent %q", r2URLHost, before)
			}
			// The rewritten target, parsed again as the middleware and as
			// net/http would, names the same host.
			if a, has, ok := authorityOf(s.requestURI); !ok || has != hadAuthority || has && !same(a, auth) {
				fail("RequestURI %q has authority %q (%v, parses %v), the target had %q (%v)", s.requestURI, a, has, ok, auth, hadAuthority)
			}
			if h2, ok := hostOf(s.requestURI, header); !ok || !same(h2, before) {
				fail("RequestURI %q reads as host %q in net/url (parses %v)", s.requestURI, h2, ok)
			}
			ti, err := iri.ParseReference(s.target)
			if err != nil {
				fail("FromContext %q: %v", s.target, err)
				continue
			}
			if ti.HasAuthority() != hadAuthority {
				fail("FromContext %q: authority %v, the target had %v", s.target, ti.HasAuthority(), hadAuthority)
			}
			if !strings.HasPrefix(target, "/") && !strings.EqualFold(ti.Scheme(), scheme) {
				fail("FromContext %q: scheme %q, was %q", s.target, ti.Scheme(), scheme)
			}
		}
	}
	if failures > 20 {
		t.Errorf("and %d more", failures-20)
	}
}

// TestHTTP2PathForm: over HTTP/2 and HTTP/3, :path is origin-form or "*";
// an absolute-form one would name a host apart from :authority.
func TestHTTP2PathForm(t *testing.T) {
	for _, tc := range []struct {
		method, target string
		pass           bool
	}{
		{"GET", "/x", true},
		{"OPTIONS", "*", true},
		{"CONNECT", "a.example:443", true},
		{"GET", "foo:%2F%2Fevil.example/x", false},
		{"GET", "http://evil.example/x", false},
		{"GET", "urn:x", false},
	} {
		for _, major := range []int{1, 2, 3} {
			r := request(tc.method, tc.target)
			r.ProtoMajor = major
			_, err := (&Options{}).check(r)
			switch {
			case major == 1 && err != nil:
				t.Errorf("HTTP/1 %s %q: %v", tc.method, tc.target, err)
			case major > 1 && tc.pass && err != nil:
				t.Errorf("HTTP/%d %s %q: %v", major, tc.method, tc.target, err)
			case major > 1 && !tc.pass && (err == nil || err.Code != "form" || err.Offset != 0):
				t.Errorf("HTTP/%d %s %q: %v, want code form at offset 0", major, tc.method, tc.target, err)
			}
		}
	}
}

// hostTargets are absolute-form targets whose path, unescaped, would
// read as an authority naming evil.example.
var hostTargets = []string{
	"foo:%2F%2Fevil.example/x", "foo:%5C%5Cevil.example/x", "foo:/%2Fevil.example/x",
	"ws:%2F%2Fevil.example/x", "urn:%2F%2Fevil.example/x", "foo:%2f%5cu@evil.example:1/x",
}

// TestServerKeepsHost sends hostTargets with "Host: good.example" to a
// real server, over HTTP/1.1 and h2c, with the options that unescape, and
// asserts that the handler sees good.example, or that the request is
// refused.
func TestServerKeepsHost(t *testing.T) {
	for _, opts := range []Options{
		{EscapedSlashes: UnescapeAndForward, CheckHost: true},
		{EscapedSlashes: UnescapeAndForward, Normalize: NormalizeScheme, MergeSlashes: true},
		{EscapedSlashes: UnescapeAndRedirect, CheckHost: true},
		{EscapedSlashes: UnescapeAndForward, CheckHost: true, Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}},
	} {
		addr := startServer(t, opts).Listener.Addr().String()
		h2 := startServerH2C(t, opts)
		for _, target := range hostTargets {
			resp, body, _ := rawExchange(t, addr, "GET "+target+" HTTP/1.1\r\nHost: good.example\r\n\r\n", 0)
			switch resp.StatusCode {
			case 200:
				if !strings.Contains(body, "\nhost=good.example\n") {
					t.Errorf("%+v HTTP/1.1 %q: the handler saw %q", opts, target, body)
				}
			case 307:
				if a, has, ok := authorityOf(resp.Header.Get("Location")); !ok || has {
					t.Errorf("%+v HTTP/1.1 %q: Location %q has authority %q", opts, target, resp.Header.Get("Location"), a)
				}
			case 400:
				if opts.Reject == lint.SeverityOff {
					t.Errorf("%+v HTTP/1.1 %q: refused: %s", opts, target, body)
				}
			default:
				t.Errorf("%+v HTTP/1.1 %q: status %d: %s", opts, target, resp.StatusCode, body)
			}
			// The middleware refuses it with code form; Go 1.27's HTTP/2
			// server refuses such a :path itself, with a stream reset,
			// before any handler runs. Either way no handler sees it.
			status, body := h2Exchange(t, h2, target, "good.example")
			if strings.HasPrefix(status, "RST_STREAM PROTOCOL_ERROR") {
				continue
			}
			if status != "400" || !strings.Contains(body, `"code":"form"`) {
				t.Errorf("%+v h2c %q: status %s: %s", opts, target, status, body)
			}
		}
		// Origin-form over h2c still passes, with its host.
		if status, body := h2Exchange(t, h2, "/x", "good.example"); status != "200" || !strings.Contains(body, "\nhost=good.example\n") {
			t.Errorf("%+v h2c /x: status %s: %s", opts, status, body)
		}
	}
}

// h2Exchange sends one GET with the given :path and :authority over a new
// HTTP/2 connection and returns the :status and the body of the answer.
func h2Exchange(t *testing.T, addr, path, authority string) (string, string) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(c, http2.ClientPreface)
	fr := http2.NewFramer(c, c)
	if err := fr.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	var hb bytes.Buffer
	enc := hpack.NewEncoder(&hb)
	for _, f := range [][2]string{{":method", "GET"}, {":scheme", "http"}, {":authority", authority}, {":path", path}} {
		enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
	}
	if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: hb.Bytes(), EndStream: true, EndHeaders: true}); err != nil {
		t.Fatal(err)
	}
	dec := hpack.NewDecoder(4096, nil)
	status := ""
	var body []byte
	for {
		f, err := fr.ReadFrame()
		if err != nil {
			t.Fatalf("reading frames: %v", err)
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				fr.WriteSettingsAck()
			}
		case *http2.HeadersFrame:
			fields, err := dec.DecodeFull(f.HeaderBlockFragment())
			if err != nil {
				t.Fatal(err)
			}
			for _, hf := range fields {
				if hf.Name == ":status" {
					status = hf.Value
				}
			}
			if f.StreamEnded() {
				return status, string(body)
			}
		case *http2.DataFrame:
			body = append(body, f.Data()...)
			if f.StreamEnded() {
				return status, string(body)
			}
		case *http2.RSTStreamFrame:
			return "RST_STREAM " + f.ErrCode.String(), string(body)
		case *http2.GoAwayFrame:
			return "GOAWAY " + f.ErrCode.String(), string(body)
		}
	}
}
