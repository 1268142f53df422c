package whatwg

import (
	"encoding/json"
	"testing"
)

// fastAgrees fails t when fast takes in and the parser reads it
// otherwise: another URL, a warning, or a failure.
func fastAgrees(t *testing.T, in string) bool {
	u, r, ok := fast(in)
	if !ok {
		if r.state != resumeNone {
			// Going on from where fast stopped reads as from the start.
			w, werr := parseSlow(in, nil, nil, &u, r)
			v, err := parseSlow(in, nil, nil, nil, resume{})
			if (err == nil) != (werr == nil) || w != v {
				t.Errorf("%q: from the prefix %+v %v, from the start %+v %v", in, w, werr, v, err)
			}
		}
		return false
	}
	v, err := parseSlow(in, nil, nil, nil, resume{})
	if err != nil || u != v || v.warn != "" {
		t.Errorf("%q: fast %+v, parser %+v %v", in, u, v, err)
	}
	return true
}

// The fast path takes only what the parser returns unchanged and without
// a warning, field for field: on the corpora, on urltestdata.json's
// inputs, and on the shapes at its edges.
func TestFastAgrees(t *testing.T) {
	taken, n := 0, 0
	for _, name := range []string{"kasztp.txt", "wiki_iris_7lang.txt", "geonamesjp_iris.txt"} {
		for _, in := range readCorpus(t, name) {
			n++
			if fastAgrees(t, in) {
				taken++
			}
		}
	}
	if taken < n/3 {
		t.Errorf("the fast path took %d of %d corpus references", taken, n)
	}
	for _, in := range []string{
		"http://h/", "http://h", "http://h:80/", "http://h:080/", "http://h:8080/", "http://h:/", "https://h:443/x",
		"http://1.2.3.4/", "http://01.2.3.4/", "http://1.2.3/", "http://256.1.1.1/", "http://h.1/", "http://a-.b/",
		"http://h/./x", "http://h/../x", "http://h/%2e/x", "http://h/a/.", "http://h/..", "http://h/.a", "http://h/a%2", "http://h/a%zz",
		"http://h/?a'b", "http://h/#a'b", "http://h/#a#b", "http://h/a?b?c", "http://h/^", "http://h/|", "ws://h/", "wss://h:443/",
		"ftp://h:21/", "file:///x", "foo://h/", "HTTP://h/", "http://H/", "http://user@h/", "http://h/ ", "http://xn--bcher-kva.example/",
		"http://xn--a.example/", "http://ab--c.example/", "http://h/a/é/b", "http://h/a/b/../c?d", "http://h/a?b c#d",
		"http://h/a?b#c d", "http://h/a?é", "http://h/a#é", "http://h/%2e%2E/a", "http://h:8080/a b?c#d", "http://h/a/.?x", "http://" + string(make([]byte, 0)) + "h/",
	} {
		fastAgrees(t, in)
	}
	var raw []json.RawMessage
	if b := wptFile(t, "urltestdata.json"); json.Unmarshal(b, &raw) == nil {
		for _, r := range raw {
			var c wptCase
			if r[0] == '{' && json.Unmarshal(r, &c) == nil {
				fastAgrees(t, c.Input)
			}
		}
	}
	t.Logf("the fast path took %d of %d corpus references", taken, n)
}

// FuzzFast: whatever the fast path takes, the parser reads the same.
func FuzzFast(f *testing.F) {
	for _, s := range []string{"http://h/", "https://a.b:8080/c/d?e=f#g", "http://1.2.3.4/", "http://h/%41", "ws://x/..a", "http://h/a/é?b c#d e", "http://h/x?q#f g"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) { fastAgrees(t, in) })
}
