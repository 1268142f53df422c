package scanner

import (
	"os"
	"os/exec"
	"testing"
)

// TestGODEBUGTurnsOffVector runs the test binary again with
// GODEBUG=cpu.ssse3=off and with cpu.all=off: either must turn the
// assembly loops off.
func TestGODEBUGTurnsOffVector(t *testing.T) {
	if os.Getenv("IRI_CHILD_NO_VEC") != "" {
		if haveVec {
			t.Fatalf("GODEBUG=%s: haveVec = true, want false", os.Getenv("GODEBUG"))
		}
		return
	}
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	for _, debug := range []string{"cpu.ssse3=off", "cpu.all=off"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGODEBUGTurnsOffVector$")
		cmd.Env = append(os.Environ(), "GODEBUG="+debug, "IRI_CHILD_NO_VEC=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("GODEBUG=%s: %v\n%s", debug, err, out)
		}
	}
}
