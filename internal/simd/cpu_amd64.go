//go:build amd64 && !purego

package simd

import "golang.org/x/sys/cpu"

// The routines need SSSE3 (PSHUFB) or only SSE2, which every amd64 has;
// all ask for SSSE3, so that one GODEBUG switch turns them all off.
var hasSSSE3 = cpu.X86.HasSSSE3

// hasLook512: AVX-512 with its byte and word instructions, VPERMI2B
// (VBMI) and VPCOMPRESSB (VBMI2), and BMI2. (x/sys/cpu reports AVX-512
// only where the OS saves its registers.)
var hasLook512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2 &&
	cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

// hasBlock512: AVX-512 with its byte instructions and VPERMT2B (VBMI),
// BMI1 for TZCNT and BLSR, BMI2 for BZHI, SHLX and SHRX.
var hasBlock512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI &&
	cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// hasBlock256: AVX2 (VPSHUFB, VPMOVMSKB on 32 bytes), BMI1 for TZCNT,
// ANDN and BLSR, BMI2 for BZHI, SHLX and SHRX.
var hasBlock256 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// hasDecode512: AVX-512 with its byte instructions, VPERMB (VBMI) and
// VPCOMPRESSB (VBMI2), BMI1 for TZCNT and ANDN, BMI2 for BZHI, POPCNT.
var hasDecode512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512VBMI2 &&
	cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT
