package httpiri

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// echo answers 200 with what it saw: the request target, the path, the
// host and the target FromContext gives.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	u, ok := FromContext(r.Context())
	fmt.Fprintf(w, "uri=%s\npath=%s\nhost=%s\ntarget=%s\nok=%v\n", r.RequestURI, r.URL.Path, r.Host, u, ok)
})

func startServer(t testing.TB, opts Options) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(Middleware(opts)(echo))
	srv.Config.DisableGeneralOptionsHandler = true
	srv.Config.ErrorLog = nil
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// rawExchange writes one request over a new TCP connection and reads the
// response; closed reports whether the server then closed the
// connection.
func rawExchange(t *testing.T, addr, request string, wait time.Duration) (resp *http.Response, body string, closed bool) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, request); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	resp, err = http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("reading the response to %.80q: %v", request, err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(wait))
	_, err = br.ReadByte()
	return resp, string(b), err == io.EOF
}

func TestRawRequests(t *testing.T) {
	long := "/" + strings.Repeat("a", 64<<10)
	tests := []struct {
		name    string
		opts    Options
		line    string // request line, without CRLF
		host    string // "" for the server's
		status  int
		code    string // problem code, "" for none
		byGo    bool   // net/http answers before any handler
		contain string // in the 200 body
	}{
		{"origin", Options{}, "GET /a/b?c=d HTTP/1.1", "", 200, "", false, "uri=/a/b?c=d\n"},
		{"absolute", Options{}, "GET http://a.example/x HTTP/1.1", "", 200, "", false, "host=a.example\n"},
		{"authority", Options{}, "CONNECT a.example:443 HTTP/1.1", "", 200, "", false, "target=//a.example:443\n"},
		{"asterisk", Options{}, "OPTIONS * HTTP/1.1", "", 200, "", false, "uri=*\n"},
		{"asterisk GET", Options{}, "GET * HTTP/1.1", "", 400, "form", false, ""},
		{"authority without port", Options{}, "CONNECT a.example HTTP/1.1", "", 400, "form", false, ""},
		{"bad percent", Options{}, "GET /%zz HTTP/1.1", "", 400, "", true, ""},
		{"raw space", Options{}, "GET /a b HTTP/1.1", "", 400, "", true, ""},
		{"raw non-ASCII", Options{}, "GET /caf\xc3\xa9 HTTP/1.1", "", 400, "non-ascii", false, ""},
		{"raw non-ASCII as IRI", Options{IRI: true}, "GET /caf\xc3\xa9 HTTP/1.1", "", 200, "", false, "uri=/caf%C3%A9\n"},
		{"dot-dot chain", Options{}, "GET /a/../../../etc/passwd HTTP/1.1", "", 200, "", false, "uri=/a/../../../etc/passwd\n"},
		{"dot-dot chain normal", Options{Normalize: NormalizeSyntax}, "GET /a/../../../etc/passwd HTTP/1.1", "", 200, "", false, "uri=/etc/passwd\n"},
		{"encoded dot-dot", Options{Normalize: NormalizeSyntax}, "GET /static/%2e%2e/%2E%2E/etc/passwd HTTP/1.1", "", 200, "", false, "path=/etc/passwd\n"},
		{"encoded slash kept", Options{}, "GET /a%2Fb HTTP/1.1", "", 200, "", false, "uri=/a%2Fb\n"},
		{"encoded slash refused", Options{EscapedSlashes: RejectEscapedSlashes}, "GET /a%2Fb HTTP/1.1", "", 400, "escaped-slash", false, ""},
		{"encoded slash unescaped", Options{EscapedSlashes: UnescapeAndForward}, "GET /a%2fb HTTP/1.1", "", 200, "", false, "uri=/a/b\n"},
		{"backslash", Options{}, `GET /a\..\b HTTP/1.1`, "", 400, "char", false, ""},
		{"brace", Options{}, "GET /a{b} HTTP/1.1", "", 400, "char", false, ""},
		{"pipe", Options{}, "GET /?a|b HTTP/1.1", "", 400, "char", false, ""},
		{"fragment", Options{}, "GET /a#b HTTP/1.1", "", 400, "fragment", false, ""},
		{"userinfo trick", Options{}, "GET http://good.example@evil.example/ HTTP/1.1", "", 400, "userinfo", false, ""},
		{"port trick", Options{}, "GET http://evil.example:good.example/ HTTP/1.1", "", 400, "", true, ""},
		{"port trick in IPv6", Options{}, "GET http://[::1]x/ HTTP/1.1", "", 400, "", true, ""},
		{"bad IPv6 literal", Options{}, "GET http://[::1::2]/ HTTP/1.1", "", 400, "", true, ""},
		{"IPvFuture, which net/url refuses", Options{}, "GET http://[v7.a:b]/ HTTP/1.1", "", 400, "", true, ""},
		{"absolute with a brace", Options{}, "GET http://a.example/{x} HTTP/1.1", "", 400, "char", false, ""},
		{"absolute with a caret in the host", Options{}, "GET http://a^b.example/ HTTP/1.1", "", 400, "", true, ""},
		{"absolute with a quote in the query", Options{}, "GET http://a.example/?\"x HTTP/1.1", "", 400, "char", false, ""},
		{"double slash path", Options{}, "GET //evil.example/x HTTP/1.1", "", 200, "", false, "target=/.//evil.example/x\n"},
		{"double slash merged", Options{MergeSlashes: true}, "GET //evil.example/x HTTP/1.1", "", 200, "", false, "uri=/evil.example/x\n"},
		{"Host disagrees, HTTP/1", Options{CheckHost: true}, "GET http://a.example/ HTTP/1.1", "b.example", 200, "", false, "host=a.example\n"},
		{"Host with userinfo", Options{CheckHost: true}, "GET / HTTP/1.1", "u@a.example", 400, "", true, ""},
		{"Host with a bad port", Options{CheckHost: true}, "GET / HTTP/1.1", "a.example:8x", 400, "host", false, ""},
		{"64 KiB", Options{}, "GET " + long + " HTTP/1.1", "", 200, "", false, "uri=" + long + "\n"},
		{"64 KiB with a bad byte at the end", Options{}, "GET " + long + "^ HTTP/1.1", "", 400, "char", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.opts)
			addr := srv.Listener.Addr().String()
			host := tc.host
			if host == "" {
				host = addr
			}
			// A connection that is to close has five seconds to; one that
			// is to stay open is watched for a tenth of one.
			wait := 5 * time.Second
			if tc.status == 200 {
				wait = 100 * time.Millisecond
			}
			resp, body, closed := rawExchange(t, addr, tc.line+"\r\nHost: "+host+"\r\n\r\n", wait)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %.200s", resp.StatusCode, tc.status, body)
			}
			if tc.status == 200 {
				if !strings.Contains(body, tc.contain) {
					t.Errorf("body %.300q lacks %.100q", body, tc.contain)
				}
				if closed && !strings.HasPrefix(tc.line, "CONNECT") {
					t.Errorf("connection closed after a 200")
				}
				return
			}
			if !closed {
				t.Errorf("connection left open after a 400")
			}
			if tc.byGo {
				if resp.Header.Get("Content-Type") == "application/problem+json" {
					t.Errorf("expected net/http's own 400, got the middleware's: %s", body)
				}
				return
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" {
				t.Fatalf("Content-Type %q: %s", ct, body)
			}
			var p problemBody
			if err := json.Unmarshal([]byte(body), &p); err != nil {
				t.Fatal(err)
			}
			if p.Code != tc.code {
				t.Errorf("code %q, want %q (%s)", p.Code, tc.code, p.Detail)
			}
			for i := 0; i < len(body); i++ {
				if c := body[i]; (c < 0x20 && c != '\n') || c >= 0x7F {
					t.Errorf("body holds byte %#x: %q", c, body)
				}
			}
		})
	}
}

