package httpiri_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/lint"
)

// The middleware of docs/proxy.md, run on a few targets.
func Example_proxy() {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		u, _ := httpiri.FromContext(r.Context())
		fmt.Fprint(w, u.Path())
	})
	h := httpiri.Middleware(httpiri.Options{
		Normalize:      httpiri.NormalizeSyntax,
		MergeSlashes:   true,
		EscapedSlashes: httpiri.RejectEscapedSlashes,
		Reject:         lint.SeverityWarning,
		CheckHost:      true,
	})(mux)
	for _, target := range []string{"/a//b/./c", "/a%2Fb", "/a/%2e%2e/x"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code == http.StatusOK {
			fmt.Println(target, "->", rec.Body)
		} else {
			fmt.Println(target, "->", rec.Code, rec.Header().Get("Content-Type"))
		}
	}
	// Output:
	// /a//b/./c -> /a/b/c
	// /a%2Fb -> 400 application/problem+json
	// /a/%2e%2e/x -> 400 application/problem+json
}
