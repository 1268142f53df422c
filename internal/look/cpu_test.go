package look

import (
	"os"
	"os/exec"
	"testing"
)

// TestGODEBUGTurnsOffVector runs the test binary again with
// GODEBUG=cpu.ssse3=off and with cpu.all=off: either must turn both
// vector forms off, as it does the scanner's.
func TestGODEBUGTurnsOffVector(t *testing.T) {
	if os.Getenv("IRI_CHILD_NO_VEC") != "" {
		if look512 || lookVec(padded("\u00e9")) {
			t.Fatalf("GODEBUG=%s: look512 %v, lookVec %v; want both off", os.Getenv("GODEBUG"), look512, lookVec(padded("\u00e9")))
		}
		return
	}
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	for _, debug := range []string{"cpu.ssse3=off", "cpu.all=off"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGODEBUGTurnsOffVector$")
		cmd.Env = append(os.Environ(), "GODEBUG="+debug, "IRI_CHILD_NO_VEC=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GODEBUG=%s: %v\n%s", debug, err, out)
		}
	}
}
