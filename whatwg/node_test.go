package whatwg

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/idna"

	"github.com/irikit/iri/generate"
	"github.com/irikit/iri/scanner"
)

// Node's URL is ada (2.9.2 in Node 20), which follows the standard of
// 2023. nodeExplained says whether a disagreement with it is one of the
// standard's changes since, which web-platform-tests' data follows:
//
//   - opaque paths: a space before '?' or '#' is written "%20";
//   - '^' is in the path percent-encode set;
//   - an ASCII domain whose "xn--" labels are no Punycode, or decode to
//     what UTS 46 refuses, is kept as it is (ada refuses it);
//
// or one of ada 2.9.2's own departures from the standard of 2023 that
// generated references find:
//
//   - its domain parser does not apply the Bidi Rule (UTS 46 CheckBidi,
//     which the standard sets): "jל.example" is refused here, read by ada;
//   - a path "/.." of a URL that is not special leaves no path where the
//     standard leaves "/" ("foo://h/.." is "foo://h/", "a:/.." is "a:/").
func nodeExplained(ours URL, ourErr error, nodeHref string, nodeFailed bool) (string, bool) {
	switch {
	case ourErr == nil && !nodeFailed:
		if ours.HasOpaquePath() && strings.Contains(ours.Href(), "%20") {
			// ada keeps the space, or loses it where nothing follows.
			for _, sp := range []string{" ", ""} {
				if strings.Replace(ours.Href(), "%20", sp, 1) == nodeHref || strings.ReplaceAll(ours.Href(), "%20", sp) == nodeHref {
					return "opaque-path space before ? or #", true
				}
			}
		}
		if !ours.HasOpaquePath() && strings.Contains(ours.Pathname(), "%5E") &&
			strings.Replace(ours.Href(), ours.Pathname(), strings.ReplaceAll(ours.Pathname(), "%5E", "^"), 1) == nodeHref {
			return "^ in the path", true
		}
		if !ours.IsSpecial() && !ours.HasOpaquePath() && ours.Pathname() == "/" {
			h := ours.Href()
			i := int(ours.pathStart)
			if h[:i]+h[i+1:] == nodeHref {
				return "ada: no path after a non-special /..", true
			}
		}
	case ourErr == nil && nodeFailed:
		for _, l := range strings.Split(ours.Hostname(), ".") {
			if strings.HasPrefix(l, "xn--") && ours.HostKind() == HostDomain {
				return "ASCII xn-- label kept", true
			}
		}
	case ourErr != nil && !nodeFailed:
		if e, ok := ourErr.(*Error); ok && e.Kind == DomainToASCII && bidiOnly(nodeHref) {
			return "ada: no Bidi Rule", true
		}
	}
	return "", false
}

// bidiOnly reports whether the host of ada's href is what the domain
// parser gives without the Bidi Rule, and not with it.
func bidiOnly(href string) bool {
	u, err := Parse(href)
	if err != nil || u.HostKind() != HostDomain {
		return false
	}
	host := u.Hostname()
	uni, err := idna.New(idna.MapForLookup(), idna.CheckJoiners(true), idna.CheckHyphens(false),
		idna.StrictDomainName(false), idna.VerifyDNSLength(false), idna.Transitional(false)).ToUnicode(host)
	if err != nil {
		return false
	}
	_, withBidi := uts46.ToASCII(uni)
	return withBidi != nil
}

// nodeCase is one input for Node, with its base or none.
type nodeCase struct {
	in   string
	base *string
}

