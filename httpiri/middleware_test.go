package httpiri

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/irikit/iri/lint"
)

// request builds a request as a server would hand it to a handler, with
// a raw target that httptest.NewRequest would refuse.
func request(method, target string) *http.Request {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		u = &url.URL{Path: target}
	}
	if method == http.MethodConnect {
		u = &url.URL{Host: target}
	}
	host := "example.com"
	if u.Host != "" {
		host = u.Host
	}
	return &http.Request{
		Method: method, RequestURI: target, URL: u, Host: host,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{},
		RemoteAddr: "192.0.2.1:1234",
	}
}

// seen is what the next handler saw.
type seen struct {
	called     bool
	requestURI string
	path       string
	rawPath    string
	rawQuery   string
	host       string
	target     string
	hasTarget  bool
}

func serve(t *testing.T, opts Options, r *http.Request) (*httptest.ResponseRecorder, seen) {
	t.Helper()
	var s seen
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s = seen{called: true, requestURI: r.RequestURI, path: r.URL.Path, rawPath: r.URL.RawPath,
			rawQuery: r.URL.RawQuery, host: r.Host}
		u, ok := FromContext(r.Context())
		s.target, s.hasTarget = u.String(), ok
		w.WriteHeader(http.StatusOK)
	})
	rec := httptest.NewRecorder()
	Middleware(opts)(next).ServeHTTP(rec, r)
	return rec, s
}

type problemBody struct {
	Type      string `json:"type"`
	Title     string `json:"title"`
	Status    int    `json:"status"`
	Detail    string `json:"detail"`
	Offset    *int   `json:"offset"`
	Component string `json:"component"`
	Code      string `json:"code"`
}

func decodeProblem(t *testing.T, rec *httptest.ResponseRecorder) problemBody {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("Content-Type %q", ct)
	}
	var p problemBody
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("body %q: %v", rec.Body, err)
	}
	return p
}

