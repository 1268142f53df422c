package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
)

var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "linkclean")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "linkclean")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// readOutput returns the lines of every file whose name starts with
// prefix.
func readOutput(t *testing.T, prefix string) []string {
	files, _ := filepath.Glob(prefix + "*")
	var lines []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		fh.Close()
	}
	return lines
}

// The pipeline on the local runner: every line of two corpora is valid
// or invalid; the valid output holds one normal form per set of equal
// references; the invalid output holds each invalid line with why.
func TestLinkclean(t *testing.T) {
	dir := corpus.Dir()
	if dir == "" {
		t.Skip("no corpora")
	}
	out := filepath.Join(t.TempDir(), "links")
	in := filepath.Join(dir, "*_iris*.txt") // wiki and geonames
	cmd := exec.Command(bin, "--input", in, "--output", out, "--level", "scheme", "--runner", "prism")
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("linkclean: %v\n%s", err, res)
	}
	var lines []string
	for _, name := range []string{"wiki_iris_7lang.txt", "geonamesjp_iris.txt"} {
		lines = append(lines, corpus.Lines(t, name)...)
	}
	n := iri.Normalizer{Level: iri.LevelScheme}
	keys := map[string]bool{}
	invalid := 0
	for _, l := range lines {
		norm, err := n.Normalize(l)
		if err != nil {
			invalid++
			continue
		}
		keys[iri.Key(iri.MustParseReference(norm))] = true
	}
	valid := readOutput(t, out+"-valid")
	bad := readOutput(t, out+"-invalid")
	if len(valid) != len(keys) || len(bad) != invalid {
		t.Errorf("%d valid lines written for %d distinct references, %d invalid for %d", len(valid), len(keys), len(bad), invalid)
	}
	for _, l := range bad {
		var rec struct {
			Input, Code, Message string
			Offset               int
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil || rec.Code == "" || rec.Message == "" {
			t.Errorf("invalid line %q: %v", l, err)
		}
	}
	want := "linkclean: " + itoa(len(lines)) + " lines: " + itoa(len(lines)-invalid) + " valid, " + itoa(invalid) + " invalid; " + itoa(len(keys)) + " written"
	if !strings.HasPrefix(string(res), want) {
		t.Errorf("summary %q, want %q", res, want)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Exit statuses a scheduler can act on.
func TestLinkcleanExit(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "in.txt")
	os.WriteFile(src, []byte("http://a/\nhttp://a b/\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--output", filepath.Join(tmp, "o")}, 2},
		{[]string{"--input", src, "--output", filepath.Join(tmp, "o"), "--level", "x"}, 2},
		{[]string{"--input", filepath.Join(tmp, "missing-*.txt"), "--output", filepath.Join(tmp, "o")}, 1},
		{[]string{"--input", src, "--output", filepath.Join(tmp, "o"), "--max-invalid", "0.1"}, 3},
		{[]string{"--input", src, "--output", filepath.Join(tmp, "o"), "--max-invalid", "0.5"}, 0},
	} {
		cmd := exec.Command(bin, append(c.args, "--runner", "prism")...)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\n%.500s", c.args, code, c.code, out)
		}
	}
}

// Both outputs are written on every run, empty when no line goes there:
// an earlier run's files do not survive an empty input, or one with no
// invalid (or no valid) line.
func TestLinkcleanEmptyOutputs(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "o")
	for _, c := range []struct {
		name, in     string
		valid, inval int
	}{
		{"empty", "", 0, 0},
		{"all valid", "http://a/\nhttp://b/\n", 2, 0},
		{"all invalid", "http://a b/\n", 0, 1},
	} {
		src := filepath.Join(tmp, "in.txt")
		os.WriteFile(src, []byte(c.in), 0o644)
		for _, f := range []string{out + "-valid.txt", out + "-invalid.jsonl"} {
			os.WriteFile(f, []byte("stale\nstale\nstale\n"), 0o644)
		}
		if res, err := exec.Command(bin, "--input", src, "--output", out, "--runner", "prism").CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%.500s", c.name, err, res)
		}
		valid, bad := readOutput(t, out+"-valid"), readOutput(t, out+"-invalid")
		if len(valid) != c.valid || len(bad) != c.inval {
			t.Errorf("%s: %d valid lines %q, %d invalid %q; want %d and %d", c.name, len(valid), valid, len(bad), bad, c.valid, c.inval)
		}
	}
	// An output that cannot be written (under a file) fails before the
	// pipeline runs.
	cmd := exec.Command(bin, "--input", filepath.Join(tmp, "in.txt"), "--output", filepath.Join(tmp, "in.txt", "o"), "--runner", "prism")
	if res, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(res), "linkclean: --output:") {
		t.Errorf("an unwritable --output: %v, %.300s", err, res)
	}
}
