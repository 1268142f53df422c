package fuzz

import (
	"strings"
	"testing"

	"github.com/irikit/iri/whatwg"
)

// whatwgSeeds are inputs where browsers and the RFCs part ways, and the
// corners of the standard's parser.
var whatwgSeeds = []string{
	`http:\\evil.com\x`, "http:///evil.com/", "http://0x7f.1/", "http://ex%61mple.com/", "HTTP://EXAMPLE.COM:80/a/./b/../c?d#e",
	"file:///C|/x", "file://localhost/a", "\t http://a\nb/ ", "http://[::ffff:127.0.0.1]/", "http://[1:0:0:2::3:0]/",
	"http://user:pa:ss@h@x/", "web+demo:/.//not-a-host/", "data:text/plain,a b #c", "foo://h/%2e%2E/x", "http://%E2%80%AE.com/",
	"http://bücher.example/", "http://ex\u00ADample/", "blob:https://h/x", "http://1.2.3.4.5/", "https://xn--/",
	"ws://h/?'", "http://h/^`{}", "\\\\server\\share", "?q", "#f", "..", "c:/x", "//h", "http://a:65536/",
}

// FuzzWHATWG parses any input, alone and against a base, by the WHATWG
// reading: no panic; a URL's Href is ASCII, is its components put back
// together, and parses to itself (the standard's serializer round-trips);
// every offset lies in the input.
func FuzzWHATWG(f *testing.F) {
	for _, s := range whatwgSeeds {
		f.Add(s, "")
		f.Add(s, "https://example.com/a/b?q#f")
	}
	f.Fuzz(func(t *testing.T, in, base string) {
		u, err := whatwg.Parse(in)
		checkWHATWG(t, in, u, err)
		if b, berr := whatwg.Parse(base); berr == nil {
			u, err = b.Parse(in)
			checkWHATWG(t, in, u, err)
		}
	})
}

func checkWHATWG(t *testing.T, in string, u whatwg.URL, err error) {
	t.Helper()
	if err != nil {
		e, ok := err.(*whatwg.Error)
		if !ok || e.Offset < 0 || e.Offset > len(in) || e.Input != in || e.Kind.String() == "" {
			t.Fatalf("%q: error %#v", in, err)
		}
		return
	}
	h := u.Href()
	for i := 0; i < len(h); i++ {
		// An opaque path keeps its spaces.
		if h[i] >= 0x7F || h[i] < ' ' || h[i] == ' ' && !(u.HasOpaquePath() && strings.Contains(u.Pathname(), " ")) {
			t.Fatalf("%q: href %q holds %#x", in, h, h[i])
		}
	}
	var b strings.Builder
	b.WriteString(u.Protocol())
	if u.HostKind() != whatwg.HostNull {
		b.WriteString("//")
		if u.HasCredentials() {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Host())
	} else if !u.HasOpaquePath() && strings.HasPrefix(u.Pathname(), "//") {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if q, ok := u.Query(); ok {
		b.WriteString("?" + q)
	}
	if f, ok := u.Fragment(); ok {
		b.WriteString("#" + f)
	}
	if b.String() != h {
		t.Fatalf("%q: href %q, components %q", in, h, b.String())
	}
	v, err := whatwg.Parse(h)
	if err != nil || v.Href() != h || v.HostKind() != u.HostKind() || v.Origin() != u.Origin() {
		t.Fatalf("%q: href %q parses to %q (%v)", in, h, v.Href(), err)
	}
	switch u.HostKind() {
	case whatwg.HostIPv4:
		if !u.IP().Is4() {
			t.Fatalf("%q: IPv4 host %q, IP %v", in, u.Hostname(), u.IP())
		}
	case whatwg.HostIPv6:
		if !u.IP().Is6() {
			t.Fatalf("%q: IPv6 host %q, IP %v", in, u.Hostname(), u.IP())
		}
	}
	for _, w := range u.Warnings() {
		if w.Offset < 0 || w.Offset > len(in) || w.Kind.String() == "" {
			t.Fatalf("%q: warning %v", in, w)
		}
	}
}
