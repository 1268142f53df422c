package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/irikit/iri"
)

// Space-Saving: exact while the names fit, upper bounds after, and every
// name counted more than total/capacity times is kept.
func TestTopK(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := map[string]int64{}
	all := newTopK(64)
	total := 0
	for i := 0; i < 200000; i++ {
		// A few heavy names and a long tail of rare ones.
		name := "h" + strconv.Itoa(rng.IntN(8))
		if rng.IntN(3) == 0 {
			name = "t" + strconv.Itoa(rng.IntN(100000))
		}
		truth[name]++
		all.add([]byte(name))
		total++
	}
	if all.exact {
		t.Error("exact after more names than it keeps")
	}
	kept := map[string]int64{}
	for _, e := range all.top(64) {
		kept[e.Name] = e.Count
		if e.Count < truth[e.Name] || e.Count > truth[e.Name]+int64(total/64) {
			t.Errorf("%s: counted %d, seen %d: not within total/capacity above", e.Name, e.Count, truth[e.Name])
		}
	}
	sum := int64(0)
	for _, n := range kept {
		sum += n
	}
	// Space-Saving's counts add up to the names counted.
	if len(kept) != 64 || sum != int64(total) {
		t.Errorf("%d names kept, counts adding up to %d of %d", len(kept), sum, total)
	}
	for name, n := range truth {
		if n > int64(total/64) && kept[name] == 0 {
			t.Errorf("%s, seen %d times of %d, was dropped", name, n, total)
		}
	}
	small := newTopK(64)
	for i := 0; i < 1000; i++ {
		small.add([]byte("s" + strconv.Itoa(i%20)))
	}
	if top := small.top(64); !small.exact || len(top) != 20 || top[0].Count != 50 || top[19].Count != 50 {
		t.Errorf("exact %v, top %+v", small.exact, top)
	}
}

// statsOf runs args with --stats --json and returns the summary.
func statsOf(t *testing.T, stdin string, args ...string) (statsReport, string) {
	t.Helper()
	_, errOut, _ := runIRI(t, stdin, append(args, "--stats", "--json")...)
	var rep statsReport
	if err := json.Unmarshal([]byte(errOut), &rep); err != nil {
		t.Fatalf("%v: %.300q: %v", args, errOut, err)
	}
	return rep, errOut
}

// The summary is the same with any --jobs, to the byte, when the names
// fit and when they do not (kasztp.txt has 22,000 hosts; its top host
// was counted 3,198 to 3,210 times from run to run), and its counts are
// exact while they fit: the workers' names reach the summary in input
// order.
func TestStatsJobs(t *testing.T) {
	kasztp := filepath.Join("..", "..", "bench", "testdata", "kasztp.txt")
	// Three heavy hosts among 3,000 rare ones, in a pipe.
	var b strings.Builder
	for i := 0; i < 60000; i++ {
		switch {
		case i%4 == 0:
			fmt.Fprintf(&b, "http://rare%d.example/\n", i/4%3000)
		default:
			fmt.Fprintf(&b, "https://heavy%d.example/x\n", i%3)
		}
	}
	few := strings.Repeat("http://a.example/\nhttp://B.example/\nftp://a.example/\n%zz\n", 20000)
	for _, c := range []struct {
		name, stdin string
		args        []string
	}{
		{"kasztp.txt", "", []string{"check", kasztp}},
		{"heavy and rare", b.String(), []string{"check"}},
		{"few", few, []string{"to-uri"}},
	} {
		var want string
		for _, jobs := range []string{"1", "2", "5", "8"} {
			rep, raw := statsOf(t, c.stdin, append(c.args, "--jobs", jobs)...)
			if want == "" {
				want = raw
				if c.name == "few" && (!rep.HostsExact || rep.TopHosts[0] != (nameCount{"a.example", 40000}) || rep.TopHosts[1] != (nameCount{"b.example", 20000})) {
					t.Errorf("few: %+v", rep.TopHosts)
				}
				if c.name == "heavy and rare" && (rep.HostsExact || len(rep.TopHosts) < 3 || rep.TopHosts[0].Count < 15000 || rep.TopHosts[0].Count > 15000+60000/topCapacity) {
					t.Errorf("heavy and rare: %+v", rep.TopHosts)
				}
			}
			if raw != want {
				t.Errorf("%s: --jobs %s gives\n%s\n--jobs 1\n%s", c.name, jobs, raw, want)
			}
		}
	}
}

