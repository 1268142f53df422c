package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/hostile"
	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/scanner"
)

// post sends body to the playground's path and returns the response.
func post(t *testing.T, h http.Handler, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(body)))
	return rec
}

// Each endpoint answers what "iri NAME --json-in --json" writes for the
// same lines and flags: the API and the CLI are one contract.
func TestAPIIsTheCLI(t *testing.T) {
	h := newPlayground(defaultMaxBody)
	lines := `"http://例え.jp/a b"` + "\n" + `"HTTP://Example.COM:80/%7e/./x?q#f"` + "\n" + `"../g"` + "\n" + `"http:\\\\evil.com\\x"` + "\n"
	for _, tc := range []struct {
		name  string
		query string
		flags []string
		body  string
	}{
		{"parse", "", nil, lines},
		{"check", "?rule=URI-reference", []string{"--rule", "URI-reference"}, lines},
		{"to-uri", "?idna=true", []string{"--idna"}, lines},
		{"to-iri", "", nil, lines},
		{"normalize", "?level=scheme", []string{"--level", "scheme"}, lines},
		{"resolve", "?base=http://a/b/c", []string{"--base", "http://a/b/c"}, lines},
		{"relativize", "?base=http://a/b/c", []string{"--base", "http://a/b/c"}, lines},
		{"key", "", nil, lines},
		{"compare", "", nil, `{"input":"http://a/%7e","other":"HTTP://A/~"}` + "\n"},
		{"lint", "?profile=strict", []string{"--profile", "strict"}, lines},
		{"display", "?isolate=true", []string{"--isolate"}, lines},
		{"whatwg", "", nil, lines},
		{"interop", "", nil, lines},
	} {
		rec := post(t, h, "/v1/"+tc.name+tc.query, tc.body)
		want, _, status := runIRI(t, tc.body, append([]string{tc.name, "--json-in", "--json"}, tc.flags...)...)
		if rec.Code != 200 || rec.Body.String() != want || rec.Header().Get("Iri-Exit-Status") != string(rune('0'+status)) {
			t.Errorf("/v1/%s%s: %d, status %q\n%s\nthe CLI (status %d):\n%s", tc.name, tc.query, rec.Code, rec.Header().Get("Iri-Exit-Status"), rec.Body, status, want)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/x-ndjson; charset=utf-8" {
			t.Errorf("/v1/%s: Content-Type %q", tc.name, ct)
		}
	}
}

