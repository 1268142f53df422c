package httpiri

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Options.Interop refuses a target whose readers disagree on where it
// goes (and, at InteropPath, on its path), with a body that lists each
// reader's reading and the causes, and lets the others through.
func TestInterop(t *testing.T) {
	for _, tc := range []struct {
		level  Interop
		target string
		causes string // "" for a target that passes
		host   string // WHATWG's host in the body
	}{
		{InteropDestination, "//evil.example/x", "request-target-authority", "evil.example"},
		{InteropDestination, "//evil.example:8080/x", "request-target-authority", "evil.example"},
		{InteropDestination, "http://0x7f.1/", "IPv4-non-decimal-part", "127.0.0.1"},
		{InteropDestination, "http://2130706433/a", "ipv4-shorthand", "127.0.0.1"},
		{InteropDestination, "http://ex%61mple.com/", "host-percent-decoding", "example.com"},
		{InteropDestination, "http://127.0.0.1./", "ipv4-shorthand", "127.0.0.1"},
		{InteropDestination, "/a/%2e%2e/admin", "", ""},
		{InteropDestination, "/a/b?c=d", "", ""},
		{InteropDestination, "http://example.com/a", "", ""},
		{InteropDestination, "/wiki/%E6%97%A5", "", ""},
		{InteropPath, "/a/%2e%2e/admin", "encoded-dot-segment", "example.com"},
		{InteropPath, "/a/../admin", "dot-segment", "example.com"},
		{InteropPath, "//evil.example/x", "request-target-authority", "evil.example"},
		{InteropPath, "/a/b?c=d", "", ""},
		{InteropOff, "//evil.example/x", "", ""},
	} {
		rec, s := serve(t, Options{Interop: tc.level}, request("GET", tc.target))
		if tc.causes == "" {
			if rec.Code != http.StatusOK || !s.called {
				t.Errorf("%s %q: %d %s", tc.level, tc.target, rec.Code, rec.Body)
			}
			continue
		}
		if rec.Code != http.StatusBadRequest || s.called {
			t.Errorf("%s %q: %d, next called %v", tc.level, tc.target, rec.Code, s.called)
			continue
		}
		var p struct {
			Code     string
			Detail   string
			Offset   *int
			Readings map[string]*struct{ Scheme, Host, Port, Path *string }
			Differs  []string
			Causes   []string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		if p.Code != "interop" || p.Offset != nil || !strings.Contains(strings.Join(p.Causes, ","), tc.causes) ||
			len(p.Readings) != 4 || p.Readings["whatwg"] == nil || p.Readings["whatwg"].Host == nil || *p.Readings["whatwg"].Host != tc.host {
			t.Errorf("%s %q: body %s", tc.level, tc.target, rec.Body)
		}
		if !strings.Contains(p.Detail, "the readers of the target disagree on its ") || !strings.Contains(p.Detail, tc.causes) {
			t.Errorf("%s %q: detail %q", tc.level, tc.target, p.Detail)
		}
	}
}

// A Host too long for the quick look's buffer goes to the reading.
func TestInteropLongHost(t *testing.T) {
	host := strings.Repeat("a", 300) + ".example"
	for target, refused := range map[string]bool{"//evil.example/x": true, "/a/b": false} {
		r := request("GET", target)
		r.Host = host
		rec, s := serve(t, Options{Interop: InteropDestination}, r)
		if (rec.Code == http.StatusBadRequest) != refused || s.called == refused {
			t.Errorf("%q with a %d-byte Host: %d", target, len(host), rec.Code)
		}
	}
}

// The quick look allocates nothing for a target that passes it.
func TestInteropAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	for _, level := range []Interop{InteropDestination, InteropPath} {
		opts := Options{Interop: level}
		for _, target := range passing {
			if strings.Contains(target, "%2e") {
				continue
			}
			r := request("GET", target)
			if _, err := opts.Check(r); err != nil {
				t.Fatalf("%s %q: %v", level, target, err)
			}
			if n := testing.AllocsPerRun(100, func() { opts.Check(r) }); n != 0 {
				t.Errorf("%s: Check(%q) allocates %.0f times", level, target, n)
			}
		}
	}
}

func TestInteropNames(t *testing.T) {
	for _, l := range []Interop{InteropOff, InteropDestination, InteropPath} {
		if got, ok := ParseInterop(l.String()); !ok || got != l {
			t.Errorf("%v: ParseInterop(%q) = %v, %v", l, l.String(), got, ok)
		}
	}
	if _, ok := ParseInterop("host"); ok {
		t.Error(`ParseInterop("host") took it`)
	}
}
