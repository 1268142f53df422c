package simd

import (
	"os"
	"os/exec"
	"testing"
)

// TestGODEBUGTurnsOffVector runs the test binary again with
// GODEBUG=cpu.ssse3=off and with cpu.all=off: either must turn every
// switch off.
func TestGODEBUGTurnsOffVector(t *testing.T) {
	if os.Getenv("IRI_CHILD_NO_VEC") != "" {
		if ScanLoop || Decode || Look512 || Block || Encode || Pair || Have != (struct{ ScanLoop, Decode, Look512, Block, Encode, Pair bool }{}) {
			t.Fatalf("GODEBUG=%s: switches %v %v %v %v %v %v, Have %+v; want all off", os.Getenv("GODEBUG"), ScanLoop, Decode, Look512, Block, Encode, Pair, Have)
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

func TestRestore(t *testing.T) {
	ScanLoop, Decode, Look512, Block, Encode, Pair = false, false, false, false, false, false
	Restore()
	if ScanLoop != Have.ScanLoop || Decode != Have.Decode || Look512 != Have.Look512 || Block != Have.Block || Encode != Have.Encode || Pair != Have.Pair {
		t.Error("Restore left a switch changed")
	}
}
