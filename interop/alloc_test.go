package interop

import (
	"net/url"
	"testing"
)

// Check allocates nothing; Read nothing beyond what net/url allocates
// for its reading, on references the other readers read without
// allocating (valid, canonical to WHATWG, no base).
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, ref := range []string{
		"http://example.com/a/b?q=1#f",
		"https://user@example.com:8443/p",
		"http://0x7f.1/",
		`http:\\evil.com\x`,
		"//evil.com/x",
	} {
		for _, ctx := range []Context{{}, {Base: "http://h.example/a", RequestTarget: true}} {
			if n := testing.AllocsPerRun(100, func() { Check(ref, ctx) }); n != 0 {
				t.Errorf("Check(%q, %+v): %v allocations", ref, ctx, n)
			}
		}
	}
	for _, ref := range []string{"http://example.com/a/b?q=1#f", "https://example.com:8443/p", "mailto:a@b.example"} {
		neturl := testing.AllocsPerRun(100, func() {
			u, _ := url.Parse(ref)
			_ = u.EscapedPath()
			_ = u.EscapedFragment()
		})
		if n := testing.AllocsPerRun(100, func() { Read(ref, Context{}) }); n > neturl {
			t.Errorf("Read(%q): %v allocations, net/url's reading %v", ref, n, neturl)
		}
	}
}