// Parameters that are not the command's flags, bad values, a body past
// --max-body, a wrong method and a bad request target are refused, each
// with its status.
func TestAPIRefuses(t *testing.T) {
	h := newPlayground(1 << 10)
	for _, tc := range []struct {
		method, target, body string
		code                 int
		says                 string
	}{
		{"POST", "/v1/check?base=http://a/", `"a"`, 400, `takes no parameter "base"`},
		{"POST", "/v1/whatwg?rule=IRI", `"a"`, 400, `takes no parameter "rule"`},
		{"POST", "/v1/check?rule=IRI&rule=URI", `"a"`, 400, "given twice"},
		{"POST", "/v1/normalize?level=bogus", `"a"`, 400, `unknown --level "bogus"`},
		{"POST", "/v1/lint?profile=bogus", `"a"`, 400, `unknown --profile "bogus"`},
		{"POST", "/v1/resolve?base=http://a/b;p", `"a"`, 400, "invalid semicolon separator"},
		{"POST", "/v1/lint?max-violations=0", `"a"`, 400, "at most 1000 violations"},
		{"POST", "/v1/lint?max-violations=5000", `"a"`, 400, "at most 1000 violations"},
		{"POST", "/v1/check", `"` + strings.Repeat("a", 2<<10) + `"`, 413, "larger than --max-body (1024 bytes)"},
		{"POST", "/v1/explain", `"a"`, 400, `not a JSON object with an "input" string`},
		{"POST", "/v1/explain", `{"input":"a","rule":"bogus"}`, 400, "unknown rule bogus"},
		{"GET", "/v1/check", "", 405, ""},
		{"POST", "/v1/nothing", `"a"`, 404, ""},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body)))
		if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.says) {
			t.Errorf("%s %s: %d %q, want %d and %q", tc.method, tc.target, rec.Code, rec.Body, tc.code, tc.says)
		}
		if rec.Header().Get("Content-Security-Policy") != contentSecurityPolicy {
			t.Errorf("%s %s: no Content-Security-Policy", tc.method, tc.target)
		}
	}
	// A request target httpiri refuses never reaches the API.
	req := httptest.NewRequest("POST", "/v1/check", strings.NewReader(`"a"`))
	req.RequestURI = "/v1/check{x}"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 400 || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("target /v1/check{x}: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// The page and its files are served with their types, and with a policy
// that allows no inline script or style and no eval.
func TestPageServed(t *testing.T) {
	h := newPlayground(defaultMaxBody)
	for path, typ := range map[string]string{"/": "text/html; charset=utf-8", "/app.js": "text/javascript; charset=utf-8", "/app.css": "text/css; charset=utf-8"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != typ || rec.Body.Len() == 0 {
			t.Errorf("GET %s: %d %q", path, rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	for _, bad := range []string{"unsafe-inline", "unsafe-eval", "*"} {
		if strings.Contains(contentSecurityPolicy, bad) {
			t.Errorf("the policy allows %s", bad)
		}
	}
	index, _ := pageFiles.ReadFile("page/index.html")
	for _, inline := range []string{"<script>", "style=", "onclick", "onload", "javascript:"} {
		if bytes.Contains(index, []byte(inline)) {
			t.Errorf("index.html holds %q, which the policy refuses", inline)
		}
	}
	js, _ := pageFiles.ReadFile("page/app.js")
	for _, sink := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"} {
		if bytes.Contains(js, []byte(sink)) {
			t.Errorf("app.js uses %s: strings must go in as text", sink)
		}
	}
}

// explained is an explanation as a client reads it: the readings stay
// JSON, which package interop only writes.
type explained struct {
	explanation
	Interop json.RawMessage `json:"interop"`
}

// explain's answer is the library's: the components' byte offsets are
// the scanner's, the error is Parse's, the forms are the conversions',
// the findings lint's.
func TestExplain(t *testing.T) {
	h := newPlayground(defaultMaxBody)
	for _, s := range []string{"http://user@例え.jp:8080/パス?q=値#節", "//h", "", "a:", "http://a/b%zz", "http://ab.cd.ef/גה1/2יט/x.html", "http://a/\u202eb"} {
		body, _ := json.Marshal(map[string]string{"input": s, "base": "http://base/x/y", "other": "HTTP://A/"})
		rec := post(t, h, "/v1/explain", string(body))
		var x explained
		if err := json.Unmarshal(rec.Body.Bytes(), &x); err != nil || rec.Code != 200 {
			t.Fatalf("%q: %d %v %s", s, rec.Code, err, rec.Body)
		}
		u, err := iri.ParseReference(s)
		if x.Valid != (err == nil) || x.Input != s || x.Bytes != len(s) {
			t.Errorf("%q: valid %v, input %q", s, x.Valid, x.Input)
		}
		if err != nil {
			e := err.(*iri.Error)
			if x.Error == nil || x.Error.Offset != e.Offset || x.Error.Message != e.Error() || x.Error.Code != e.Code.String() {
				t.Errorf("%q: error %+v, want %v", s, x.Error, e)
			}
		} else {
			r := scanner.Scan(s, scanner.IRIReference, 0)
			got := map[string]string{}
			for _, c := range x.Components {
				got[c.Name] = s[c.Start:c.End]
			}
			want := map[string]string{"path": u.Path()}
			if u.IsAbsolute() {
				want["scheme"] = u.Scheme()
			}
			if u.HasAuthority() {
				want["host"] = u.Host()
			}
			if u.HasUserinfo() {
				want["userinfo"] = u.Userinfo()
			}
			if u.HasPort() {
				want["port"] = u.Port()
			}
			if u.HasQuery() {
				want["query"] = u.Query()
			}
			if u.HasFragment() {
				want["fragment"] = u.Fragment()
			}
			if len(got) != len(want) || x.HostKind != r.HostKind.String() {
				t.Errorf("%q: components %v, want %v", s, got, want)
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%q: %s is %q, want %q", s, k, got[k], v)
				}
			}
			norm, _ := iri.Normalizer{Level: iri.LevelScheme}.Normalize(s)
			if x.Forms["uri"] != u.URI() || x.Forms["display"] != lint.Display(s) || x.Forms["scheme"] != norm || x.Forms["key"] != iri.Key(u) {
				t.Errorf("%q: forms %v", s, x.Forms)
			}
			if x.Compare == nil || x.Compare.Rung != iri.CompareRung(u, iri.MustParseReference("HTTP://A/")).String() {
				t.Errorf("%q: compare %+v", s, x.Compare)
			}
		}
		if vs := lint.Lint(s, lint.Options{}); len(x.Lint) != len(vs) {
			t.Errorf("%q: %d findings, lint has %d", s, len(x.Lint), len(vs))
		}
		if x.Interop == nil || x.WHATWG == nil {
			t.Errorf("%q: no readings", s)
		}
	}
}

// A megabyte line gets a bounded answer that says it was cut.
func TestExplainHuge(t *testing.T) {
	h := newPlayground(defaultMaxBody)
	for _, s := range []string{"http://h/" + strings.Repeat("\u202e\u05d0", 100_000), "http://h/" + strings.Repeat("a", 2<<20) + " "} {
		body, _ := json.Marshal(map[string]string{"input": s})
		rec := post(t, h, "/v1/explain", string(body))
		var x explained
		if err := json.Unmarshal(rec.Body.Bytes(), &x); err != nil {
			t.Fatal(err)
		}
		if !x.Truncated || x.Bytes != len(s) || rec.Body.Len() > 512<<10 || len(x.Lint) > maxFindings {
			t.Errorf("%d bytes: truncated %v, answer %d bytes, %d findings", len(s), x.Truncated, rec.Body.Len(), len(x.Lint))
		}
	}
}

// A real client over a loopback port: curl, and the shutdown waits for
// the request in flight.
// serveLoopback runs serveOn on a loopback port of its own and returns
// its address; cancel stops it, and done then says how it ended.
func serveLoopback(t *testing.T) (addr string, cancel context.CancelFunc, done <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	end := make(chan error, 1)
	go func() { end <- serveOn(ctx, ln, defaultMaxBody) }()
	return ln.Addr().String(), cancel, end
}

func TestServeCurl(t *testing.T) {
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl on PATH; .ci/run installs it")
	}
	addr, cancel, done := serveLoopback(t)
	url := "http://" + addr
	out, err := exec.Command(curl, "-s", "--data-binary", `"http://例え.jp/a b"`, url+"/v1/check").Output()
	if err != nil || !strings.Contains(string(out), `"offset":18`) {
		t.Errorf("curl /v1/check: %v %s", err, out)
	}
	out, err = exec.Command(curl, "-s", "-i", url+"/").Output()
	if err != nil || !strings.Contains(string(out), "Content-Security-Policy: default-src 'none'") {
		t.Errorf("curl /: %v %.300s", err, out)
	}
	// A request in flight when the server is told to stop is answered.
	pr, pw := io.Pipe()
	resp := make(chan *http.Response, 1)
	go func() {
		r, err := http.Post(url+"/v1/check", "application/x-ndjson", pr)
		if err != nil {
			t.Error(err)
		}
		resp <- r
	}()
	pw.Write([]byte(`"http://a/"`))
	time.Sleep(100 * time.Millisecond)
	cancel()
	time.Sleep(100 * time.Millisecond)
	pw.Close()
	if r := <-resp; r == nil || r.StatusCode != 200 {
		t.Errorf("the request in flight got %v", r)
	}
	if err := <-done; err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

// The API runs in time and memory linear in its body, the page's
// explanation included, on the families that reach the most code.
func TestServeLinear(t *testing.T) {
	hostile.RequireLinear(t)
	if testing.Short() || raceEnabled {
		t.Skip("slow under -short and -race; CI runs it without them")
	}
	families := map[string]bool{"idn-distinct": true, "bidi-labels": true, "marks-alternating": true, "bidi-query-pairs": true, "pct-utf8": true, "invalid-at-end": true}
	h := newPlayground(64 << 20)
	for _, path := range []string{"/v1/explain", "/v1/lint", "/v1/interop", "/v1/normalize?level=scheme"} {
		call := func(s string) int {
			body, _ := json.Marshal(s)
			if path == "/v1/explain" {
				body, _ = json.Marshal(map[string]string{"input": s, "base": "http://b/c", "other": s})
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("POST", path, bytes.NewReader(body)))
			return rec.Body.Len()
		}
		for _, fam := range hostile.Families {
			if families[fam.Name] {
				t.Run(path+"/"+fam.Name, func(t *testing.T) { hostile.CheckLinear(t, "POST "+path, call, fam) })
			}
		}
	}
}

// Requests a page of another site sends, and requests for a name other
// than the loopback address (DNS rebinding), are refused; an answer past
// its bound is a 413, not a heap.
func TestServeRefusesOtherSites(t *testing.T) {
	h := newPlayground(64 << 10)
	for _, hd := range []map[string]string{{"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}} {
		req := httptest.NewRequest("POST", "/v1/check", strings.NewReader(`"a"`))
		for k, v := range hd {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden {
			t.Errorf("%v: %d, want 403", hd, rec.Code)
		}
	}
	req := httptest.NewRequest("POST", "/v1/check", strings.NewReader(`"a"`))
	req.Header.Set("Origin", "http://example.com") // httptest's Host
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("the page's own request: %d", rec.Code)
	}
	body := strings.Repeat(`"\u202e"`+"\n", (64<<10)/9)
	if rec := post(t, h, "/v1/lint", body); rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "answer would be larger") {
		t.Errorf("a lint answer of %d lines of bidi overrides: %d %.100s", (64<<10)/9, rec.Code, rec.Body)
	}

	addr, cancel, done := serveLoopback(t)
	defer func() { cancel(); <-done }()
	_, port, _ := net.SplitHostPort(addr)
	for host, want := range map[string]int{"rebound.example": http.StatusMisdirectedRequest, addr: 200, "localhost:" + port: 200} {
		req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}
