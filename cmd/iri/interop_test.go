package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// interop prints each reader's row, marks the components that differ,
// and exits 1 when scheme, host or port differ.
func TestInteropText(t *testing.T) {
	out, errOut, code := runIRI(t, "http://0x7f.1/\n", "interop")
	check(t, "stdout", out, `http://0x7f.1/
  rfc3986  scheme=http *host=0x7f.1 path=/
  rfc3987  scheme=http *host=0x7f.1 path=/
  whatwg   scheme=http *host=127.0.0.1 path=/
  neturl   scheme=http *host=0x7f.1 path=/
  differs  host
  causes   IPv4-non-decimal-part
  connect  rfc3986=127.0.0.1:80 rfc3987=127.0.0.1:80 whatwg=127.0.0.1:80 neturl=0x7f.1:80 neturl-cgo=127.0.0.1:80
`)
	check(t, "stderr", errOut, "")
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
	// Only the path differs: exit 0. A value with a space is quoted.
	out, _, code = runIRI(t, "http://h/a/%2e%2e/b c\n", "interop")
	check(t, "path only", out, `"http://h/a/%2e%2e/b c"
  rfc3986  refuses: iri: invalid URI-reference at byte offset 19 in path: found ' ', expected ipchar, "/", "?" or "#" (ipath)
  rfc3987  refuses: iri: invalid IRI-reference at byte offset 19 in ipath: found ' ', expected ipchar, "/", "?" or "#" (ipath)
  whatwg   scheme=http host=h *path=/b%20c
  neturl   scheme=http host=h *path=/a/../b%20c
  differs  path
  refused  rfc3986,rfc3987
  causes   encoded-dot-segment,invalid-URL-unit,neturl-reescaped-path
  connect  whatwg=h:80 neturl=h:80 neturl-cgo=h:80
`)
	if code != exitOK {
		t.Errorf("path only: exit %d, want %d", code, exitOK)
	}
	out, _, code = runIRI(t, "//evil.com/x\n/ok\n", "interop", "--request-target", "--base", "http://h.example", "--jobs", "2")
	if !strings.Contains(out, "whatwg   scheme=http *host=evil.com *path=/x\n") || !strings.Contains(out, "causes   request-target-authority\n") ||
		!strings.Contains(out, "\n/ok\n  rfc3986  scheme=http host=h.example path=/ok\n") || code != exitInvalid {
		t.Errorf("--request-target: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"--rule", "IRI"}, {"--allow-bidi"}, {"--stats"}, {"--field", "1"}} {
		_, errOut, code := runIRI(t, "", append([]string{"interop"}, args...)...)
		if code != exitError || !strings.Contains(errOut, "interop does not take "+args[0]) {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	_, errOut, code = runIRI(t, "", "interop", "--request-target")
	if code != exitError || !strings.Contains(errOut, "--request-target needs --base") {
		t.Errorf("--request-target alone: exit %d, %q", code, errOut)
	}
}

// interop --json writes, for each case of package interop's catalogue
// (read as JSON strings, with --json-in, since some hold tabs, newlines
// and NULs), the report written out there.
func TestInteropJSON(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "interop", "testdata", "catalogue.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Input  string          `json:"input"`
		Hex    string          `json:"input_hex"`
		Base   string          `json:"base"`
		Target bool            `json:"request_target"`
		Want   json.RawMessage `json:"want"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	// One run a context: none, and each base with and without
	// --request-target.
	type context struct {
		base   string
		target bool
	}
	groups := map[context][]int{}
	for i, c := range cases {
		if c.Hex != "" {
			continue
		}
		k := context{c.Base, c.Target}
		groups[k] = append(groups[k], i)
	}
	n := 0
	for k, idx := range groups {
		var in bytes.Buffer
		for _, i := range idx {
			b, _ := json.Marshal(cases[i].Input)
			in.Write(append(b, '\n'))
		}
		args := []string{"interop", "--json", "--json-in"}
		if k.base != "" {
			args = append(args, "--base", k.base)
		}
		if k.target && k.base == "" {
			continue // the command needs --base for that
		}
		if k.target {
			args = append(args, "--request-target")
		}
		out, errOut, _ := runIRI(t, in.String(), args...)
		if errOut != "" {
			t.Errorf("%v: stderr %q", args, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(idx) {
			t.Fatalf("%v: %d lines for %d inputs", args, len(lines), len(idx))
		}
		for j, i := range idx {
			var want bytes.Buffer
			json.Compact(&want, cases[i].Want)
			got := lines[j]
			if k := strings.Index(got, `"versions":{"neturl":"go`); k >= 0 {
				got = got[:k] + `"versions":{"neturl":"GO"}}`
			}
			if got != want.String() {
				t.Errorf("%q (%v):\n got %s\nwant %s", cases[i].Input, args, got, want.String())
			}
			n++
		}
	}
	if n < 60 {
		t.Errorf("%d cases compared", n)
	}
}
