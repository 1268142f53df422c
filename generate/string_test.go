package generate

import "testing"

// Out-of-range values print as their type and number, as stringer does.
func TestStringOutOfRange(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{Production(200).String(), "Production(200)"},
		{Feature(200).String(), "Feature(200)"},
		{Script(200).String(), "Script(200)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// AllProductions and AllFeatures list each value once, in order.
func TestAllLists(t *testing.T) {
	ps, fs := AllProductions(), AllFeatures()
	if len(ps) != int(numProductions) || len(fs) != int(numFeatures) {
		t.Fatalf("%d productions, %d features; want %d, %d", len(ps), len(fs), numProductions, numFeatures)
	}
	for i, p := range ps {
		if p != Production(i) {
			t.Errorf("AllProductions()[%d] = %v", i, p)
		}
	}
	for i, f := range fs {
		if f != Feature(i) {
			t.Errorf("AllFeatures()[%d] = %v", i, f)
		}
	}
}
