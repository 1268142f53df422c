// Package corpus gives tests the lines of the benchmark corpora in
// bench/testdata. They belong to the bench module, so a test run from a
// checkout finds them; one run from the module cache, where the bench
// module is not, skips with a message that says so.
package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the bench/testdata directory of the checkout that holds
// the working directory, or "" when there is none.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "bench", "testdata")
			if _, err := os.Stat(d); err == nil {
				return d
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Lines returns the lines of the corpus file name as the iri command reads
// them: without a UTF-8 byte-order mark at the start (kasztp.txt has one),
// so that tests which compare a library call on each line with the
// command's output on the file see the same lines.
func Lines(tb testing.TB, name string) []string {
	tb.Helper()
	dir := Dir()
	if dir == "" {
		tb.Skip("the corpora are in the bench module (bench/testdata), which this copy of the module lacks")
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		tb.Fatal(err)
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// All returns the lines of each corpus of references (*.txt).
func All(tb testing.TB) [][]string {
	tb.Helper()
	dir := Dir()
	if dir == "" {
		tb.Skip("the corpora are in the bench module (bench/testdata), which this copy of the module lacks")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		tb.Fatalf("no corpora in %s", dir)
	}
	var all [][]string
	for _, f := range files {
		all = append(all, Lines(tb, filepath.Base(f)))
	}
	return all
}
