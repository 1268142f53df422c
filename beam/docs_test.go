package beamiri_test

import (
	"fmt"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/irikit/iri"
	beamiri "github.com/irikit/iri/beam"
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
		for _, err := range s.CheckExample() {
			t.Error(err)
		}
	}
}

// docs/beam.md's lines, run on Beam's local runner.
func Example_docs() {
	p, s := beam.NewPipelineWithRoot()
	lines := beam.Create(s, "HTTP://Example.COM:80/a", "http://example.com/a", "http://a b")
	pairs := beam.Create(s, beamiri.Pair{Base: "http://a/b/c", Ref: "../d"})
	valid, invalid := beamiri.Validate(s, lines, iri.RuleIRIReference, false)
	normal, bad := beamiri.Normalize(s, valid, iri.Normalizer{Level: iri.LevelScheme})
	unique, _ := beamiri.Dedupe(s, normal)
	targets, _ := beamiri.Resolve(s, pairs)
	passert.Count(s, invalid, "invalid", 1)
	passert.Empty(s, bad)
	passert.Equals(s, unique, "http://example.com/a")
	passert.Equals(s, targets, "http://a/d")
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("the pipeline ran and every assertion held")
	// Output: the pipeline ran and every assertion held
}
