package iri

import (
	"errors"
	"testing"
)

func TestEncodeUnsafeASCII(t *testing.T) {
	p := Parser{EncodeUnsafeASCII: true}
	tests := []struct{ in, want string }{
		{"http://h/a b", "http://h/a%20b"},
		{`http://h/"<>\^` + "`" + `{|}`, "http://h/%22%3C%3E%5C%5E%60%7B%7C%7D"},
		{"http://h/é x?q=a b#f g", "http://h/%C3%A9%20x?q=a%20b#f%20g"},
		{"http://h/ok", "http://h/ok"},
	}
	for _, tt := range tests {
		got, err := p.AppendURI(nil, tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("AppendURI(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// '#', '%', '[' and ']' are never encoded: they still fail where they
	// do not belong, at their offset in the input.
	for in, off := range map[string]int{"http://h/a b#c#d": 14, "http://h/ a%zz": 11, "http://h/ [x]": 10} {
		_, err := p.AppendURI(nil, in)
		var e *Error
		if !errors.As(err, &e) || e.Offset != off || e.Input != in {
			t.Errorf("AppendURI(%q) = %v; want an error at offset %d of the input", in, err, off)
		}
	}
	// Without the option they are errors.
	if _, err := AppendURI(nil, "http://h/a b"); err == nil {
		t.Error("plain AppendURI accepted a space")
	}
}
