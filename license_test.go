package iri_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every module of the repository carries the licence: a module's zip holds
// only the files under its own go.mod, so the nested modules need their
// own copy, the same bytes as the root's.
func TestLicense(t *testing.T) {
	root, err := os.ReadFile("LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	// The three clauses of BSD-3-Clause and the holder, word for word.
	for _, want := range []string{
		"Copyright 2026 The iri Authors.",
		"Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.",
		"Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.",
		"Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.",
		`THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"`,
	} {
		if !strings.Contains(strings.Join(strings.Fields(string(root)), " "), want) {
			t.Errorf("LICENSE lacks %q", want)
		}
	}
	mods, err := filepath.Glob("*/go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) == 0 {
		t.Fatal("no nested module found")
	}
	for _, mod := range mods {
		p := filepath.Join(filepath.Dir(mod), "LICENSE")
		got, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("module %s: %v", filepath.Dir(mod), err)
			continue
		}
		if !bytes.Equal(got, root) {
			t.Errorf("%s differs from LICENSE", p)
		}
	}
}
