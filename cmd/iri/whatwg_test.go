package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/irikit/iri/internal/wpt"
)

// whatwg prints each line's href, reports a line the parser refuses on
// standard error, and exits 1 when there is one.
func TestWHATWGText(t *testing.T) {
	in := "HTTP://EXAMPLE.com/a/../b\nhttp:\\\\0x7f.1\\x\nhttp://exa mple/\nfoo:bar\n"
	out, errOut, code := runIRI(t, in, "whatwg")
	check(t, "stdout", out, "http://example.com/b\nhttp://127.0.0.1/x\nfoo:bar\n")
	check(t, "stderr", errOut, "<stdin>:3: whatwg: cannot parse \"http://exa mple/\": domain-to-ASCII at byte offset 7\n")
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
	out, _, code = runIRI(t, in, "whatwg", "--aligned", "--jobs", "2")
	check(t, "--aligned", out, "http://example.com/b\nhttp://127.0.0.1/x\n\nfoo:bar\n")
	out, _, code = runIRI(t, "../c?d\n//other/\n", "whatwg", "--base", "https://h/a/b")
	check(t, "--base", out, "https://h/c?d\nhttps://other/\n")
	if code != exitOK {
		t.Errorf("--base: exit %d", code)
	}
	_, errOut, code = runIRI(t, "", "whatwg", "--base", "not a URL")
	if code != exitError || !strings.Contains(errOut, "--base: whatwg: cannot parse") {
		t.Errorf("bad --base: exit %d, %q", code, errOut)
	}
	out, _, code = runIRI(t, "a,HTTP://H/x\nb,http://a b/\n", "whatwg", "--field", "2", "--delimiter", ",")
	check(t, "--field", out, "a,HTTP://H/x,http://h/x\nb,http://a b/,\n")
	if code != exitInvalid {
		t.Errorf("--field: exit %d", code)
	}
	for _, flag := range [][]string{{"--rule", "IRI"}, {"--allow-bidi"}, {"--stats"}} {
		_, errOut, code := runIRI(t, "", append([]string{"whatwg"}, flag...)...)
		if code != exitError || !strings.Contains(errOut, "whatwg does not take "+flag[0]) {
			t.Errorf("%v: exit %d, %q", flag, code, errOut)
		}
	}
}

// whatwg --json writes the fields of web-platform-tests; read with
// --json-in, every case of urltestdata.json without a base gives its
// expected fields, or fails where it must.
func TestWHATWGJSON(t *testing.T) {
	data := wpt.File(t, "urltestdata.json")
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []map[string]any
	var in strings.Builder
	for _, r := range raw {
		var c map[string]any
		if json.Unmarshal(r, &c) != nil || c["base"] != nil {
			continue
		}
		cases = append(cases, c)
		b, _ := json.Marshal(c["input"])
		in.Write(b)
		in.WriteByte('\n')
	}
	out, _, code := runIRI(t, in.String(), "whatwg", "--json-in", "--json", "--jobs", "3")
	if code != exitInvalid {
		t.Errorf("exit %d, want %d (some cases fail)", code, exitInvalid)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(cases) || len(cases) < 100 {
		t.Fatalf("%d records for %d cases", len(lines), len(cases))
	}
	for i, c := range cases {
		var got map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		if got["input"] != c["input"] {
			t.Errorf("record %d: input %q, want %q", i, got["input"], c["input"])
		}
		if c["failure"] == true {
			if got["valid"] != false || got["error"] == nil || got["href"] != nil {
				t.Errorf("%q: %s, want a failure", c["input"], lines[i])
			}
			continue
		}
		if got["valid"] != true || got["warnings"] == nil {
			t.Errorf("%q: %s", c["input"], lines[i])
		}
		for _, k := range []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"} {
			if want, ok := c[k]; ok && got[k] != want {
				t.Errorf("%q: %s %q, want %q", c["input"], k, got[k], want)
			}
		}
	}
}
