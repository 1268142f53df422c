package httpiri

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// A Checker answers what it refuses and redirects, and hands back the
// request the next handler is to see: the rewritten one, with the
// target in its context.
func TestChecker(t *testing.T) {
	c := NewChecker(Options{Normalize: NormalizeSyntax, EscapedSlashes: UnescapeAndRedirect})
	rec := httptest.NewRecorder()
	if r2, ok := c.Admit(rec, request("GET", "/a{b")); ok || r2 != nil || rec.Code != http.StatusBadRequest {
		t.Errorf("refused: %v %v %d", r2, ok, rec.Code)
	}
	rec = httptest.NewRecorder()
	if r2, ok := c.Admit(rec, request("GET", "/a%2Fb")); ok || r2 != nil || rec.Code != http.StatusTemporaryRedirect {
		t.Errorf("redirected: %v %v %d", r2, ok, rec.Code)
	}
	rec = httptest.NewRecorder()
	r := request("GET", "/a/./b")
	r2, ok := c.Admit(rec, r)
	if !ok || r2 == nil || r2 == r || r2.RequestURI != "/a/b" || rec.Body.Len() != 0 {
		t.Fatalf("passed: %v %v %q", r2, ok, rec.Body)
	}
	if u, ok := FromContext(r2.Context()); !ok || u.String() != "/a/b" {
		t.Errorf("FromContext %q %v", u.String(), ok)
	}
	if r.RequestURI != "/a/./b" {
		t.Errorf("the request given was changed: %q", r.RequestURI)
	}
}
