package hostile

import "testing"

// TestLinear runs CheckLinear on every entry point and family.
func TestLinear(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow under -short and -race; CI runs it without them")
	}
	for _, e := range Entries {
		for _, fam := range Families {
			t.Run(e.Name+"/"+fam.Name, func(t *testing.T) { CheckLinear(t, e.Name, e.Run, fam) })
		}
	}
}

func TestFamilies(t *testing.T) {
	seen := map[string]bool{}
	for _, fam := range Families {
		if seen[fam.Name] {
			t.Errorf("family %q twice", fam.Name)
		}
		seen[fam.Name] = true
		for _, n := range []int{1, 100, 4096} {
			s := fam.Make(n)
			if len(s) < n || len(s) > n+64 {
				t.Errorf("%s.Make(%d) has %d bytes", fam.Name, n, len(s))
			}
		}
	}
}
