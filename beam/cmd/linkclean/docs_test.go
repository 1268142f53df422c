package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The run docs/beam.md shows prints what the document says it prints: the
// command is read from the document, run from the repository's root with
// the output prefix moved to a temporary directory, and its summary
// compared with the "# linkclean:" line under it (the summary is what
// standard output holds; standard error has Beam's log).
func TestDocumentedRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the pipeline on the corpora")
	}
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "beam.md"))
	if err != nil {
		t.Skipf("no docs/beam.md: %v", err)
	}
	var command, want string
	lines := strings.Split(string(doc), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "go -C beam run ./cmd/linkclean ") && i+1 < len(lines) {
			command, want = l, strings.TrimPrefix(lines[i+1], "# ")
			break
		}
	}
	if command == "" || !strings.HasPrefix(want, "linkclean: ") {
		t.Fatal("docs/beam.md has no linkclean command followed by its \"# linkclean:\" summary")
	}
	args := strings.Fields(strings.TrimPrefix(command, "go -C beam run ./cmd/linkclean "))
	out := filepath.Join(t.TempDir(), "links")
	var documented string
	for i := range args {
		args[i] = strings.Trim(strings.ReplaceAll(args[i], "$PWD", root), `"`)
		if i > 0 && args[i-1] == "--output" {
			documented, args[i] = args[i], out
		}
	}
	if documented == "" {
		t.Fatalf("no --output in %q", command)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = root
	var stderr strings.Builder
	cmd.Stderr = &stderr // Beam's log
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", command, err, stderr.String())
	}
	if g := strings.TrimSpace(strings.ReplaceAll(string(got), out, documented)); g != want {
		t.Errorf("%s\nprints  %q\ndocument %q", command, g, want)
	}
}
