package beamiri_test

import (
	"testing"

	"github.com/irikit/iri/internal/gosnippet"
)

// docs/beam.md's Go block compiles against this module as it is.
func TestDocsSnippet(t *testing.T) {
	snippets, err := gosnippet.Read("../docs/beam.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(snippets) == 0 {
		t.Fatal("docs/beam.md has no Go block")
	}
	for _, s := range snippets {
		for _, err := range s.Check(".") {
			t.Error(err)
		}
	}
}
