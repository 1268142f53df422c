package docs_test

import (
	"path/filepath"
	"testing"

	"github.com/irikit/iri/internal/gosnippet"
)

// Every ```go block of the README and of the documents here compiles
// against the module as it is (docs/beam.md's, whose module is beam's,
// is checked there).
func TestGoSnippets(t *testing.T) {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../README.md", "../caddy/README.md")
	n := 0
	for _, file := range files {
		if filepath.Base(file) == "beam.md" {
			continue
		}
		snippets, err := gosnippet.Read(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range snippets {
			n++
			for _, err := range s.Check(".") {
				t.Error(err)
			}
			for _, err := range s.CheckExample() {
				t.Error(err)
			}
		}
	}
	if n < 6 {
		t.Errorf("only %d Go blocks found", n)
	}
}
