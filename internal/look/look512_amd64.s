//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// lookRun512: see look_amd64.go.

// The bounds of leads of two and of four bytes, as bytes; of leads of
// three, and the masks of their bits, as words; the kind bit of ASCII
// (1 << LookKindFirst, from go_asm.h), as a dword; then, as bytes, the bound of
// leads of three and the masks that index Quiet2 and Quiet3.
DATA look512K<>+0(SB)/1, $0xc0
DATA look512K<>+1(SB)/1, $0xf0
DATA look512K<>+2(SB)/2, $0x00e0
DATA look512K<>+4(SB)/2, $0x001f
DATA look512K<>+6(SB)/2, $0x003f
DATA look512K<>+8(SB)/4, $(1<<const_LookKindFirst)
DATA look512K<>+12(SB)/1, $0xe0
DATA look512K<>+13(SB)/1, $0x0f
DATA look512K<>+14(SB)/1, $0x03
DATA look512K<>+15(SB)/1, $0x7c
GLOBL look512K<>(SB), RODATA|NOPTR, $16

// func lookRun512(s string, i int, prev uint8) int
//
// Registers: SI s, BX len(s), DX the chunk, CX the leads' count, R8 the
// kind bit of the character before, R9 whether the byte before the chunk
// is ASCII, R10 the table less three, R11 the leads of four bytes, DI the
// first of them (128 for none), R12 the leads, R13 the ASCII bytes.
// Z19-Z22 and Z26-Z31 hold look512K's values in every lane, Z23-Z25 the
// quiet tables.
TEXT ·lookRun512(SB), NOSPLIT, $0-40
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVQ    i+16(FP), DX
	MOVBLZX prev+24(FP), R8
	// A gather reads the dword that ends with the entry: its top byte.
	// (Code points from 0x80 on keep it inside the table.)
	LEAQ    ·Table(SB), R10
	SUBQ    $3, R10
	XORL    R9, R9           // the caller's prev covers the byte before
	VPBROADCASTB look512K<>+0(SB), Z31
	VPBROADCASTB look512K<>+1(SB), Z30
	VPBROADCASTW look512K<>+2(SB), Z29
	VPBROADCASTW look512K<>+4(SB), Z28
	VPBROADCASTW look512K<>+6(SB), Z27
	VPBROADCASTD look512K<>+8(SB), Z26
	VPBROADCASTB look512K<>+12(SB), Z19
	VPBROADCASTB look512K<>+13(SB), Z20
	VPBROADCASTB look512K<>+14(SB), Z21
	VPBROADCASTB look512K<>+15(SB), Z22
	VBROADCASTI32X4 ·Quiet3(SB), Z23
	VMOVDQU64 ·Quiet2(SB), Z24
	VMOVDQU64 ·Quiet2+64(SB), Z25

chunk:
	MOVQ    BX, CX
	SUBQ    DX, CX           // bytes left
	JLE     end
	// Lanes inside s, and those whose next byte, and next but one, are:
	// masked loads read nothing else, so no read crosses into a page
	// past s.
	MOVL    $64, AX
	CMPQ    CX, AX
	CMOVQLT CX, AX
	MOVQ    $-1, R11
	BZHIQ   AX, R11, R11
	KMOVQ   R11, K1
	SHRQ    $1, R11
	KMOVQ   R11, K2
	SHRQ    $1, R11
	KMOVQ   R11, K3
	VMOVDQU8.Z (SI)(DX*1), K1, Z0
	VMOVDQU8.Z 1(SI)(DX*1), K2, Z1
	VMOVDQU8.Z 2(SI)(DX*1), K3, Z2
	VPCMPUB $5, Z31, Z0, K4  // leads: >= 0xC0
	VPCMPUB $5, Z30, Z0, K5  // leads of four bytes
	VPMOVB2M Z0, K6
	KMOVQ   K4, R12
	KMOVQ   K5, R11
	KMOVQ   K6, R13
	NOTQ    R13              // ASCII (and zero lanes past s)
	// A chunk takes the leads of lanes 0-61, whose next two bytes are
	// in Z1 and Z2, and the next chunk starts at lane 62.
	MOVQ    $0x3fffffffffffffff, AX
	ANDQ    AX, R12
	ANDQ    AX, R11
	MOVL    $128, DI         // no lead of four bytes
	TESTQ   R11, R11
	JZ      flags
	TZCNTQ  R11, DI
	BZHIQ   DI, R12, R12     // the leads before it
