package beamiri

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
)

// The tests run each transform on Beam's local runner, Prism, over the
// benchmark corpora, and check its outputs against what the iri tool
// says of the same files.

// iriTool is the iri command, built once for the tests.
var iriTool string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "beamiri")
	if err != nil {
		panic(err)
	}
	// Built in the iri module, whose go.sum has the command's modules.
	iriTool = filepath.Join(dir, "iri")
	build := exec.Command("go", "build", "-o", iriTool, "./cmd/iri")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := ptest.MainRet(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

// tool runs the iri command with --stats and returns the lines of its
// standard output and the valid and invalid counts of its summary.
func tool(t *testing.T, args ...string) (lines []string, valid, invalid int) {
	t.Helper()
	cmd := exec.Command(iriTool, append([]string{"--stats", "--quiet"}, args...)...)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1) {
		t.Fatalf("iri %v: %v\n%s", args, err, errOut.String())
	}
	// "iri CMD: N lines: V valid, I invalid, U unreadable"
	for _, l := range strings.Split(errOut.String(), "\n") {
		var name string
		var n, u int
		if k, _ := fmt.Sscanf(l, "iri %s %d lines: %d valid, %d invalid, %d unreadable", &name, &n, &valid, &invalid, &u); k == 5 {
			if len(out) > 0 {
				lines = strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			}
			return lines, valid, invalid
		}
	}
	t.Fatalf("iri %v: no summary in %q", args, errOut.String())
	return
}

func corpusFile(t *testing.T, name string) (string, []string) {
	lines := corpus.Lines(t, name)
	return filepath.Join(corpus.Dir(), name), lines
}

// Validate splits each corpus as iri check does.
func TestValidate(t *testing.T) {
	for _, name := range []string{"kasztp.txt", "geonamesjp_iris.txt"} {
		path, lines := corpusFile(t, name)
		_, nValid, nInvalid := tool(t, "check", path)
		p, s := beam.NewPipelineWithRoot()
		ok, bad := Validate(s, beam.CreateList(s, lines), iri.RuleIRIReference, false)
		passert.Count(s, ok, "valid", nValid)
		passert.Count(s, bad, "invalid", nInvalid)
		if nValid+nInvalid != len(lines) {
			t.Fatalf("%s: the tool counts %d+%d of %d lines", name, nValid, nInvalid, len(lines))
		}
		// The invalid ones carry the tool's message.
		var want []Invalid
		for _, l := range lines {
			if _, err := iri.ParseReference(l); err != nil {
				want = append(want, invalid(l, err))
			}
		}
		passert.Equals(s, bad, toAny(want)...)
		ptest.RunAndValidate(t, p)
	}
}

// Normalize gives what iri normalize gives.
func TestNormalize(t *testing.T) {
	path, lines := corpusFile(t, "kasztp.txt")
	want, _, _ := tool(t, "normalize", "--level", "scheme", path)
	p, s := beam.NewPipelineWithRoot()
	normal, bad := Normalize(s, beam.CreateList(s, lines), iri.Normalizer{Level: iri.LevelScheme})
	passert.Equals(s, normal, toAny(want)...)
	passert.Count(s, bad, "invalid", len(lines)-len(want))
	ptest.RunAndValidate(t, p)
}

// Dedupe keeps one reference of each set iri.Key makes equal.
func TestDedupe(t *testing.T) {
	_, lines := corpusFile(t, "kasztp.txt")
	// Variants that the 5.3 ladder makes equal to lines already there.
	in := append([]string{}, lines...)
	for _, l := range lines[:2000] {
		in = append(in, strings.Replace(l, "https://", "HTTPS://", 1))
	}
	best := map[string]string{}
	nInvalid := 0
	for _, l := range in {
		u, err := iri.ParseReference(l)
		if err != nil {
			nInvalid++
			continue
		}
		k := iri.Key(u)
		if b, ok := best[k]; !ok || shorter(b, l) == l {
			best[k] = l
		}
	}
	var want []string
	for _, v := range best {
		want = append(want, v)
	}
	sort.Strings(want)
	if len(want) >= len(lines) {
		t.Fatalf("the test has no duplicates: %d unique of %d", len(want), len(lines))
	}
	p, s := beam.NewPipelineWithRoot()
	unique, bad := Dedupe(s, beam.CreateList(s, in))
	passert.Equals(s, unique, toAny(want)...)
	passert.Count(s, bad, "invalid", nInvalid)
	ptest.RunAndValidate(t, p)
}

// Resolve resolves the relative_urls pairs as iri resolve --base-field
// does.
func TestResolve(t *testing.T) {
	path, lines := corpusFile(t, "relative_urls_cc_10k.csv")
	out, _, _ := tool(t, "resolve", "--field", "2", "--base-field", "1", "--delimiter", ",", "--header", path)
	var pairs []Pair
	var want []string
	for i, l := range lines[1:] {
		c := strings.IndexByte(l, ',')
		pairs = append(pairs, Pair{Base: l[:c], Ref: l[c+1:]})
		if got := out[i+1]; len(got) > len(l)+1 {
			want = append(want, got[len(l)+1:])
		}
	}
	p, s := beam.NewPipelineWithRoot()
	targets, bad := Resolve(s, beam.CreateList(s, pairs))
	passert.Equals(s, targets, toAny(want)...)
	passert.Count(s, bad, "invalid", len(pairs)-len(want))
	ptest.RunAndValidate(t, p)
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
