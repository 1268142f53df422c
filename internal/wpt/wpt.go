// Package wpt finds the web-platform-tests data of the URL Standard,
// which the project reads in place and does not copy: the tests of
// package whatwg and of the iri command read it from there.
package wpt

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the directory that holds urltestdata.json: $IRI_WPT_DIR,
// or shared/data/wpt beside the repository or beside one of the
// directories above the current one (the repository's ../shared).
func Dir() (string, error) {
	if d := os.Getenv("IRI_WPT_DIR"); d != "" {
		return d, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		d := filepath.Join(dir, "shared", "data", "wpt")
		if _, err := os.Stat(filepath.Join(d, "urltestdata.json")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no shared/data/wpt/urltestdata.json above the current directory, and IRI_WPT_DIR is not set")
		}
		dir = parent
	}
}

// File returns the named file of the data. Where it cannot be read, the
// test fails when the CI variable is set (CI has the data) and is
// skipped with a message elsewhere.
func File(t testing.TB, name string) []byte {
	t.Helper()
	dir, err := Dir()
	if err == nil {
		var b []byte
		if b, err = os.ReadFile(filepath.Join(dir, name)); err == nil {
			return b
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("web-platform-tests data: %v (CI has it in ../shared/data/wpt)", err)
	}
	t.Skipf("web-platform-tests data not found (%v): set IRI_WPT_DIR, or put it in ../shared/data/wpt", err)
	return nil
}
