package bench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// The iri tool as a whole process, as a data team runs it on a crawl's
// links: the corpora repeated to a 1 GiB file, read from the page cache,
// against wc -l on the same file as the floor of reading it at all.
//
//	go -C bench test . -run '^$' -bench '^BenchmarkProcess$' -benchtime 3x -count 5
//
// Each op is one pass over the file; lines/s, MB/s and the time of a pass
// over that of wc -l in the same round (x-wc-l) are reported.

const processSize = 1 << 30

var (
	processOnce          sync.Once
	processDir           string
	processBin, procFile string
	processNoPGO         string // the tool built without cmd/iri/default.pgo
	processLines         int
	processErr           error
)

// processSetup builds the tool and writes the file, once.
func processSetup(b *testing.B) {
	processOnce.Do(func() {
		processDir, processErr = os.MkdirTemp("", "iri-process")
		if processErr != nil {
			return
		}
		processBin = filepath.Join(processDir, "iri")
		processNoPGO = filepath.Join(processDir, "iri-nopgo")
		// Built in the iri module, whose go.sum has the command's modules;
		// go build applies cmd/iri/default.pgo unless told -pgo=off.
		for _, args := range [][]string{{"-o", processBin}, {"-pgo=off", "-o", processNoPGO}} {
			build := exec.Command("go", append(append([]string{"build"}, args...), "./cmd/iri")...)
			build.Dir = ".."
			if out, err := build.CombinedOutput(); err != nil {
				processErr = err
				b.Logf("%s", out)
				return
			}
		}
		var one bytes.Buffer
		for _, c := range loadCorpora(b) {
			if c.name == "relative" {
				continue
			}
			for _, l := range c.lines {
				one.WriteString(l)
				one.WriteByte('\n')
			}
		}
		procFile = filepath.Join(processDir, "links.txt")
		f, err := os.Create(procFile)
		if err != nil {
			processErr = err
			return
		}
		n := 0
		for n < processSize {
			f.Write(one.Bytes())
			n += one.Len()
			processLines += bytes.Count(one.Bytes(), []byte{'\n'})
		}
		processErr = f.Close()
	})
	if processErr != nil {
		b.Fatal(processErr)
	}
}

func BenchmarkProcess(b *testing.B) {
	processSetup(b)
	fi, _ := os.Stat(procFile)
	cases := []struct {
		name string
		args []string
	}{
		{"wc-l", []string{"wc", "-l", procFile}},
		{"check/jobs-1", []string{processBin, "check", "--quiet", "--jobs", "1", procFile}},
		{"check/jobs-2", []string{processBin, "check", "--quiet", "--jobs", "2", procFile}},
		{"to-uri/jobs-1", []string{processBin, "to-uri", "--quiet", "--jobs", "1", procFile}},
		{"to-uri/jobs-2", []string{processBin, "to-uri", "--quiet", "--jobs", "2", procFile}},
		{"normalize-scheme/jobs-2", []string{processBin, "normalize", "--level", "scheme", "--quiet", "--jobs", "2", procFile}},
	}
	// wc -l runs first; each command's time per pass is also reported
	// as a multiple of its median over the rounds of the same run.
	var wcPerOp []float64
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(fi.Size())
			for b.Loop() {
				cmd := exec.Command(c.args[0], c.args[1:]...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				devnull, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
				cmd.Stdout = devnull
				err := cmd.Run()
				devnull.Close()
				// check exits 1: the corpora hold invalid lines.
				if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1) {
					b.Fatalf("%v: %v\n%s", c.args, err, stderr.Bytes())
				}
			}
			b.ReportMetric(float64(processLines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
			perOp := b.Elapsed().Seconds() / float64(b.N)
			if c.name == "wc-l" {
				wcPerOp = append(wcPerOp, perOp)
			} else if len(wcPerOp) > 0 {
				sorted := slices.Sorted(slices.Values(wcPerOp))
				b.ReportMetric(perOp/sorted[len(sorted)/2], "x-wc-l")
			}
		})
	}
}

// BenchmarkPGO runs the commands default.pgo was made from with the tool
// built with it and without (-pgo=off), one after the other on the same
// file, --jobs 1 so that the other core does not blur them:
//
//	go -C bench test . -run '^$' -bench '^BenchmarkPGO$' -benchtime 3x -count 5
//
// The gain is the time without over the time with.
func BenchmarkPGO(b *testing.B) {
	processSetup(b)
	fi, _ := os.Stat(procFile)
	for _, c := range [][]string{{"check"}, {"to-uri"}, {"to-iri"}, {"normalize", "--level", "scheme"}, {"lint"}} {
		for _, bin := range []struct{ name, path string }{{"pgo", processBin}, {"nopgo", processNoPGO}} {
			b.Run(c[0]+"/"+bin.name, func(b *testing.B) {
				b.SetBytes(fi.Size())
				for b.Loop() {
					cmd := exec.Command(bin.path, append(c, "--quiet", "--jobs", "1", procFile)...)
					devnull, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
					cmd.Stdout, cmd.Stderr = devnull, devnull
					err := cmd.Run()
					devnull.Close()
					if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1) {
						b.Fatalf("%v: %v", c, err)
					}
				}
			})
		}
	}
}

// TestMain removes the file and binary BenchmarkProcess made.
func TestMain(m *testing.M) {
	code := m.Run()
	if processDir != "" {
		os.RemoveAll(processDir)
	}
	os.Exit(code)
}
