package hostile

import (
	"strings"
	"testing"
)

// TestLinear runs CheckLinear on every entry point and family.
func TestLinear(t *testing.T) {
	RequireLinear(t)
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

// failRecorder is a testing.TB that records whether Errorf was called.
type failRecorder struct {
	testing.TB
	failed bool
}

func (r *failRecorder) Helper()               {}
func (r *failRecorder) Logf(string, ...any)   {}
func (r *failRecorder) Errorf(string, ...any) { r.failed = true }

// TestCheckLinearCatchesQuadratic shows that CheckLinear can fail: a run
// that scans the whole prefix once every 4 KiB costs 16 times as much a
// byte at 4 MiB as at 256 KiB, and one that scans its input once passes.
func TestCheckLinearCatchesQuadratic(t *testing.T) {
	RequireLinear(t)
	if testing.Short() || raceEnabled {
		t.Skip("slow under -short and -race; CI runs it without them")
	}
	fam := Families[0]
	quadratic := func(s string) int {
		n := 0
		for i := 4096; i <= len(s); i += 4096 {
			n += strings.Count(s[:i], "\x00")
		}
		return n
	}
	r := &failRecorder{TB: t}
	CheckLinear(r, "quadratic", quadratic, fam)
	if !r.failed {
		t.Error("CheckLinear passed a quadratic run")
	}
	r = &failRecorder{TB: t}
	CheckLinear(r, "linear", func(s string) int { return strings.Count(s, "\x00") }, fam)
	if r.failed {
		t.Error("CheckLinear failed a linear run")
	}
}
