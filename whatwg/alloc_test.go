package whatwg

import (
	"strings"
	"testing"
)

// An input that is its own serialization and a valid URL string costs no
// allocation; any other, one: the href, with the warnings in the same
// block.
func TestParseAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	base, _ := Parse("https://example.com/a/b?x")
	long := "https://example.com/" + strings.Repeat("segment/", 100) + "?q=" + strings.Repeat("v", 500)
	for _, tc := range []struct {
		in     string
		base   *URL
		allocs float64
	}{
		{"https://example.com/", nil, 0},
		{"https://example.com/a/b?c=d#e", nil, 0},
		{"http://127.0.0.1:8080/x", nil, 0},
		{"http://[::1]/", nil, 0},
		{"mailto:a@b.example", nil, 0},
		{"file:///C:/x", nil, 0},
		{long, nil, 0},
		{"https://xn--bcher-kva.example/", nil, 0},
		{"HTTPS://EXAMPLE.COM/", nil, 1},
		{"https://bücher.example/", nil, 1},
		{"https://B%C3%BCcher.example/a", nil, 1},
		{"https://example.com", nil, 1},
		{`https:\\example.com\a`, nil, 1},
		{"https://example.com/a b", nil, 1},
		{"https://0x7f.1/", nil, 1},
		{"https://example.com:443/", nil, 1},
		{"https://example.com/a/../b", nil, 1},
		{long + " ", nil, 1},
		{"https://example.com/" + strings.Repeat("segment/", 200) + "../x", nil, 1},
		{"c", &base, 1},
		{"../c?d#e", &base, 1},
	} {
		var err error
		n := testing.AllocsPerRun(100, func() {
			if tc.base != nil {
				_, err = tc.base.Parse(tc.in)
			} else {
				_, err = Parse(tc.in)
			}
		})
		if err != nil {
			t.Errorf("%.40q: %v", tc.in, err)
		}
		if n != tc.allocs {
			t.Errorf("%.40q: %v allocations, want %v", tc.in, n, tc.allocs)
		}
	}
}
