package iri

import (
	"os/exec"
	"strings"
	"testing"
)

// TestParseInlines pins what keeps ParseReference as cheap as the scan:
// the Parse functions inline into their callers, so the scan fills the
// caller's IRI and no frame of their own sits between (issue 17, item 9).
func TestParseInlines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with the compiler's inlining report")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	lines := strings.Split(string(out), "\n")
	for _, fn := range []string{"Parse", "ParseReference", "ParseRule", "Parser.Parse"} {
		if !hasLineSuffix(lines, ": can inline "+fn) {
			t.Errorf("%s no longer inlines", fn)
		}
	}
}

func hasLineSuffix(lines []string, suffix string) bool {
	for _, l := range lines {
		if strings.HasSuffix(l, suffix) {
			return true
		}
	}
	return false
}