func TestRefused(t *testing.T) {
	strict := Options{Reject: lint.SeverityWarning, Lint: lint.Options{Profile: lint.ProfileStrict}}
	tests := []struct {
		name      string
		opts      Options
		method    string
		target    string
		code      string
		offset    int // -1: no offset member
		component string
	}{
		{"brace", Options{}, "GET", "/a{b", "char", 2, "path"},
		{"pipe in query", Options{}, "GET", "/a?b|c", "char", 4, "query"},
		{"backslash", Options{}, "GET", `/a\b`, "char", 2, "path"},
		{"caret", Options{}, "GET", "/a^", "char", 2, "path"},
		{"backtick", Options{}, "GET", "/`", "char", 1, "path"},
		{"angle", Options{}, "GET", "/<script>", "char", 1, "path"},
		{"quote", Options{}, "GET", `/"`, "char", 1, "path"},
		{"space", Options{}, "GET", "/a b", "char", 2, "path"},
		{"fragment", Options{}, "GET", "/a#f", "fragment", 2, "fragment"},
		{"fragment absolute", Options{}, "GET", "http://h/a#f", "fragment", 10, "fragment"},
		{"bad percent", Options{}, "GET", "/%zz", "percent", 1, "path"},
		{"raw non-ASCII", Options{}, "GET", "/caf\u00e9", "non-ascii", 4, "path"},
		{"raw bidi in IRI mode", Options{IRI: true}, "GET", "/a\u202eb", "bidi", 2, "path"},
		{"overlong raw UTF-8", Options{IRI: true}, "GET", "/\xc0\xaf", "utf8", 1, "path"},
		{"port letter", Options{}, "GET", "http://h:8x/", "port", 10, "port"},
		{"bad IPv6", Options{}, "GET", "http://[::1::2]/", "ip-literal", 12, "host"},
		{"unclosed IPv6", Options{}, "GET", "http://[::1/", "ip-literal-end", 11, "host"},
		{"empty http host", Options{}, "GET", "http:///a", "host", 7, "host"},
		{"userinfo in http", Options{}, "GET", "http://u:p@h/", "userinfo", 7, "userinfo"},
		{"scheme digit", Options{}, "GET", "1http://h/", "scheme-start", 0, "scheme"},
		{"relative path", Options{}, "GET", "a/b", "scheme", 1, "scheme"},
		{"asterisk GET", Options{}, "GET", "*", "form", 0, ""},
		{"CONNECT no port", Options{}, "CONNECT", "h", "form", 1, "port"},
		{"CONNECT userinfo", Options{}, "CONNECT", "u@h:443", "form", 0, "userinfo"},
		{"CONNECT path", Options{}, "CONNECT", "h:443/x", "form", 5, ""},
		{"CONNECT bad port", Options{}, "CONNECT", "h:4x", "port", 3, "port"},
		{"encoded dot segment", strict, "GET", "/a/%2e%2E/b", "encoded-dot-segment", 3, "path"},
		{"encoded slash", strict, "GET", "/a%2Fb", "encoded-slash", 2, "path"},
		{"encoded at in host", strict, "GET", "http://a%40b/", "encoded-authority-delimiter", 8, "host"},
		{"overlong percent", strict, "GET", "/%C0%AF", "overlong-utf8", 1, "path"},
		{"non-UTF-8 percent", Options{Reject: lint.SeverityWarning, Lint: lint.Options{Severities: map[lint.Check]lint.Severity{lint.CheckNonUTF8Percent: lint.SeverityWarning}}}, "GET", "/%FF", "non-utf8-percent", 1, "path"},
		{"encoded bidi", strict, "GET", "/a%E2%80%AEb", "bidi-control", 2, "path"},
		{"encoded invisible", strict, "GET", "/x/a%e2%80%8Bb", "invisible", 4, "path"},
		{"encoded invisible, default profile", Options{Reject: lint.SeverityWarning}, "GET", "/%C3%A9/a%E2%80%8Bb?q", "invisible", 9, "path"},
		{"raw invisible", Options{IRI: true, Reject: lint.SeverityWarning}, "GET", "/a\u200bb", "invisible", 2, "path"},
		{"escaped slash rejected", Options{EscapedSlashes: RejectEscapedSlashes}, "GET", "/a/b%2fc", "escaped-slash", 4, "path"},
		{"escaped backslash rejected", Options{EscapedSlashes: RejectEscapedSlashes}, "GET", "/a%5C", "escaped-slash", 2, "path"},
		{"escaped slash after //", Options{EscapedSlashes: RejectEscapedSlashes}, "GET", "//a%2F", "escaped-slash", 3, "path"},
		{"encoded slash in an opaque path", strict, "GET", "foo:%2F%2Fevil.example/x", "encoded-slash", 4, "path"},
		{"encoded backslash in an opaque path", Options{Reject: lint.SeverityWarning}, "GET", "tag:a%5C%5Cevil.example", "encoded-slash", 5, "path"},
		{"rewrite decodes a dot into the host", Options{Normalize: NormalizeSyntax}, "GET", "http://h%2Eevil.example/", "rewrite", -1, "host"},
		// Normalize decodes %70: the rewritten "/ߩpߩ" mixes directions,
		// which the target as received did not, and is checked again.
		{"normalized into bidi-mixed", Options{Normalize: NormalizeSyntax, Reject: lint.SeverityWarning}, "GET", "/%DF%A9%70%DF%A9", "bidi-mixed", -1, "path"},
		{"a host IDNA maps to IPv4", Options{Reject: lint.SeverityWarning}, "GET", "http://%E3%89%99/", "hidden-ipv4", 7, "host"}, // ㉙, 0.0.0.29
		// The IRI-to-URI mapping percent-encodes a raw U+3002, which then
		// hides a label separator: checked again.
		{"mapped into an encoded separator", Options{IRI: true, Reject: lint.SeverityWarning}, "GET", "a://\u3002", "encoded-authority-delimiter", -1, "host"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, s := serve(t, tc.opts, request(tc.method, tc.target))
			if s.called {
				t.Fatalf("next ran for %q", tc.target)
			}
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("status %d", rec.Code)
			}
			p := decodeProblem(t, rec)
			if p.Code != tc.code || p.Component != tc.component || p.Status != 400 || p.Title != "Bad Request" || p.Type != ProblemType {
				t.Errorf("problem %+v, want code %q component %q", p, tc.code, tc.component)
			}
			if tc.offset < 0 && p.Offset != nil || tc.offset >= 0 && (p.Offset == nil || *p.Offset != tc.offset) {
				got := -1
				if p.Offset != nil {
					got = *p.Offset
				}
				t.Errorf("offset %d, want %d (%s)", got, tc.offset, p.Detail)
			}
			for _, c := range p.Detail {
				if c < 0x20 || c >= 0x7F {
					t.Errorf("detail %q holds %U", p.Detail, c)
				}
			}
			if rec.Header().Get("Connection") != "close" {
				t.Errorf("no Connection: close")
			}
		})
	}
}

