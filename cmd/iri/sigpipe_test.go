//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestClosedStdout runs the real command with its standard output read by
// a reader that closes it after the first line, as head -1 does: the
// command must end quietly with status 2, not die of SIGPIPE (141 in a
// shell) or complain.
func TestClosedStdout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "iri")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	text := strings.Repeat("http://example.com/a/b?c#d\n", 200000)
	jsonLines := strings.Repeat("\"http://example.com/a/b?c#d\"\n", 200000)
	for _, args := range [][]string{{"parse"}, {"to-uri"}, {"normalize"}, {"display"}, {"resolve", "--base", "http://h/"}, {"check", "--json-in", "--json"}, {"lint", "--json-in", "--json"}} {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(text)
		if args[len(args)-1] == "--json" {
			cmd.Stdin = strings.NewReader(jsonLines)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
			t.Fatalf("%v: reading the first line: %v", args, err)
		}
		out.Close()
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitError {
			t.Errorf("%v with its output closed: %v, want exit status %d", args, err, exitError)
		}
		if stderr.Len() != 0 {
			t.Errorf("%v with its output closed wrote to stderr: %q", args, stderr.String())
		}
	}
}