// TestNodeURL compares Parse with Node's URL (when node is on PATH;
// .ci/run installs it) on the four corpora, the relative one against a
// base, a few thousand references of iri generate, and every input of
// urltestdata.json: the hrefs agree, or both fail, but for the standard's
// changes since 2023 and ada's own departures (nodeExplained). On urltestdata.json, where Parse
// gives every expected result, Node disagrees exactly where the standard
// changed.
func TestNodeURL(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node is not on PATH; .ci/run installs it")
		}
		t.Skip("node is not on PATH")
	}
	if testing.Short() {
		t.Skip("runs node over 180,000 references")
	}
	// The written list is ada 2.9's, Node 20's; another ada (Debian 12's
	// Node 18 bundles an older one) has other departures.
	ver, err := exec.Command(node, "-p", "process.versions.ada").Output()
	if v := strings.TrimSpace(string(ver)); err != nil || !strings.HasPrefix(v, "2.9.") {
		t.Skipf("node bundles ada %q (%v); the differences listed are ada 2.9's, Node 20's", v, err)
	}
	base := "https://example.com/a/b?q#f"
	var cases []nodeCase
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt"} {
		for _, l := range readCorpus(t, name) {
			cases = append(cases, nodeCase{in: l})
		}
	}
	for i, row := range readCorpus(t, "relative_urls_cc_10k.csv") {
		if i == 0 {
			continue // the header
		}
		for _, col := range strings.SplitN(row, ",", 2) {
			cases = append(cases, nodeCase{in: col, base: &base})
		}
	}
	n := 0
	for _, rule := range []scanner.Rule{scanner.IRIReference, scanner.URIReference, scanner.IRI, scanner.RelativeRef} {
		g := generate.New(generate.Options{Rule: rule, Seed: uint64(rule) + 7, Invalid: 0.3, MaxLen: 200})
		for range 1000 {
			cases = append(cases, nodeCase{in: g.Next().Input, base: &base})
			n++
		}
	}
	wptFrom := len(cases)
	if b, err := os.ReadFile(filepath.Join(wptDirOrEmpty(), "urltestdata.json")); err == nil {
		var raw []json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		for _, r := range raw {
			var c wptCase
			if r[0] == '{' && json.Unmarshal(r, &c) == nil {
				cases = append(cases, nodeCase{in: c.Input, base: c.Base})
			}
		}
	}

	var in bytes.Buffer
	for _, c := range cases {
		line, _ := json.Marshal([]any{c.in, c.base})
		in.Write(line)
		in.WriteByte('\n')
	}
	cmd := exec.Command(node, filepath.Join("testdata", "node_url.js"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	counts := map[string]int{}
	wptDiffs := 0
	i := 0
	for ; sc.Scan(); i++ {
		if i >= len(cases) {
			t.Fatalf("node wrote more lines than it read")
		}
		var rec struct {
			Href    string `json:"href"`
			Failure bool   `json:"failure"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("node's line %d: %v", i+1, err)
		}
		c := cases[i]
		var u URL
		var err error
		if c.base == nil {
			u, err = Parse(c.in)
		} else if b, berr := Parse(*c.base); berr == nil {
			u, err = b.Parse(c.in)
		} else {
			if !rec.Failure {
				t.Errorf("%q: base %q fails here, not in node", c.in, *c.base)
			}
			continue
		}
		if (err != nil) == rec.Failure && (err != nil || u.Href() == rec.Href) {
			continue
		}
		why, ok := nodeExplained(u, err, rec.Href, rec.Failure)
		if !ok {
			got := u.Href()
			if err != nil {
				got = err.Error()
			}
			t.Errorf("%q (base %v): whatwg %q, node %q (failed %v): no change to the standard since 2023 explains it", c.in, deref(c.base), got, rec.Href, rec.Failure)
			continue
		}
		counts[why]++
		if i >= wptFrom {
			wptDiffs++
		}
	}
	if i != len(cases) {
		t.Fatalf("node answered %d of %d inputs", i, len(cases))
	}
	// Node 20's ada and nlnwa/whatwg-url each miss the same 15 cases of
	// urltestdata.json, all the standard's changes since 2023.
	if wptFrom < len(cases) && wptDiffs != 15 {
		t.Errorf("node differs on %d urltestdata.json cases, want the 15 the standard's changes explain", wptDiffs)
	}
	t.Logf("%d references (%d generated); explained disagreements: %v", len(cases), n, counts)
}

// readCorpus reads a corpus of the benchmarks, one reference a line.
func readCorpus(t *testing.T, name string) []string {
	b, err := os.ReadFile(filepath.Join("..", "bench", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// wptDirOrEmpty is the web-platform-tests data's directory, or "" when
// it is not found (the test then runs without it).
func wptDirOrEmpty() string {
	d, err := wptDir()
	if err != nil {
		return ""
	}
	return d
}
