package main

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The README's curl examples of the API, each run against the server
// with its output compared: the block after "<!-- serve: ... -->".
func TestREADMECurl(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl on PATH; .ci/run installs it")
	}
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(b), "<!-- serve: cmd/iri TestREADMECurl -->\n```shell-session\n")
	if !ok {
		t.Fatal("README.md has no serve examples")
	}
	block, _, _ = strings.Cut(block, "```\n")
	srv := httptest.NewServer(newPlayground(defaultMaxBody))
	defer srv.Close()
	type example struct{ cmd, want string }
	var examples []example
	for _, l := range strings.Split(strings.TrimSuffix(block, "\n"), "\n") {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			examples = append(examples, example{cmd: c})
		} else if len(examples) > 0 {
			examples[len(examples)-1].want += l + "\n"
		}
	}
	seen := map[string]bool{}
	for _, ex := range examples {
		cmd := strings.ReplaceAll(ex.cmd, "http://127.0.0.1:8080", srv.URL)
		out, err := exec.Command("sh", "-c", cmd).Output()
		if err != nil || string(out) != ex.want {
			t.Errorf("$ %s\n%v\ngot:\n%s\nREADME:\n%s", ex.cmd, err, out, ex.want)
		}
		if _, path, ok := strings.Cut(ex.cmd, "/v1/"); ok {
			name, _, _ := strings.Cut(path, "?")
			name, _, _ = strings.Cut(name, "'")
			name, _, _ = strings.Cut(name, " ")
			seen[name] = true
		}
	}
	for _, name := range append(apiCommands, "explain") {
		if !seen[name] {
			t.Errorf("the README has no example of /v1/%s", name)
		}
	}
}