func TestPassed(t *testing.T) {
	tests := []struct {
		name     string
		opts     Options
		method   string
		target   string
		wantURI  string // RequestURI next sees
		wantPath string // its URL.Path
		wantRaw  string // its URL.RawPath
		wantIRI  string // FromContext
	}{
		{"plain", Options{}, "GET", "/a/b?c=d", "/a/b?c=d", "/a/b", "", "/a/b?c=d"},
		{"all of pchar", Options{}, "GET", "/-._~!$&'()*+,;=:@%41?/?", "/-._~!$&'()*+,;=:@%41?/?", "/-._~!$&'()*+,;=:@A", "/-._~!$&'()*+,;=:@%41", "/-._~!$&'()*+,;=:@%41?/?"},
		{"double slash kept", Options{}, "GET", "//evil.example/x", "//evil.example/x", "//evil.example/x", "", "/.//evil.example/x"},
		{"absolute", Options{}, "GET", "http://h:8080/a?b", "http://h:8080/a?b", "/a", "", "http://h:8080/a?b"},
		{"asterisk", Options{}, "OPTIONS", "*", "*", "*", "", "*"},
		{"connect", Options{}, "CONNECT", "h.example:443", "h.example:443", "", "", "//h.example:443"},
		{"connect IPv6", Options{}, "CONNECT", "[::1]:443", "[::1]:443", "", "", "//[::1]:443"},
		{"IRI mapped", Options{IRI: true}, "GET", "/caf\u00e9?q=\u65e5", "/caf%C3%A9?q=%E6%97%A5", "/caf\u00e9", "", "/caf%C3%A9?q=%E6%97%A5"},
		{"syntax normal", Options{Normalize: NormalizeSyntax}, "GET", "/a/./b/../c/%2e%2E/x?%7e", "/a/x?~", "/a/x", "", "/a/x?~"},
		{"traversal", Options{Normalize: NormalizeSyntax}, "GET", "/%2e%2e/%2e%2e/etc/passwd", "/etc/passwd", "/etc/passwd", "", "/etc/passwd"},
		{"reserved kept", Options{Normalize: NormalizeSyntax}, "GET", "/a%2fb/../c", "/c", "/c", "", "/c"},
		{"reserved kept 2", Options{Normalize: NormalizeSyntax}, "GET", "/a%2fb", "/a%2Fb", "/a/b", "/a%2Fb", "/a%2Fb"},
		{"double slash normal", Options{Normalize: NormalizeSyntax}, "GET", "//a/../b", "//b", "//b", "", "/.//b"},
		{"merge", Options{MergeSlashes: true}, "GET", "//a///b//?x//y", "/a/b/?x//y", "/a/b/", "", "/a/b/?x//y"},
		{"merge after normal", Options{Normalize: NormalizeSyntax, MergeSlashes: true}, "GET", "/a/..//b", "/b", "/b", "", "/b"},
		{"unescape forward", Options{EscapedSlashes: UnescapeAndForward}, "GET", "/a%2Fb%5cc", "/a/b/c", "/a/b/c", "", "/a/b/c"},
		{"unescape then normalize", Options{EscapedSlashes: UnescapeAndForward, Normalize: NormalizeSyntax}, "GET", "/a/b%2F..%2F..%2F..%2Fetc", "/etc", "/etc", "", "/etc"},
		{"unescaped slashes in an opaque path stay a path", Options{EscapedSlashes: UnescapeAndForward}, "GET", "foo:%2F%2Fevil.example/x", "foo:/.//evil.example/x", "/.//evil.example/x", "", "foo:/.//evil.example/x"},
		{"unescaped slashes after a slash stay a path", Options{EscapedSlashes: UnescapeAndForward, MergeSlashes: true}, "GET", "ws:/%2F%5Cevil.example/x", "ws:/evil.example/x", "/evil.example/x", "", "ws:/evil.example/x"},
		{"unescaped slashes stay a path", Options{EscapedSlashes: UnescapeAndForward, Normalize: NormalizeSyntax}, "GET", "/%2F%2Fevil.example/x", "///evil.example/x", "///evil.example/x", "", "/.///evil.example/x"},
		{"scheme normal", Options{Normalize: NormalizeScheme}, "GET", "HTTP://Example.COM:80/a/../b", "http://example.com/b", "/b", "", "http://example.com/b"},
		{"scheme normal IDN", Options{Normalize: NormalizeScheme, IRI: true}, "GET", "http://B\u00fccher.example/", "http://xn--bcher-kva.example/", "/", "", "http://xn--bcher-kva.example/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, s := serve(t, tc.opts, request(tc.method, tc.target))
			if rec.Code != http.StatusOK || !s.called {
				t.Fatalf("status %d, next ran %v: %s", rec.Code, s.called, rec.Body)
			}
			if s.requestURI != tc.wantURI || s.path != tc.wantPath || s.rawPath != tc.wantRaw {
				t.Errorf("next saw RequestURI %q Path %q RawPath %q, want %q %q %q", s.requestURI, s.path, s.rawPath, tc.wantURI, tc.wantPath, tc.wantRaw)
			}
			if !s.hasTarget || s.target != tc.wantIRI {
				t.Errorf("FromContext %q %v, want %q", s.target, s.hasTarget, tc.wantIRI)
			}
		})
	}
}

