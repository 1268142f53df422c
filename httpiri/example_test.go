package httpiri_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"

	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/lint"
)

// The middleware in front of a ServeMux: a malformed target never reaches
// the mux, and a handler reads the parsed target from the context.
func ExampleMiddleware() {
	mux := http.NewServeMux()
	mux.HandleFunc("/docs/", func(w http.ResponseWriter, r *http.Request) {
		u, _ := httpiri.FromContext(r.Context())
		fmt.Fprintf(w, "path %s, query %s", u.Path(), u.Query())
	})
	srv := httptest.NewServer(httpiri.Middleware(httpiri.Options{
		Normalize: httpiri.NormalizeSyntax,
		Reject:    lint.SeverityError,
	})(mux))
	defer srv.Close()

	for _, target := range []string{"/docs/./a/../b?q=%7e", "/docs/{x}"} {
		req, _ := http.NewRequest("GET", srv.URL, nil)
		req.URL.Opaque = target // sent as it is
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.StatusCode, resp.Header.Get("Content-Type"), strings.TrimSpace(string(body)))
	}
	// Output:
	// 200 text/plain; charset=utf-8 path /docs/b, query q=~
	// 400 application/problem+json {"type":"https://pkg.go.dev/github.com/irikit/iri/httpiri#Error","title":"Bad Request","status":400,"detail":"not a valid origin-form request target: found '{', expected ipchar, \"/\", \"?\" or \"#\" (ipath)","offset":6,"component":"path","code":"char"}
}

// The middleware in front of a reverse proxy: the backend receives the
// normal form of the target, the one the middleware checked, so the two
// cannot read the path differently.
func ExampleMiddleware_reverseProxy() {
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, r.RequestURI)
	}))
	defer backend.Close()
	target, _ := url.Parse(backend.URL)
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target) // pr.Out.URL holds the normal form's path and query
	}}
	front := httptest.NewServer(httpiri.Middleware(httpiri.Options{
		Normalize:      httpiri.NormalizeSyntax,
		EscapedSlashes: httpiri.RejectEscapedSlashes,
	})(proxy))
	defer front.Close()

	for _, target := range []string{"/static/%2e%2e/%2E%2E/admin/./x?%41", "/a%2Fb"} {
		req, _ := http.NewRequest("GET", front.URL, nil)
		req.URL.Opaque = target
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			body = []byte(resp.Status)
		}
		fmt.Printf("%s -> %s\n", target, body)
	}
	// Output:
	// /static/%2e%2e/%2E%2E/admin/./x?%41 -> /admin/x?A
	// /a%2Fb -> 400 Bad Request
}