// A long host is kept as a prefix and a hash: 2,000 hosts of 16 KiB once
// kept 16 MiB, and a host of a megabyte kept that megabyte; names that
// differ only after the prefix stay apart.
func TestStatsLongNames(t *testing.T) {
	st := newRunStats(iri.Parser{})
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	line := []byte("http://" + strings.Repeat("h", 16<<10) + "/")
	for i := 0; i < 2000; i++ {
		copy(line[7:], fmt.Sprintf("%05d", i))
		copy(line[len(line)-10:], fmt.Sprintf("%05d", i))
		st.ref(string(line))
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	if kept := int64(m1.HeapAlloc) - int64(m0.HeapAlloc); kept > 4<<20 {
		t.Errorf("the summary of 2,000 hosts of 16 KiB holds %d bytes", kept)
	}
	runtime.KeepAlive(st)
	if len(st.hosts.index) != topCapacity {
		t.Errorf("%d hosts kept", len(st.hosts.index))
	}
	for name := range st.hosts.index {
		if len(name) > maxName+64 || !strings.Contains(name, "…[16384 bytes #") {
			t.Fatalf("kept %.300q", name)
		}
	}
	// Two hosts alike in their first maxName bytes, and in case.
	long := strings.Repeat("é", maxName)
	a, b := "http://"+long+"a/", "http://"+long+"b/"
	rep, _ := statsOf(t, a+"\n"+b+"\nHTTP://"+long+"A/\n", "check")
	if len(rep.TopHosts) != 2 || rep.TopHosts[0].Count != 2 || !strings.HasPrefix(rep.TopHosts[0].Name, long[:maxName]) {
		t.Errorf("%+v", rep.TopHosts)
	}
}

// --stats counts every line once, the same on one core as on several.
func TestStats(t *testing.T) {
	var in strings.Builder
	for _, l := range []string{"http://A.example/x", "https://a.example/y", "http://[::1]/", "mailto:x@y", "http://h/a b", "%zz"} {
		q, _ := json.Marshal(l)
		in.Write(append(q, '\n'))
	}
	var reps []statsReport
	for _, jobs := range []string{"1", "3"} {
		_, errOut, code := runIRI(t, strings.Repeat(in.String(), 500), "check", "--stats", "--json", "--json-in", "--jobs", jobs)
		var rep statsReport
		if err := json.Unmarshal([]byte(errOut), &rep); err != nil || code != exitInvalid {
			t.Fatalf("--jobs %s: %.300q, %v, exit %d", jobs, errOut, err, code)
		}
		reps = append(reps, rep)
	}
	a, b := reps[0], reps[1]
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("--jobs 3 gives\n%s\n--jobs 1\n%s", jb, ja)
	}
	if a.Lines != 3000 || a.Valid != 2000 || a.Invalid != 1000 || a.Unreadable != 0 {
		t.Errorf("counts %+v", a)
	}
	if a.Codes["char"] != 500 || a.Codes["percent"] != 500 || a.Components["ipath"] != 1000 {
		t.Errorf("codes %v, components %v", a.Codes, a.Components)
	}
	if a.HostKinds["reg-name"] != 1000 || a.HostKinds["ipv6"] != 500 || a.HostKinds["none"] != 500 {
		t.Errorf("host kinds %v", a.HostKinds)
	}
	if len(a.TopHosts) == 0 || a.TopHosts[0] != (nameCount{"a.example", 1000}) || !a.HostsExact {
		t.Errorf("top hosts %v (hosts are counted in lower case)", a.TopHosts)
	}
	if len(a.Schemes) != 3 || a.Schemes[0] != (nameCount{"http", 1000}) {
		t.Errorf("schemes %v", a.Schemes)
	}

	// Unreadable lines count too; lint counts its checks.
	_, errOut, _ := runIRI(t, "\"http://a/\"\nnot json\n", "parse", "--json", "--json-in", "--stats")
	if !strings.Contains(errOut, `"lines":2,"valid":1,"invalid":0,"unreadable":1`) {
		t.Errorf("unreadable: %s", errOut)
	}
	_, errOut, _ = runIRI(t, "http://h:80/\n", "lint", "--stats")
	if !strings.Contains(errOut, "lint: default-port (info) 1") || !strings.Contains(errOut, "iri lint: 1 line: 1 valid") {
		t.Errorf("lint: %s", errOut)
	}
	if _, errOut, code := runIRI(t, "", "score", "--stats"); code != exitError || !strings.Contains(errOut, "does not take --stats") {
		t.Errorf("score --stats: exit %d, %q", code, errOut)
	}
}

// The parallel engine's writer adds each line's names to the summary
// (replay), in order, while the workers parse (ref): replay's cost a line
// is the serial part of --stats, set beside ref's on kasztp.txt.
func BenchmarkStats(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "..", "bench", "testdata", "kasztp.txt"))
	if err != nil {
		b.Skip(err)
	}
	lines := strings.Split(string(data), "\n")
	w := newRunStats(iri.Parser{}).forWorker()
	for _, l := range lines {
		w.ref(l)
	}
	log := w.takeLog()
	b.Run("ref", func(b *testing.B) {
		w := newRunStats(iri.Parser{}).forWorker()
		for i := 0; i < b.N; i++ {
			w.startLog(w.log)
			for _, l := range lines {
				w.ref(l)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
	})
	b.Run("replay", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			newRunStats(iri.Parser{}).replay(log)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/line")
	})
}

// The summary says "1 line", not "1 lines"; with --field it counts
// records, a record of several lines once, under the same word (and the
// same JSON member).
func TestStatsWording(t *testing.T) {
	for _, tc := range []struct {
		in   string
		args []string
		want string
	}{
		{"http://a/\n", []string{"check"}, "iri check: 1 line: 1 valid, 0 invalid, 0 unreadable\n"},
		{"http://a/\nb c\n", []string{"check"}, "iri check: 2 lines: 1 valid, 1 invalid, 0 unreadable\n"},
		{"", []string{"check"}, "iri check: 0 lines: 0 valid, 0 invalid, 0 unreadable\n"},
		{"1,\"http://a/\nb\"\n2,http://c/\n", []string{"check", "--field", "2", "--delimiter", ","}, "iri check: 2 lines: 1 valid, 1 invalid, 0 unreadable\n"},
	} {
		for _, jobs := range []string{"1", "2"} {
			_, errOut, _ := runIRI(t, tc.in, append(tc.args, "--stats", "--jobs", jobs)...)
			if first, _, _ := strings.Cut(errOut, "\n"); first+"\n" != tc.want {
				t.Errorf("%v --jobs %s: %q, want %q", tc.args, jobs, first, tc.want)
			}
		}
	}
}
