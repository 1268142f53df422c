package caddyiri

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	_ "github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	_ "github.com/caddyserver/caddy/v2/modules/standard"
)

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startCaddy runs a real Caddy in process from a Caddyfile with iri in
// front of reverse_proxy to a loopback backend that echoes the target it
// receives. A nil block leaves iri out, for comparison.
func startCaddy(t *testing.T, block *string) string {
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "backend saw %s", r.RequestURI)
	}))
	t.Cleanup(backend.Close)
	port := freePort(t)
	directive := ""
	if block != nil {
		directive = "iri {\n" + *block + "\n\t}"
	}
	cfg := fmt.Sprintf(`{
	admin off
	auto_https off
	persist_config off
}
http://127.0.0.1:%d {
	%s
	reverse_proxy %s
}
`, port, directive, strings.TrimPrefix(backend.URL, "http://"))
	js, warnings, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(cfg), nil)
	if err != nil {
		t.Fatalf("adapting the Caddyfile: %v\n%s", err, cfg)
	}
	for _, w := range warnings {
		t.Logf("Caddyfile warning: %s", w.Message)
	}
	if err := caddy.Load(js, true); err != nil {
		t.Fatalf("caddy.Load: %v", err)
	}
	t.Cleanup(func() { caddy.Stop() })
	return fmt.Sprintf("127.0.0.1:%d", port)
}

func exchange(t *testing.T, addr, target string) (*http.Response, string) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", target)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%s: %v", target, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

func TestCaddyInFrontOfReverseProxy(t *testing.T) {
	block := `		normalize syntax
		merge_slashes
		escaped_slashes reject
		reject warning
		profile strict
		check_host`
	addr := startCaddy(t, &block)
	tests := []struct {
		target string
		status int
		want   string // the backend's body, or the problem's code
	}{
		{"/a/./b/../c?x=%7e", 200, "backend saw /a/c?x=~"},
		{"/static/%2e%2e/%2E%2E/etc/passwd", 400, "encoded-dot-segment"}, // lint refuses before normalizing
		{"//a///b", 200, "backend saw /a/b"},
		{"/a{b}", 400, "char"},
		{"/a%2Fb", 400, "encoded-slash"},
		{"/caf\xc3\xa9", 400, "non-ascii"},
		{"/a#b", 400, "fragment"},
		{"/x/a%E2%80%AEb", 400, "bidi-control"},
	}
	for _, tc := range tests {
		resp, body := exchange(t, addr, tc.target)
		if resp.StatusCode != tc.status {
			t.Errorf("%q: status %d, want %d: %s", tc.target, resp.StatusCode, tc.status, body)
			continue
		}
		if tc.status == 200 {
			if body != tc.want {
				t.Errorf("%q: %q, want %q", tc.target, body, tc.want)
			}
			continue
		}
		var p struct {
			Code   string `json:"code"`
			Offset *int   `json:"offset"`
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" || json.Unmarshal([]byte(body), &p) != nil || p.Code != tc.want {
			t.Errorf("%q: %s %q, want code %q", tc.target, ct, body, tc.want)
		}
		if resp.Header.Get("Server") != "Caddy" {
			t.Errorf("%q: answered by %q, not Caddy", tc.target, resp.Header.Get("Server"))
		}
	}
}

// TestCaddyWithoutIRI shows that the 400s above are the module's: without
// it, Caddy hands the same targets to the backend, dot segments and all,
// and one that is not RFC 3986 in a form the client did not send.
func TestCaddyWithoutIRI(t *testing.T) {
	addr := startCaddy(t, nil)
	for target, want := range map[string]string{
		"/a/./b/../c":    "/a/./b/../c",
		"/x/a%E2%80%AEb": "/x/a%E2%80%AEb",
		"/a{b}":          "/a%7Bb%7D", // net/url re-encodes it on the way out
	} {
		resp, body := exchange(t, addr, target)
		if resp.StatusCode != 200 || body != "backend saw "+want {
			t.Errorf("%q: status %d %q", target, resp.StatusCode, body)
		}
	}
}

// TestCaddyInterop: with interop destination, a real Caddy refuses a
// target that a Node backend would read as another host, and passes the
// rest to the backend.
func TestCaddyInterop(t *testing.T) {
	block := `		interop destination`
	addr := startCaddy(t, &block)
	for target, want := range map[string]string{
		"//evil.example/x":  "request-target-authority",
		"///evil.example/x": "request-target-authority",
		"/a/%2e%2e/b":       "", // the path differs; destination lets it by
		"/a/b?c":            "",
	} {
		resp, body := exchange(t, addr, target)
		if want == "" {
			if resp.StatusCode != 200 || !strings.HasPrefix(body, "backend saw ") {
				t.Errorf("%q: status %d %q", target, resp.StatusCode, body)
			}
			continue
		}
		var p struct {
			Code     string
			Causes   []string
			Readings map[string]*struct{ Host *string }
		}
		if resp.StatusCode != 400 || json.Unmarshal([]byte(body), &p) != nil || p.Code != "interop" ||
			!slices.Contains(p.Causes, want) || p.Readings["whatwg"] == nil {
			t.Errorf("%q: status %d %s", target, resp.StatusCode, body)
		}
	}
}

