package main

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// Space-Saving: exact while the names fit, upper bounds after, and every
// name counted more than total/capacity times is kept; merging two
// summaries keeps both properties.
func TestTopK(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := map[string]int64{}
	parts := []*topK{newTopK(64), newTopK(64), newTopK(64)}
	total := 0
	for i := 0; i < 200000; i++ {
		// A few heavy names and a long tail of rare ones.
		name := "h" + strconv.Itoa(rng.IntN(8))
		if rng.IntN(3) == 0 {
			name = "t" + strconv.Itoa(rng.IntN(100000))
		}
		truth[name]++
		parts[rng.IntN(3)].add([]byte(name))
		total++
	}
	all := parts[0]
	all.merge(parts[1])
	all.merge(parts[2])
	if all.exact {
		t.Error("exact after more names than it keeps")
	}
	kept := map[string]int64{}
	for _, e := range all.heap {
		kept[e.name] = e.count
		if e.count < truth[e.name] {
			t.Errorf("%s: counted %d, seen %d: not an upper bound", e.name, e.count, truth[e.name])
		}
	}
	for name, n := range truth {
		if n > int64(total/64) && kept[name] == 0 {
			t.Errorf("%s, seen %d times of %d, was dropped", name, n, total)
		}
	}
	small := newTopK(64)
	other := newTopK(64)
	for i := 0; i < 1000; i++ {
		small.add([]byte("s" + strconv.Itoa(i%10)))
		other.add([]byte("s" + strconv.Itoa(i%20)))
	}
	small.merge(other)
	if !small.exact || len(small.heap) != 20 {
		t.Fatalf("exact %v, %d names", small.exact, len(small.heap))
	}
	if top := small.top(1); top[0].Count != 150 {
		t.Errorf("top %+v, want a count of 150 (100 + 50)", top)
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
	if !strings.Contains(errOut, "lint: default-port (info) 1") || !strings.Contains(errOut, "iri lint: 1 lines: 1 valid") {
		t.Errorf("lint: %s", errOut)
	}
	if _, errOut, code := runIRI(t, "", "score", "--stats"); code != exitError || !strings.Contains(errOut, "does not take --stats") {
		t.Errorf("score --stats: exit %d, %q", code, errOut)
	}
}
