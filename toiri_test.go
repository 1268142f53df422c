package iri

import (
	"errors"
	"testing"
)

func TestToIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
		{"http://h/a%2Fb", "http://h/a%2Fb"},
		{"http://h/plain", "http://h/plain"},
		{"../%E4%B8%AD", "../中"},
	}
	for _, tt := range tests {
		got, err := ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		b, err := AppendIRI([]byte("x"), tt.in)
		if err != nil || string(b) != "x"+tt.want {
			t.Errorf("AppendIRI(%q) = %q, %v; want %q", tt.in, b, err, "x"+tt.want)
		}
	}
}

func TestToIRIErrors(t *testing.T) {
	if _, err := ToIRI("http://h/%zz"); !errors.Is(err, ErrPercentEncoding) {
		t.Errorf("ToIRI with a bad %%: error %v, want ErrPercentEncoding", err)
	}
	if _, err := (Parser{Rule: RuleURI}).ToIRI("http://h/é"); !errors.Is(err, ErrNonASCII) {
		t.Errorf("ToIRI under rule URI of non-ASCII input: error %v, want ErrNonASCII", err)
	}
	b, err := AppendIRI([]byte("keep"), "a b")
	if err == nil || string(b) != "keep" {
		t.Errorf("AppendIRI(%q) = %q, %v; want dst unchanged and an error", "a b", b, err)
	}
}

// With nothing to decode ToIRI returns its input without allocating.
func TestToIRIAllocs(t *testing.T) {
	for _, s := range []string{"http://example.com/path?q#f", "http://h/a%2Fb"} {
		var out string
		n := testing.AllocsPerRun(100, func() { out, _ = ToIRI(s) })
		if out != s {
			t.Fatalf("ToIRI(%q) = %q", s, out)
		}
		want := 0.0
		if s == "http://h/a%2Fb" {
			want = 1 // the buffer it decodes into, then drops
		}
		if n != want {
			t.Errorf("ToIRI(%q): %v allocations, want %v", s, n, want)
		}
	}
}
