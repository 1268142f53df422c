package generate

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The dictionary reads back, line by line, as the tokens Dict returns:
// unique names of the allowed characters and values escaped as libFuzzer
// and AFL read them.
func TestDict(t *testing.T) {
	d := Dict()
	text := AppendDict(nil)
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if !strings.HasPrefix(lines[0], "#") {
		t.Fatalf("first line %q is not a comment", lines[0])
	}
	lines = lines[1:]
	if len(lines) != len(d) {
		t.Fatalf("%d lines for %d tokens", len(lines), len(d))
	}
	line := regexp.MustCompile(`^([A-Za-z0-9_]+)="((?:[\x20-\x21\x23-\x5B\x5D-\x7E]|\\x[0-9A-F]{2})*)"$`)
	names := map[string]bool{}
	values := map[string]bool{}
	for i, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q is not name=\"value\"", l)
		}
		if names[m[1]] {
			t.Errorf("name %s twice", m[1])
		}
		names[m[1]] = true
		v, err := strconv.Unquote(`"` + m[2] + `"`)
		if err != nil || m[1] != d[i].Name || v != d[i].Value {
			t.Errorf("line %q reads as %s=%q (%v), want %s=%q", l, m[1], v, err, d[i].Name, d[i].Value)
		}
		if values[v] {
			t.Errorf("value %q twice", v)
		}
		values[v] = true
	}
	for _, s := range ucscharSpans {
		if !values[string(s.lo)] || !values[string(s.hi)] {
			t.Errorf("the edges of ucschar %#x-%#x are missing", s.lo, s.hi)
		}
	}
	for _, want := range []string{"://", "%25", "[::1]", "\u202e", "\xed\xa0\x80", "http:", "\U000E0FFF"} {
		if !values[want] {
			t.Errorf("token %q is missing", want)
		}
	}
}

// A corpus file is what go test -fuzz writes for a string target.
func TestCorpusFile(t *testing.T) {
	name, content := CorpusFile("a\xffb\n")
	if want := "go test fuzz v1\nstring(\"a\\xffb\\n\")\n"; string(content) != want {
		t.Errorf("content %q, want %q", content, want)
	}
	if len(name) != 16 || strings.Trim(name, "0123456789abcdef") != "" {
		t.Errorf("name %q is not 16 hex digits", name)
	}
	if n2, c2 := CorpusFile("a\xffb\n"); n2 != name || !bytes.Equal(c2, content) {
		t.Error("CorpusFile is not a function of its input")
	}
}
