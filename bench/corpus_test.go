package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A corpus is a named list of references from testdata.
type corpus struct {
	name  string
	lines []string
	bytes int64
}

var (
	corporaOnce sync.Once
	corpora     []corpus
)

// loadCorpora reads the four corpora: ascii (kasztp), iri (wiki_iris_7lang),
// jp (geonamesjp_iris) and relative (both columns of relative_urls_cc_10k).
func loadCorpora(tb testing.TB) []corpus {
	corporaOnce.Do(func() {
		corpora = []corpus{
			{name: "ascii", lines: readLines(tb, "kasztp.txt")},
			{name: "iri", lines: readLines(tb, "wiki_iris_7lang.txt")},
			{name: "jp", lines: readLines(tb, "geonamesjp_iris.txt")},
			{name: "relative", lines: readPairs(tb, "relative_urls_cc_10k.csv")},
		}
		for i := range corpora {
			for _, l := range corpora[i].lines {
				corpora[i].bytes += int64(len(l))
			}
		}
	})
	return corpora
}

func readFile(tb testing.TB, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

func readLines(tb testing.TB, name string) []string {
	data := bytes.TrimSuffix(readFile(tb, name), []byte("\n"))
	return strings.Split(string(data), "\n")
}

// readPairs splits each row after the header at its first comma, as oxiri
// does, and returns both columns as separate references.
func readPairs(tb testing.TB, name string) []string {
	rows := readLines(tb, name)[1:]
	out := make([]string, 0, 2*len(rows))
	for _, r := range rows {
		base, rel, ok := strings.Cut(r, ",")
		if !ok {
			tb.Fatalf("%s: row without a comma: %q", name, r)
		}
		out = append(out, base, rel)
	}
	return out
}

func TestCorpora(t *testing.T) {
	want := map[string]int{"ascii": 48010, "iri": 100002, "jp": 4665, "relative": 20000}
	for _, c := range loadCorpora(t) {
		if len(c.lines) != want[c.name] {
			t.Errorf("corpus %s has %d lines, want %d", c.name, len(c.lines), want[c.name])
		}
	}
}
