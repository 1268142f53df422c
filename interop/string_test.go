package interop

import "testing"

// Out-of-range values print as their type and number, as stringer does.
func TestStringOutOfRange(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{Reader(200).String(), "Reader(200)"},
		{Component(200).String(), "Component(200)"},
		{Cause(200).String(), "Cause(200)"},
		{Client(200).String(), "Client(200)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