func TestCaddyIRIAndRedirect(t *testing.T) {
	block := `		iri
		escaped_slashes unescape_and_redirect
		normalize scheme`
	addr := startCaddy(t, &block)
	resp, body := exchange(t, addr, "/caf\xc3\xa9/./x")
	if resp.StatusCode != 200 || body != "backend saw /caf%C3%A9/x" {
		t.Errorf("status %d %q", resp.StatusCode, body)
	}
	resp, _ = exchange(t, addr, "/a%2Fb/../c")
	if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != "/a/c" {
		t.Errorf("status %d Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
}

// TestCaddyPlaceholders shows that Caddy's placeholders, which read the
// request the server started with, see the rewritten target too.
func TestCaddyPlaceholders(t *testing.T) {
	port := freePort(t)
	cfg := fmt.Sprintf(`{
	admin off
	auto_https off
	persist_config off
}
http://127.0.0.1:%d {
	iri {
		normalize syntax
	}
	respond "uri {uri} path {path}"
}
`, port)
	js, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(cfg), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := caddy.Load(js, true); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { caddy.Stop() })
	resp, body := exchange(t, fmt.Sprintf("127.0.0.1:%d", port), "/a/./b/../c?%7e")
	if resp.StatusCode != 200 || body != "uri /a/c?~ path /a/c" {
		t.Errorf("status %d %q", resp.StatusCode, body)
	}
}

func TestCaddyfile(t *testing.T) {
	d := caddyfile.NewTestDispenser(`iri {
		iri
		reject warning
		profile strict
		severity userinfo off
		normalize scheme
		merge_slashes
		escaped_slashes unescape_and_forward
		check_host
		interop path
	}`)
	var h Handler
	if err := h.UnmarshalCaddyfile(d); err != nil {
		t.Fatal(err)
	}
	want := Handler{IRI: true, Reject: "warning", Profile: "strict", Severities: map[string]string{"userinfo": "off"},
		Normalize: "scheme", MergeSlashes: true, EscapedSlashes: "unescape_and_forward", CheckHost: true, Interop: "path"}
	got, _ := json.Marshal(h)
	w, _ := json.Marshal(want)
	if string(got) != string(w) {
		t.Errorf("got %s\nwant %s", got, w)
	}
	for bad, want := range map[string]string{
		"iri foo":                                  "wrong argument count",
		"iri {\n reject\n}":                        "reject takes 1 argument(s), got 0",
		"iri {\n bogus\n}":                         `unknown subdirective "bogus"`,
		"iri {\n bogus a b\n}":                     `unknown subdirective "bogus"`,
		"iri {\n merge_slashes yes\n}":             "merge_slashes takes 0 argument(s), got 1",
		"iri {\n reject \"\"\n}":                   "reject: empty argument",
		"iri {\n severity \"\" off\n}":             "severity: empty argument",
		"iri {\n reject warning\n reject off\n}":   "reject given twice",
		"iri {\n merge_slashes\n merge_slashes\n}": "merge_slashes given twice",
		"iri {\n severity userinfo off\n severity userinfo warning\n}": "severity userinfo given twice",
		"iri {\n reject loud\n}":                `unknown severity "loud"`,
		"iri {\n normalize nfc\n}":              `unknown form "nfc"`,
		"iri {\n interop host\n}":               `unknown level "host"`,
		"iri {\n interop\n}":                    "interop takes 1 argument(s), got 0",
		"iri {\n severity no-such-check off\n}": `unknown check "no-such-check"`,
		"iri {\n reject warning {\n  x\n }\n}":  "reject takes no block",
	} {
		var h Handler
		err := h.UnmarshalCaddyfile(caddyfile.NewTestDispenser(bad))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one that says %q", bad, err, want)
		}
	}
	var h2 Handler
	if err := h2.UnmarshalCaddyfile(caddyfile.NewTestDispenser("iri {\n severity userinfo off\n severity bidi-control info\n}")); err != nil || len(h2.Severities) != 2 {
		t.Errorf("two checks' severities: %v %v", err, h2.Severities)
	}
}

// TestCaddyfileUnsetVariable: reject "{$VAR}" with VAR unset is refused
// when Caddy adapts the Caddyfile, rather than turning the check off.
func TestCaddyfileUnsetVariable(t *testing.T) {
	const name = "IRI_CADDY_TEST_SURELY_UNSET"
	os.Unsetenv(name)
	for _, line := range []string{`reject "{$` + name + `}"`, `reject {$` + name + `}`, `profile "{$` + name + `}"`} {
		cfg := "http://127.0.0.1:1 {\n\tiri {\n\t\t" + line + "\n\t}\n\trespond ok\n}\n"
		_, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(cfg), nil)
		if err == nil || !strings.Contains(err.Error(), "reject") && !strings.Contains(err.Error(), "profile") {
			t.Errorf("%s: adapted with error %v", line, err)
		}
	}
	t.Setenv(name, "warning")
	cfg := "http://127.0.0.1:1 {\n\tiri {\n\t\treject \"{$" + name + "}\"\n\t}\n\trespond ok\n}\n"
	js, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(cfg), nil)
	if err != nil || !strings.Contains(string(js), `"reject":"warning"`) {
		t.Errorf("set: %v %s", err, js)
	}
}

