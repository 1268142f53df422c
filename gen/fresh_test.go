package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var write = flag.Bool("write", false, "rewrite the checked-in tables instead of comparing them")

// TestTablesFresh renders package tables in memory and compares every file
// byte for byte with the checked-in one, as runtime's TestLockRankGenerated
// does. With -write it rewrites them instead (go test ./gen -run
// TestTablesFresh -args -write).
func TestTablesFresh(t *testing.T) {
	dir := filepath.Join("..", "tables")
	files := render(build())
	var names []string
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		if *write {
			if err := os.WriteFile(path, files[name], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("tables out of date; run go generate ./...: %v", err)
			continue
		}
		if !bytes.Equal(old, files[name]) {
			t.Errorf("tables out of date; run go generate ./...: %s differs from the generator's output (%s)", name, firstDiff(old, files[name]))
		}
	}
	// A file marked generated that the generator no longer writes is
	// stale too.
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if _, ok := files[name]; ok || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(src, []byte(header[:len(header)-2])) {
			t.Errorf("tables out of date; run go generate ./...: %s is marked generated but the generator does not write it", name)
		}
	}
}

// firstDiff says where two files first differ.
func firstDiff(a, b []byte) string {
	line := 1
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return "first difference at line " + strconv.Itoa(line)
		}
		if a[i] == '\n' {
			line++
		}
	}
	return "one is a prefix of the other; lengths " + strconv.Itoa(len(a)) + " and " + strconv.Itoa(len(b))
}
