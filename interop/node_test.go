package interop

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNodeWHATWG confirms the WHATWG column with Node's URL (where node
// is on PATH; .ci/run installs it): for every case of the catalogue, and
// every reference of the fuzz targets' seed corpora, in the contexts the
// fuzz targets read them in, Report's WHATWG reading has the components
// of new URL(input, base), or both refuse. (Package whatwg's TestNodeURL
// compares the hrefs on the corpora and lists where Node's ada 2.9 and
// the standard of today part; none of those is in these cases.)
func TestNodeWHATWG(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node is not on PATH; .ci/run installs it")
		}
		t.Skip("node is not on PATH")
	}
	type nodeCase struct {
		in  string
		ctx Context
	}
	var cases []nodeCase
	data, err := os.ReadFile(filepath.Join("testdata", "catalogue.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cat []catalogueCase
	if err := json.Unmarshal(data, &cat); err != nil {
		t.Fatal(err)
	}
	for _, c := range cat {
		in := c.Input
		if c.Hex != "" {
			b, _ := hex.DecodeString(c.Hex)
			in = string(b)
		}
		cases = append(cases, nodeCase{in, Context{Base: c.Base, RequestTarget: c.Target}})
	}
	for _, dir := range []string{"FuzzRead", "FuzzCheck"} {
		files, _ := filepath.Glob(filepath.Join("testdata", "fuzz", dir, "*"))
		for _, f := range files {
			ref, base, target, ok := readSeed(t, f)
			if ok {
				cases = append(cases, nodeCase{ref, fuzzContext(base, target)})
			}
		}
	}
	var in bytes.Buffer
	for _, c := range cases {
		var base any
		if c.ctx.Base != "" {
			base = c.ctx.Base
		}
		// JSON holds no invalid UTF-8; Node reads such bytes as U+FFFD,
		// as the standard does, so the two see the same.
		line, _ := json.Marshal([]any{strings.ToValidUTF8(c.in, "\uFFFD"), base})
		in.Write(append(line, '\n'))
	}
	cmd := exec.Command(node, filepath.Join("testdata", "node_reading.js"))
	cmd.Stdin = &in
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	i := 0
	for ; sc.Scan(); i++ {
		if i >= len(cases) {
			t.Fatal("node wrote more lines than it read")
		}
		var rec struct {
			Failure                                                              bool
			Protocol, Username, Password, Hostname, Port, Pathname, Search, Hash string
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		c := cases[i]
		rep := Read(c.in, c.ctx)
		w := rep.Reading(ReaderWHATWG)
		if !w.OK() || rec.Failure {
			if w.OK() != !rec.Failure {
				t.Errorf("%q (%+v): whatwg refuses %v, node %v", c.in, c.ctx, !w.OK(), rec.Failure)
			}
			continue
		}
		userinfo := rec.Username
		if rec.Password != "" {
			userinfo += ":" + rec.Password
		}
		want := [numComponents]string{strings.TrimSuffix(rec.Protocol, ":"), userinfo, rec.Hostname, rec.Port, rec.Pathname,
			strings.TrimPrefix(rec.Search, "?"), strings.TrimPrefix(rec.Hash, "#")}
		for k := range numComponents {
			if got, _ := w.Get(k); got != want[k] {
				t.Errorf("%q (%+v): whatwg's %s %q, node's %q", c.in, c.ctx, k, got, want[k])
			}
		}
	}
	if i != len(cases) {
		t.Fatalf("node answered %d of %d", i, len(cases))
	}
	t.Logf("%d references, Node %s", len(cases), nodeVersion(node))
}

func nodeVersion(node string) string {
	v, _ := exec.Command(node, "--version").Output()
	return strings.TrimSpace(string(v))
}

// readSeed reads a seed file of FuzzRead or FuzzCheck: "go test fuzz
// v1", then a string, a byte and a bool line.
func readSeed(t *testing.T, name string) (ref string, base uint8, target, ok bool) {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 4 || lines[0] != "go test fuzz v1" {
		return "", 0, false, false
	}
	arg := func(l, typ string) (string, bool) {
		v, ok := strings.CutPrefix(l, typ+"(")
		if !ok || !strings.HasSuffix(v, ")") {
			return "", false
		}
		u, err := strconv.Unquote(v[:len(v)-1])
		return u, err == nil
	}
	ref, ok1 := arg(lines[1], "string")
	b, ok2 := arg(lines[2], "byte")
	if !ok1 || !ok2 || len(b) == 0 {
		return "", 0, false, false
	}
	r := []rune(b)[0]
	if len(b) == 1 {
		r = rune(b[0])
	}
	return ref, uint8(r), lines[3] == "bool(true)", true
}
