package beamiri

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/irikit/iri/internal/corpus"
)

// BenchmarkThroughput runs the whole linkclean pipeline on Beam's local
// runner and the iri tool on the same file, the text corpora repeated
// to a million lines, and reports references per second of each:
//
//	go -C beam test -run '^$' -bench Throughput -benchtime 1x -count 5
func BenchmarkThroughput(b *testing.B) {
	dir := corpus.Dir()
	if dir == "" {
		b.Skip("no corpora")
	}
	tmp := b.TempDir()
	var one bytes.Buffer
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		one.Write(data)
	}
	in := filepath.Join(tmp, "links.txt")
	var all bytes.Buffer
	lines := 0
	for lines < 1_000_000 {
		all.Write(one.Bytes())
		lines += bytes.Count(one.Bytes(), []byte{'\n'})
	}
	if err := os.WriteFile(in, all.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	linkclean := filepath.Join(tmp, "linkclean")
	if out, err := exec.Command("go", "build", "-o", linkclean, "./cmd/linkclean").CombinedOutput(); err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	cases := []struct {
		name string
		args []string
	}{
		{"linkclean-prism", []string{linkclean, "--input", in, "--output", filepath.Join(tmp, "out"), "--level", "scheme", "--runner", "prism"}},
		{"iri-normalize-jobs-2", []string{iriTool, "normalize", "--level", "scheme", "--quiet", "--jobs", "2", in}},
		{"iri-normalize-jobs-1", []string{iriTool, "normalize", "--level", "scheme", "--quiet", "--jobs", "1", in}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(c.args[0], c.args[1:]...)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || c.name == "linkclean-prism" {
						b.Fatalf("%v: %v\n%.2000s", c.args, err, out.Bytes())
					}
				}
			}
			b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "refs/s")
		})
	}
}
