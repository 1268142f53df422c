// Package simd holds the switches of the module's assembly routines, one
// per routine, so that BenchmarkAsm (in the bench module) can run each
// against its Go form in the same run, and tests can compare the two.
//
// Each is set when the package is loaded, from golang.org/x/sys/cpu, so
// GODEBUG turns them off: cpu.ssse3=off (or cpu.all=off) turns off every
// vector path of the module, cpu.avx512f=off the AVX-512 ones and
// cpu.avx2=off the AVX2 one. The scanner's block path runs in AVX-512
// where Block is set, else in AVX2 where Block256 is, else the SSSE3 loop
// (ScanLoop) runs: cpu.avx512f=off selects the AVX2 form, and
// cpu.avx512f=off,cpu.avx2=off (or cpu.avx2=off on a CPU without
// AVX-512) the SSSE3 loop. They are
// false where there is no assembly (other architectures, the purego build
// tag). Only tests and benchmarks change them, and only while nothing
// else runs; the packages read them at each call.
package simd

// Switches, by routine.
var (
	// ScanLoop: the scanner's run-skipping loop (internal/scan/loop_amd64.s).
	ScanLoop = hasSSSE3
	// Decode: the scanner's URI-to-IRI decoder (internal/scan/decode_amd64.s).
	Decode = hasSSSE3
	// Decode512: the same decoder 64 bytes a step in AVX-512
	// (internal/scan/decode512_amd64.s); where it is off, Decode decides.
	Decode512 = hasSSSE3 && hasDecode512
	// Look512: the normalization look in AVX-512
	// (internal/look/look512_amd64.s).
	Look512 = hasSSSE3 && hasLook512
	// Block: the scanner's block path, 64 bytes classified a step
	// (internal/scan/block_amd64.s).
	Block = hasSSSE3 && hasBlock512
	// Block256: the same block path in AVX2, two 32-byte halves a step
	// (internal/scan/block256_amd64.s), for CPUs without AVX-512; where
	// Block is set, Block decides.
	Block256 = hasSSSE3 && hasBlock256
	// Encode: the percent-encoding of bytes above 0x7F, 21 a step
	// (internal/ascii/encode_amd64.s).
	Encode = hasSSSE3 && hasLook512
	// Pair: the search for two bytes in a row, 64 bytes a step
	// (internal/ascii/pair_amd64.s), and the look of LookNormal
	// (normal_amd64.s).
	Pair = hasSSSE3 && hasBlock512
)

// Have reports, by routine, what the CPU and GODEBUG allow: the values
// the switches had when the package was loaded.
var Have = struct{ ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair bool }{ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair}

// Restore sets every switch back to Have.
func Restore() {
	ScanLoop, Decode, Decode512, Look512, Block, Block256, Encode, Pair = Have.ScanLoop, Have.Decode, Have.Decode512, Have.Look512, Have.Block, Have.Block256, Have.Encode, Have.Pair
}