func TestSchemeNormalHost(t *testing.T) {
	_, s := serve(t, Options{Normalize: NormalizeScheme}, request("GET", "HTTP://Example.COM:80/a"))
	if s.host != "example.com" {
		t.Errorf("r.Host %q", s.host)
	}
}

func TestRedirect(t *testing.T) {
	opts := Options{EscapedSlashes: UnescapeAndRedirect, Normalize: NormalizeSyntax}
	for target, loc := range map[string]string{
		"/a%2Fb?q":                 "/a/b?q",
		"/a%2f..%2F..%2Fetc":       "/etc",
		"/%2F%2Fevil.example":      "/.///evil.example",
		"foo:%5C%5Cevil.example/x": "foo:/.//evil.example/x",
	} {
		rec, s := serve(t, opts, request("POST", target))
		if s.called || rec.Code != http.StatusTemporaryRedirect || rec.Header().Get("Location") != loc {
			t.Errorf("%q: status %d Location %q next %v, want 307 %q", target, rec.Code, rec.Header().Get("Location"), s.called, loc)
		}
	}
	// Without an escaped slash there is nothing to redirect.
	rec, s := serve(t, opts, request("GET", "/a/./b"))
	if !s.called || rec.Code != 200 || s.requestURI != "/a/b" {
		t.Errorf("status %d next %v RequestURI %q", rec.Code, s.called, s.requestURI)
	}
}

