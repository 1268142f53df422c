package whatwg

import (
	"encoding/json"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/irikit/iri/internal/wpt"
)

func wptFile(t *testing.T, name string) []byte { return wpt.File(t, name) }

func wptDir() (string, error) { return wpt.Dir() }

// wptCase is one case of urltestdata.json.
type wptCase struct {
	Input      string  `json:"input"`
	Base       *string `json:"base"`
	Failure    bool    `json:"failure"`
	RelativeTo string  `json:"relativeTo"`
	Href       *string `json:"href"`
	Origin     *string `json:"origin"`
	Protocol   *string `json:"protocol"`
	Username   *string `json:"username"`
	Password   *string `json:"password"`
	Host       *string `json:"host"`
	Hostname   *string `json:"hostname"`
	Port       *string `json:"port"`
	Pathname   *string `json:"pathname"`
	Search     *string `json:"search"`
	Hash       *string `json:"hash"`
}

func loadURLTestData(t *testing.T) []wptCase {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, "urltestdata.json"), &raw); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c wptCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// parseWith parses c's input as new URL(input, base) does.
func (c wptCase) parse() (URL, error) {
	if c.Base == nil {
		return Parse(c.Input)
	}
	base, err := Parse(*c.Base)
	if err != nil {
		return URL{}, err
	}
	return base.Parse(c.Input)
}

// TestURLTestData runs every case of urltestdata.json: failures fail,
// and every field listed of the others is equal.
func TestURLTestData(t *testing.T) {
	cases := loadURLTestData(t)
	if len(cases) == 0 {
		t.Fatal("urltestdata.json holds no case")
	}
	pass := 0
	for _, c := range cases {
		u, err := c.parse()
		if c.Failure {
			if err == nil {
				t.Errorf("%q (base %v): want failure, got %q", c.Input, deref(c.Base), u.Href())
				continue
			}
			ok := true
			// relativeTo: the input is relative, and parses against such
			// a base.
			for _, b := range relativeBases(c) {
				base, _ := Parse(b)
				if _, err := base.Parse(c.Input); err != nil {
					t.Errorf("%q against %q: %v", c.Input, b, err)
					ok = false
				}
			}
			if ok {
				pass++
			}
			continue
		}
		if err != nil {
			t.Errorf("%q (base %v): %v", c.Input, deref(c.Base), err)
			continue
		}
		ok := true
		for _, f := range []struct {
			name string
			want *string
			got  string
		}{
			{"href", c.Href, u.Href()}, {"origin", c.Origin, u.Origin()}, {"protocol", c.Protocol, u.Protocol()},
			{"username", c.Username, u.Username()}, {"password", c.Password, u.Password()},
			{"host", c.Host, u.Host()}, {"hostname", c.Hostname, u.Hostname()}, {"port", c.Port, u.Port()},
			{"pathname", c.Pathname, u.Pathname()}, {"search", c.Search, u.Search()}, {"hash", c.Hash, u.Hash()},
		} {
			if f.want != nil && *f.want != f.got {
				t.Errorf("%q (base %v): %s %q, want %q", c.Input, deref(c.Base), f.name, f.got, *f.want)
				ok = false
			}
		}
		if ok {
			pass++
		}
	}
	t.Logf("%d of %d cases pass", pass, len(cases))
}

// relativeBases are bases that an input which fails on its own parses
// against, by its relativeTo: one whose path is not opaque (of the
// input's own scheme where it names one, as "http:@/www.example.com"
// is a path only against an http base), and for "any-base" an opaque
// one too.
func relativeBases(c wptCase) []string {
	if c.RelativeTo == "" {
		return nil
	}
	b := "https://example.com/"
	if k := strings.IndexByte(c.Input, ':'); k > 0 && schemeOf(c.Input[:k]) != schemeOther {
		b = c.Input[:k] + "://example.com/"
	}
	if c.RelativeTo == "any-base" {
		return []string{b, "data:,"}
	}
	return []string{b}
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

// TestToASCII runs toascii.json through the host parser, as
// web-platform-tests does: the input as the host of "https://" input
// "/x", whose hostname is the output, or which fails where the output
// is null.
func TestToASCII(t *testing.T) {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, "toascii.json"), &raw); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range raw {
		if r[0] == '"' {
			continue
		}
		var c struct {
			Input  string  `json:"input"`
			Output *string `json:"output"`
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		n++
		u, err := Parse("https://" + c.Input + "/x")
		if idna.UnicodeVersion < "16" && uts46Since16[c.Input] {
			// Exactly these differ: the list is not stale.
			if c.Output != nil && err == nil && u.Hostname() == *c.Output {
				t.Errorf("%q: passes with Unicode %s, and is listed in uts46Since16", c.Input, idna.UnicodeVersion)
			}
			continue
		}
		switch {
		case c.Output == nil && err == nil:
			t.Errorf("%q: want failure, got host %q", c.Input, u.Hostname())
		case c.Output != nil && err != nil:
			t.Errorf("%q: %v, want %q", c.Input, err, *c.Output)
		case c.Output != nil && u.Hostname() != *c.Output:
			t.Errorf("%q: host %q, want %q", c.Input, u.Hostname(), *c.Output)
		}
	}
	if n == 0 {
		t.Fatal("toascii.json holds no case")
	}
}

// uts46Since16 are the toascii.json inputs whose reading changed with
// UTS 46 for Unicode 16, which the data follows: Go 1.26 builds
// x/net/idna with the tables of Unicode 15.0, which refuse the first
// five and map U+1E9E to "ss", Go 1.27 with those of 17.0, which read
// them all as the data does.
var uts46Since16 = map[string]bool{
	"look\u180eout.net": true, "look\u206bout.net": true, "\u04c0.com": true, "\U0002F868.com": true,
	"\u2183.com": true, "\u1e9e.com": true, "\u1e9e.foo.com": true,
}

// TestPercentEncoding runs percent-encoding.json as web-platform-tests
// does: a link "https://doc.example/?" input "#" input in a page of each
// encoding has the query encoded in it and the fragment in UTF-8.
func TestPercentEncoding(t *testing.T) {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, "percent-encoding.json"), &raw); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range raw {
		if r[0] == '"' {
			continue
		}
		var c struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		for name, want := range c.Output {
			n++
			enc, err := htmlindex.Get(name)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			u, err := Parser{Encoding: enc}.Parse("https://doc.example/?"+c.Input+"#"+c.Input, nil)
			if err != nil {
				t.Errorf("%q in %s: %v", c.Input, name, err)
				continue
			}
			if got := u.Search(); got != "?"+want {
				t.Errorf("%q in %s: search %q, want %q", c.Input, name, got, "?"+want)
			}
			if got := u.Hash(); got != "#"+c.Output["utf-8"] {
				t.Errorf("%q in %s: hash %q, want %q", c.Input, name, got, "#"+c.Output["utf-8"])
			}
		}
	}
	if n == 0 {
		t.Fatal("percent-encoding.json holds no case")
	}
	// A page in UTF-16 or "replacement" writes its queries in UTF-8
	// (the Encoding Standard's "get an output encoding").
	for _, name := range []string{"utf-16le", "utf-16be", "replacement", "utf-8"} {
		enc, err := htmlindex.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		u, err := Parser{Encoding: enc}.Parse("https://h/?\u00e9", nil)
		if err != nil || u.Search() != "?%C3%A9" {
			t.Errorf("%s: %q %v", name, u.Search(), err)
		}
	}
}