func TestProvisionRefusesUnknownNames(t *testing.T) {
	ctx, cancel := caddy.NewContext(caddy.Context{Context: t.Context()})
	defer cancel()
	for _, h := range []Handler{
		{Reject: "fatal"}, {Profile: "lax"}, {Normalize: "nfc"}, {EscapedSlashes: "drop"}, {Interop: "all"},
		{Severities: map[string]string{"no-such-check": "off"}}, {Severities: map[string]string{"userinfo": "loud"}},
	} {
		if err := h.Provision(ctx); err == nil {
			t.Errorf("%+v: no error", h)
		}
	}
	h := Handler{Reject: "error", Profile: "iuri", Normalize: "syntax", EscapedSlashes: "reject", Severities: map[string]string{"userinfo": "off"}}
	if err := h.Provision(ctx); err != nil {
		t.Fatal(err)
	}
}

// loadCaddy runs a real Caddy in process from cfg, a Caddyfile whose
// site address holds %d for a free port, and returns the address.
func loadCaddy(t *testing.T, cfg string) string {
	port := freePort(t)
	cfg = fmt.Sprintf(cfg, port)
	js, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(cfg), nil)
	if err != nil {
		t.Fatalf("adapting the Caddyfile: %v\n%s", err, cfg)
	}
	if err := caddy.Load(js, true); err != nil {
		t.Fatalf("caddy.Load: %v", err)
	}
	t.Cleanup(func() { caddy.Stop() })
	return fmt.Sprintf("127.0.0.1:%d", port)
}

// TestCaddyKeepsHost sends absolute-form targets whose path, unescaped,
// would read as the authority evil.example, with "Host: good.example",
// to a Caddy where a host matcher routes evil.example to another site
// and reverse_proxy sends the rest to a backend that echoes the host
// and X-Forwarded-Host it gets: neither the matcher nor the backend may
// see evil.example.
func TestCaddyKeepsHost(t *testing.T) {
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "backend host=%s xfh=%s uri=%s", r.Host, r.Header.Get("X-Forwarded-Host"), r.RequestURI)
	}))
	t.Cleanup(backend.Close)
	for _, block := range []string{
		"escaped_slashes unescape_and_forward\n\t\tcheck_host",
		"escaped_slashes unescape_and_forward\n\t\tnormalize scheme\n\t\tmerge_slashes",
		"escaped_slashes unescape_and_redirect\n\t\tcheck_host",
		"escaped_slashes unescape_and_forward\n\t\tcheck_host\n\t\treject warning\n\t\tprofile strict",
	} {
		addr := loadCaddy(t, `{
	admin off
	auto_https off
	persist_config off
}
http://:%d {
	iri {
		`+block+`
	}
	@evil host evil.example
	handle @evil {
		respond "evil site"
	}
	handle {
		reverse_proxy `+strings.TrimPrefix(backend.URL, "http://")+`
	}
}
`)
		for _, target := range []string{"foo:%2F%2Fevil.example/x", "foo:%5C%5Cevil.example/x", "ws:/%2Fevil.example/x", "urn:%2F%2Fevil.example/x"} {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			c.SetDeadline(time.Now().Add(10 * time.Second))
			fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: good.example\r\n\r\n", target)
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatalf("%s: %v", target, err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			c.Close()
			body := string(b)
			switch resp.StatusCode {
			case 200:
				if !strings.HasPrefix(body, "backend host=good.example xfh=good.example ") {
					t.Errorf("%q with %q: %q", block, target, body)
				}
			case 307:
				if loc := resp.Header.Get("Location"); strings.Contains(loc, "//evil") && !strings.Contains(loc, "/.//evil") {
					t.Errorf("%q with %q: Location %q", block, target, loc)
				}
			case 400:
				if !strings.Contains(block, "reject") { // strict lint refuses each, for one reason or another
					t.Errorf("%q with %q: refused: %s", block, target, body)
				}
			default:
				t.Errorf("%q with %q: status %d %q", block, target, resp.StatusCode, body)
			}
		}
	}
}

// BenchmarkServeHTTP is the handler in process, on a target that passes:
// what it allocates per request beside the request it is given.
func BenchmarkServeHTTP(b *testing.B) {
	ctx, cancel := caddy.NewContext(caddy.Context{Context: context.Background()})
	defer cancel()
	h := Handler{Normalize: "syntax", Interop: "destination"}
	if err := h.Provision(ctx); err != nil {
		b.Fatal(err)
	}
	next := caddyhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error { return nil })
	r := httptest.NewRequest("GET", "/static/app/main.js?v=3", nil)
	w := httptest.NewRecorder()
	b.ReportAllocs()
	for b.Loop() {
		if err := h.ServeHTTP(w, r, next); err != nil {
			b.Fatal(err)
		}
	}
}