func TestCheckHost(t *testing.T) {
	opts := Options{CheckHost: true, IRI: true}
	h2 := func(target, authority string, hosts ...string) *http.Request {
		r := request("GET", target)
		r.Proto, r.ProtoMajor, r.ProtoMinor = "HTTP/2.0", 2, 0
		r.Host = authority
		for _, h := range hosts {
			r.Header.Add("Host", h)
		}
		return r
	}
	tests := []struct {
		name string
		r    *http.Request
		code string // "" passes
	}{
		{"same", h2("/", "a.example", "a.example"), ""},
		{"case and default port", h2("/", "A.Example:80", "a.example"), ""},
		{"empty port", h2("/", "a.example:", "a.example"), ""},
		{"IDN", h2("/", "b\u00fccher.example", "xn--bcher-kva.example"), ""},
		{"differs", h2("/", "a.example", "b.example"), "host-mismatch"},
		{"port differs", h2("/", "a.example:8080", "a.example"), "host-mismatch"},
		{"two Host fields", h2("/", "a.example", "a.example", "a.example"), "host"},
		{"userinfo in Host", h2("/", "a.example", "u@a.example"), "host"},
		{"userinfo in authority", h2("/", "u@a.example"), "host"},
		{"path in Host", h2("/", "a.example/x"), "host"},
		{"absolute-form", func() *http.Request {
			r := request("GET", "http://a.example/")
			r.Header.Set("Host", "b.example")
			return r
		}(), "host-mismatch"},
		{"absolute-form, r.Host changed", func() *http.Request {
			r := request("GET", "http://a.example/")
			r.Host = "b.example"
			return r
		}(), "host-mismatch"},
		{"absolute-form https default port", func() *http.Request {
			r := request("GET", "https://a.example:443/")
			r.Host = "a.example"
			return r
		}(), ""},
		{"no Host in HTTP/1.1", func() *http.Request {
			r := request("GET", "/")
			r.Host = ""
			return r
		}(), "host"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec, s := serve(t, opts, tc.r)
			if tc.code == "" {
				if !s.called {
					t.Fatalf("refused: %s", rec.Body)
				}
				return
			}
			if s.called {
				t.Fatal("next ran")
			}
			if p := decodeProblem(t, rec); p.Code != tc.code || p.Offset != nil {
				t.Errorf("problem %+v, want code %q and no offset", p, tc.code)
			}
		})
	}
}

func TestErrorHandlerAndLogger(t *testing.T) {
	var got *Error
	var log strings.Builder
	opts := Options{
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err *Error) {
			got = err
			w.WriteHeader(http.StatusTeapot)
		},
		Logger: newTextLogger(&log),
	}
	rec, _ := serve(t, opts, request("GET", "/a\u202e\x1b[2J{"))
	if rec.Code != http.StatusTeapot || got == nil || got.Code != "non-ascii" || got.Offset != 2 {
		t.Fatalf("status %d, error %+v", rec.Code, got)
	}
	line := log.String()
	if !strings.Contains(line, `\u202e`) || !strings.Contains(line, `\x1b`) || strings.ContainsAny(line, "\u202e\x1b") {
		t.Errorf("log line not escaped: %q", line)
	}
}

func TestNoContext(t *testing.T) {
	rec, s := serve(t, Options{NoContext: true}, request("GET", "/a"))
	if rec.Code != 200 || s.hasTarget {
		t.Errorf("status %d, FromContext %v", rec.Code, s.hasTarget)
	}
	_, s = serve(t, Options{NoContext: true, Normalize: NormalizeSyntax}, request("GET", "/a/../b"))
	if s.hasTarget || s.requestURI != "/b" {
		t.Errorf("FromContext %v, RequestURI %q", s.hasTarget, s.requestURI)
	}
}

func TestOriginalRequestUntouched(t *testing.T) {
	r := request("GET", "/a/../b")
	serve(t, Options{Normalize: NormalizeSyntax}, r)
	if r.RequestURI != "/a/../b" || r.URL.Path != "/a/../b" {
		t.Errorf("the caller's request changed: %q %q", r.RequestURI, r.URL.Path)
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"abc":             "abc",
		"a\u202eb":        `a\u202eb`,
		"\x1b[31m":        `\x1b[31m`,
		"\xff":            `\xff`,
		"caf\u00e9":       `caf\u00e9`,
		"\U0001F600":      `\U0001f600`,
		"\u200b\t\n\x7f ": `\u200b\t\n\x7f `,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEnumNames(t *testing.T) {
	for n := NormalizeOff; n <= NormalizeScheme; n++ {
		if got, ok := ParseNormalize(n.String()); !ok || got != n {
			t.Errorf("ParseNormalize(%q) = %v %v", n.String(), got, ok)
		}
	}
	for e := KeepEscapedSlashes; e <= UnescapeAndForward; e++ {
		if got, ok := ParseEscapedSlashes(e.String()); !ok || got != e {
			t.Errorf("ParseEscapedSlashes(%q) = %v %v", e.String(), got, ok)
		}
	}
	if UnescapeAndRedirect.String() != "unescape_and_redirect" || Normalize(7).String() != "Normalize(7)" {
		t.Errorf("names: %q %q", UnescapeAndRedirect, Normalize(7))
	}
	if _, ok := ParseNormalize("nfc"); ok {
		t.Error("ParseNormalize accepted nfc")
	}
}
