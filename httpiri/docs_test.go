package httpiri_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/lint"
)

// The exchange docs/proxy.md shows is what a server with the options it
// shows answers: the request of its ```http block is sent as it is, and
// the status line, the headers shown and the body are compared.
func TestDocumentedExchange(t *testing.T) {
	doc, err := os.ReadFile("../docs/proxy.md")
	if err != nil {
		t.Skipf("no docs/proxy.md: %v", err)
	}
	_, block, ok := strings.Cut(string(doc), "```http\n")
	if !ok {
		t.Fatal("docs/proxy.md has no ```http block")
	}
	block, _, _ = strings.Cut(block, "\n```")
	request, response, ok := strings.Cut(block, "\n\n")
	if !ok {
		t.Fatal("the ```http block has no blank line after the request")
	}
	wantHead, wantBody, _ := strings.Cut(response, "\n\n")
	wantLines := strings.Split(wantHead, "\n")

	// The options of the document's Go block.
	h := httpiri.Middleware(httpiri.Options{
		Normalize:      httpiri.NormalizeSyntax,
		MergeSlashes:   true,
		EscapedSlashes: httpiri.RejectEscapedSlashes,
		Reject:         lint.SeverityWarning,
		CheckHost:      true,
	})(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "reached the handler")
	}))
	srv := httptest.NewServer(h)
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, strings.ReplaceAll(request, "\n", "\r\n")+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	if got := resp.Proto + " " + resp.Status; got != wantLines[0] {
		t.Errorf("status line %q, document %q", got, wantLines[0])
	}
	for _, l := range wantLines[1:] {
		name, value, _ := strings.Cut(l, ": ")
		got := resp.Header.Get(name)
		if name == "Connection" && resp.Close {
			got = "close" // net/http moves it to Response.Close
		}
		if got != value {
			t.Errorf("%s: %q, document %q", name, got, value)
		}
	}
	if got := strings.TrimSpace(string(body)); got != strings.TrimSpace(wantBody) {
		t.Errorf("body\n%s\ndocument\n%s", got, wantBody)
	}
}
