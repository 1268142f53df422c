package httpiri

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// TestCurl uses curl, a real client that can send a target as it is
// (--request-target). CI installs curl when the machine lacks it.
func TestCurl(t *testing.T) {
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("curl is not installed (.ci/run installs it)")
	}
	srv := startServer(t, Options{Normalize: NormalizeSyntax, EscapedSlashes: RejectEscapedSlashes})
	tests := []struct {
		target string
		status string
		want   string // in the body
	}{
		{"/a/./b/../c", "200", "uri=/a/c\n"},
		{"/%2e%2e/%2e%2e/etc/passwd", "200", "uri=/etc/passwd\n"},
		{"/a{b}", "400", `"code":"char"`},
		{"/a%2Fb", "400", `"code":"escaped-slash"`},
		{`/a\b`, "400", `"offset":2`},
	}
	for _, tc := range tests {
		out, err := exec.Command(curl, "-sS", "--globoff", "--path-as-is", "--request-target", tc.target,
			"-w", "\n%{http_code}", srv.URL+"/").CombinedOutput()
		if err != nil {
			t.Fatalf("curl %s: %v\n%s", tc.target, err, out)
		}
		body, ok := strings.CutSuffix(string(out), "\n"+tc.status)
		if !ok {
			t.Errorf("%s: curl printed %q, want status %s", tc.target, out, tc.status)
			continue
		}
		if !strings.Contains(body, tc.want) {
			t.Errorf("%s: body %q lacks %q", tc.target, body, tc.want)
		}
	}
}

// TestHTTP2HostAuthority sends HTTP/2 frames by hand (prior knowledge,
// cleartext) with a Host header field that names another host than
// :authority: Go's client never sends that, an attacker can.
func TestHTTP2HostAuthority(t *testing.T) {
	srv := startServerH2C(t, Options{CheckHost: true})
	for _, tc := range []struct {
		authority, host string
		status          string
	}{
		{"a.example", "", "200"},
		{"a.example", "A.EXAMPLE:80", "200"},
		{"a.example", "b.example", "400"},
		{"a.example", "a.example:8080", "400"},
	} {
		if got := h2Status(t, srv, tc.authority, tc.host); got != tc.status {
			t.Errorf(":authority %q Host %q: status %s, want %s", tc.authority, tc.host, got, tc.status)
		}
	}
	// Without CheckHost net/http lets the disagreement through: the 400
	// above is the middleware's.
	if got := h2Status(t, startServerH2C(t, Options{}), "a.example", "b.example"); got != "200" {
		t.Errorf("without CheckHost: status %s", got)
	}
}

func startServerH2C(t *testing.T, opts Options) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: Middleware(opts)(echo), Protocols: new(http.Protocols)}
	srv.Protocols.SetHTTP1(true)
	srv.Protocols.SetUnencryptedHTTP2(true)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// h2Status sends one GET / over a new HTTP/2 connection and returns the
// :status of the answer.
func h2Status(t *testing.T, addr, authority, host string) string {
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
	for _, f := range [][2]string{{":method", "GET"}, {":scheme", "http"}, {":authority", authority}, {":path", "/"}} {
		enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]})
	}
	if host != "" {
		enc.WriteField(hpack.HeaderField{Name: "host", Value: host})
	}
	if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: hb.Bytes(), EndStream: true, EndHeaders: true}); err != nil {
		t.Fatal(err)
	}
	dec := hpack.NewDecoder(4096, nil)
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
					return hf.Value
				}
			}
		case *http2.RSTStreamFrame:
			return "RST_STREAM " + f.ErrCode.String()
		case *http2.GoAwayFrame:
			return "GOAWAY " + f.ErrCode.String()
		}
	}
}
