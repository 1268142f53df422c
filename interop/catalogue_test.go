package interop

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/catalogue.json from the readings of today")

// A catalogueCase is one known trick: the reference, what it is read
// in, and the report written out.
type catalogueCase struct {
	Category string          `json:"category"`
	Input    string          `json:"input"`
	Hex      string          `json:"input_hex,omitempty"` // the input, when it is not UTF-8
	Base     string          `json:"base,omitempty"`
	Target   bool            `json:"request_target,omitempty"`
	Want     json.RawMessage `json:"want"`
}

// TestCatalogue reads each case of testdata/catalogue.json and compares
// the whole report (readings, errors, differences, refusals, causes and
// endpoints) with the one written out there; each case was read by hand
// against the RFCs, the URL Standard and net/url's source when it was
// added. go test -run TestCatalogue -update rewrites the reports, for a
// review of the diff.
func TestCatalogue(t *testing.T) {
	path := filepath.Join("testdata", "catalogue.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []catalogueCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	categories := map[string]int{}
	for i := range cases {
		c := &cases[i]
		categories[c.Category]++
		if c.Hex != "" {
			b, err := hex.DecodeString(c.Hex)
			if err != nil {
				t.Fatal(err)
			}
			c.Input = string(b)
		}
		rep := Read(c.Input, Context{Base: c.Base, RequestTarget: c.Target})
		if c.Hex != "" {
			rep.Input = "" // JSON would hold it as U+FFFD
		}
		got, err := json.Marshal(&rep)
		if err != nil {
			t.Fatal(err)
		}
		// A Report marshals the same by value as through a pointer.
		if byValue, err := json.Marshal(rep); err != nil || !bytes.Equal(byValue, got) {
			t.Fatalf("%q: json.Marshal(rep) = %s, %v; json.Marshal(&rep) = %s", c.Input, byValue, err, got)
		}
		// The Go release differs from machine to machine.
		got = bytes.Replace(got, []byte(`"neturl":"`+goVersion+`"`), []byte(`"neturl":"GO"`), 1)
		if *update {
			c.Want = got
			if c.Hex != "" {
				c.Input = ""
			}
			continue
		}
		var want bytes.Buffer
		if err := json.Compact(&want, c.Want); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s %q (base %q, request target %v):\n got %s\nwant %s", c.Category, c.Input, c.Base, c.Target, got, want.Bytes())
		}
		if u := unexplained(&rep); u != 0 {
			t.Errorf("%q: %s differ with no cause", c.Input, u)
		}
	}
	if *update {
		out, err := json.MarshalIndent(cases, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if len(cases) < 60 {
		t.Errorf("%d cases, want at least 60", len(cases))
	}
	for _, c := range AllCauses() {
		seen := false
		for i := range cases {
			var w struct{ Causes []string }
			json.Unmarshal(cases[i].Want, &w)
			for _, n := range w.Causes {
				seen = seen || n == c.String()
			}
		}
		if !seen && c != CauseDefaultPort {
			t.Errorf("no case shows cause %s", c)
		}
	}
	t.Logf("%d cases in %d categories", len(cases), len(categories))
}
