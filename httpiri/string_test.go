package httpiri

import "testing"

// Out-of-range values print as their type and number, as stringer does.
func TestStringOutOfRange(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{Form(200).String(), "Form(200)"},
		{Interop(200).String(), "Interop(200)"},
		{Normalize(200).String(), "Normalize(200)"},
		{EscapedSlashes(200).String(), "EscapedSlashes(200)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
