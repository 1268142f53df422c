package simd

import (
	"os"
	"os/exec"
	"testing"
)

// TestGODEBUGTurnsOffVector runs the test binary again with
// GODEBUG=cpu.ssse3=off and with cpu.all=off: either must turn every
// switch off. And with cpu.avx512f=off, which must turn off the AVX-512
// routines only.
func TestGODEBUGTurnsOffVector(t *testing.T) {
	if os.Getenv("IRI_CHILD_NO_VEC") != "" {
		if ScanLoop || Decode || Decode512 || Look512 || Block || Encode || Pair || Have != (struct{ ScanLoop, Decode, Decode512, Look512, Block, Encode, Pair bool }{}) {
			t.Fatalf("GODEBUG=%s: switches %v %v %v %v %v %v %v, Have %+v; want all off", os.Getenv("GODEBUG"), ScanLoop, Decode, Decode512, Look512, Block, Encode, Pair, Have)
		}
		return
	}
	if os.Getenv("IRI_CHILD_NO_512") != "" {
		if Decode512 || Look512 || Block || Encode || Pair || Have.Decode512 || Have.Look512 || Have.Block || Have.Encode || Have.Pair {
			t.Fatalf("GODEBUG=%s: switches %v %v %v %v %v, Have %+v; want the AVX-512 ones off", os.Getenv("GODEBUG"), Decode512, Look512, Block, Encode, Pair, Have)
		}
		if os.Getenv("IRI_CHILD_SSSE3") != "" && (!ScanLoop || !Decode) {
			t.Fatalf("GODEBUG=%s: ScanLoop %v, Decode %v; want both on", os.Getenv("GODEBUG"), ScanLoop, Decode)
		}
		return
	}
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	run := func(debug string, env ...string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGODEBUGTurnsOffVector$")
		cmd.Env = append(append(os.Environ(), "GODEBUG="+debug), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GODEBUG=%s: %v\n%s", debug, err, out)
		}
	}
	for _, debug := range []string{"cpu.ssse3=off", "cpu.all=off"} {
		run(debug, "IRI_CHILD_NO_VEC=1")
	}
	ssse3 := ""
	if Have.ScanLoop {
		ssse3 = "1"
	}
	run("cpu.avx512f=off", "IRI_CHILD_NO_512=1", "IRI_CHILD_SSSE3="+ssse3)
}

func TestRestore(t *testing.T) {
	ScanLoop, Decode, Decode512, Look512, Block, Encode, Pair = false, false, false, false, false, false, false
	Restore()
	if Have != (struct{ ScanLoop, Decode, Decode512, Look512, Block, Encode, Pair bool }{ScanLoop, Decode, Decode512, Look512, Block, Encode, Pair}) {
		t.Error("Restore left a switch changed")
	}
}