flags:
	// Bit j of AX: the byte before lane j is ASCII. In lead order, K6.
	LEAQ    (R9)(R13*2), AX
	PEXTQ   R12, AX, AX
	KMOVD   AX, K6
	SHRQ    $61, R13
	ANDL    $1, R13
	MOVQ    R13, R9
	POPCNTQ R12, CX          // at most 31
	JZ      next
	// Where every lead is of a quiet character (Quiet2,
	// Quiet3), which is never looked at closely and is a first,
	// the chunk needs no entries; the next learns "a first" in R8. Two
	// bytes: the quiet run is the code point >> 4, (b0&1F)<<2 |
	// (b1>>4)&3; three: b0&0F. Only the branch waits on this test.
	VPSLLW  $2, Z0, Z3
	VPANDD  Z22, Z3, Z3
	VPSRLW  $4, Z1, Z4
	VPANDD  Z21, Z4, Z4
	VPORD   Z4, Z3, Z3
	VPERMI2B Z25, Z24, Z3
	VPTESTMB Z3, Z3, K1
	VPANDD  Z20, Z0, Z4
	VPSHUFB Z4, Z23, Z4
	VPTESTMB Z4, Z4, K2
	VPCMPUB $5, Z19, Z0, K7  // >= 0xE0
	KMOVQ   K1, AX
	KMOVQ   K2, R13
	KMOVQ   K7, R14
	ANDQ    R14, R13         // three bytes: from 0xE0 (the leads below 0xF0
	NOTQ    R14              // are all R12 holds there)
	ANDQ    R14, AX          // two: below
	ORQ     R13, AX
	ANDNQ   R12, AX, AX      // the leads not quiet
	JNZ     entries
	MOVL    $(1<<const_LookKindFirst), R8
	JMP     next

entries:
	// The leads and their next two bytes, in order, as words; then
	// each code point: (b0&1F)<<6 | b1&3F, and for three bytes that
	// <<6 | b2&3F.
	KMOVQ   R12, K4
	VPCOMPRESSB.Z Z0, K4, Z3
	VPCOMPRESSB.Z Z1, K4, Z4
	VPCOMPRESSB.Z Z2, K4, Z5
	VPMOVZXBW Y3, Z3
	VPMOVZXBW Y4, Z4
	VPMOVZXBW Y5, Z5
	VPCMPUW $5, Z29, Z3, K5  // three bytes
	VPANDD  Z28, Z3, Z3
	VPSLLW  $6, Z3, Z3
	VPANDD  Z27, Z4, Z4
	VPORD   Z4, Z3, Z3
	VPSLLW  $6, Z3, K5, Z3
	VPANDD  Z27, Z5, Z5
	VMOVDQU16.Z Z5, K5, Z5
	VPORD   Z5, Z3, Z3
	// The entries of the first sixteen leads; lanes past the last stay 0.
	VPMOVZXWD Y3, Z4
	MOVL    $0xffff, AX
	BZHIL   CX, AX, AX
	KMOVW   AX, K5
	VPXORD  Z5, Z5, Z5
	VPGATHERDD (R10)(Z4*1), K5, Z5
	VPSRLD  $24, Z5, Z5      // entries
	VPSRLD  $const_LookSelfShift, Z5, Z6 // 1 << own kind
	// The kind before each: the one before in order, R8 before the
	// first, ASCII's after an ASCII byte.
	VPBROADCASTD R8, Z7
	VALIGND $15, Z7, Z6, Z7
	VMOVDQA32 Z26, K6, Z7
	VPTESTMD Z5, Z7, K7
	KMOVW   K7, AX
	TESTL   AX, AX
	JNZ     found
	CMPQ    CX, $16
	JA      more
	LEAL    -1(CX), AX       // the kind of the last lead goes on
	VPBROADCASTD AX, Z7
	VPERMD  Z6, Z7, Z7
	VMOVD   X7, R8
	JMP     next

more:
	// Leads 16-30.
	VEXTRACTI64X4 $1, Z3, Y4
	VPMOVZXWD Y4, Z4
	LEAL    -16(CX), R11
	MOVL    $0xffff, AX
	BZHIL   R11, AX, AX
	KMOVW   AX, K5
	VPXORD  Z8, Z8, Z8
	VPGATHERDD (R10)(Z4*1), K5, Z8
	VPSRLD  $24, Z8, Z8
	VPSRLD  $const_LookSelfShift, Z8, Z9
	VALIGND $15, Z6, Z9, Z7
	KSHIFTRD $16, K6, K6
	VMOVDQA32 Z26, K6, Z7
	VPTESTMD Z8, Z7, K7
	KMOVW   K7, AX
	SHLL    $16, AX
	TESTL   AX, AX
	JNZ     found
	LEAL    -17(CX), AX
	VPBROADCASTD AX, Z7
	VPERMD  Z9, Z7, Z7
	VMOVD   X7, R8

next:
	CMPQ    DI, $128
	JNE     four
	ADDQ    $62, DX
	JMP     chunk

found:
	// The k-th lead, k the lowest bit of AX.
	TZCNTL  AX, AX
	XORL    R11, R11
	BTSQ    AX, R11
	PDEPQ   R12, R11, R11
	TZCNTQ  R11, AX
	ADDQ    DX, AX
	MOVQ    AX, ret+32(FP)
	VZEROUPPER
	RET

four:
	ADDQ    DX, DI
	MOVQ    DI, ret+32(FP)
	VZEROUPPER
	RET

end:
	MOVQ    BX, ret+32(FP)
	VZEROUPPER
	RET
