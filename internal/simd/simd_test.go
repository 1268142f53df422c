package simd

import (
	"os"
	"os/exec"
	"testing"
)

// haveType is the type of Have.
type haveType = struct{ ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair bool }

// TestGODEBUGTurnsOffVector runs the test binary again with
// GODEBUG=cpu.ssse3=off and with cpu.all=off: either must turn every
// switch off. With cpu.avx512f=off, which must turn off the AVX-512
// routines only, and so leave the AVX2 block path where the CPU has it;
// and with cpu.avx2=off added, which must turn that off too.
func TestGODEBUGTurnsOffVector(t *testing.T) {
	if os.Getenv("IRI_CHILD_NO_VEC") != "" {
		if ScanLoop || Decode || Decode512 || Look512 || Block || Block256 || Encode || Pair || Have != (haveType{}) {
			t.Fatalf("GODEBUG=%s: switches %v %v %v %v %v %v %v %v, Have %+v; want all off", os.Getenv("GODEBUG"), ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair, Have)
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
		if want := os.Getenv("IRI_CHILD_AVX2") != ""; Block256 != want || Have.Block256 != want {
			t.Fatalf("GODEBUG=%s: Block256 %v, Have.Block256 %v; want %v", os.Getenv("GODEBUG"), Block256, Have.Block256, want)
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
	ssse3, avx2 := "", ""
	if Have.ScanLoop {
		ssse3 = "1"
	}
	if Have.Block256 {
		avx2 = "1"
	}
	run("cpu.avx512f=off", "IRI_CHILD_NO_512=1", "IRI_CHILD_SSSE3="+ssse3, "IRI_CHILD_AVX2="+avx2)
	run("cpu.avx512f=off,cpu.avx2=off", "IRI_CHILD_NO_512=1", "IRI_CHILD_SSSE3="+ssse3, "IRI_CHILD_AVX2=")
}

func TestRestore(t *testing.T) {
	ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair = false, false, false, false, false, false, false, false
	Restore()
	if Have != (haveType{ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair}) {
		t.Error("Restore left a switch changed")
	}
}