// TestKeepAlive sends a good request, then another, on one connection.
func TestKeepAlive(t *testing.T) {
	srv := startServer(t, Options{Normalize: NormalizeSyntax})
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	br := bufio.NewReader(c)
	for _, target := range []string{"/a/./b", "/c/../d"} {
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", target)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Close {
			t.Fatalf("%s: status %d close %v", target, resp.StatusCode, resp.Close)
		}
	}
}

func TestGoClient(t *testing.T) {
	srv := startServer(t, Options{IRI: true, Normalize: NormalizeSyntax})
	get := func(req *http.Request) (int, string, string) {
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/caf%C3%A9/./x?q=%7e", nil)
	if code, _, body := get(req); code != 200 || !strings.Contains(body, "uri=/caf%C3%A9/x?q=~\n") {
		t.Errorf("status %d body %q", code, body)
	}
	// Opaque sends the target as it is, as a hostile client would.
	req, _ = http.NewRequest("GET", srv.URL, nil)
	req.URL.Opaque = "/a{b"
	code, ct, body := get(req)
	var p problemBody
	if code != 400 || ct != "application/problem+json" || json.Unmarshal([]byte(body), &p) != nil || p.Code != "char" || p.Offset == nil || *p.Offset != 2 {
		t.Errorf("status %d %s %q", code, ct, body)
	}
}
