//go:build amd64 && !purego

#include "textflag.h"

// EXPAND encodes the up to 21 bytes of Z0 from byte OFF on, of the R10
// that are s's, to DI+DX, and adds their length to DX; IDX holds the
// offsets OFF+k/3. R9 holds the block's bytes to encode, R12 bit 3i for
// each i. AX, R8, R11, R13-R15, Z1-Z4, K3-K7 are scratch.
#define EXPAND(IDX, OFF, skip) \
	MOVQ    R10, AX; \
	SUBQ    $OFF, AX; \
	JLE     skip; \
	MOVL    $21, R11; \
	CMPQ    AX, R11; \
	CMOVQLT AX, R11; \
	MOVQ    R9, R13; \
	SHRQ    $OFF, R13; \
	BZHIQ   R11, R13, R13; \
	PDEPQ   R12, R13, R13; \
	VPERMB  Z0, IDX, Z1; \
	VPSRLW  $4, Z1, Z2; \
	VPANDQ  Z22, Z2, Z2; \
	VPSHUFB Z2, Z21, Z2; \
	VPANDQ  Z22, Z1, Z3; \
	VPSHUFB Z3, Z21, Z3; \
	LEAQ    (R13)(R13*1), R14; \
	MOVQ    R13, R15; \
	SHLQ    $2, R15; \
	KMOVQ   R13, K3; \
	KMOVQ   R14, K4; \
	KMOVQ   R15, K5; \
	VMOVDQU8 Z23, K3, Z1; \
	VMOVDQU8 Z2, K4, Z1; \
	VMOVDQU8 Z3, K5, Z1; \
	LEAQ    (R11)(R11*2), R8; \
	BZHIQ   R8, R12, R8; \
	ORQ     R14, R8; \
	ORQ     R15, R8; \
	KMOVQ   R8, K6; \
	VPCOMPRESSB.Z Z1, K6, Z4; \
	POPCNTQ R8, R8; \
	MOVQ    $-1, R11; \
	BZHIQ   R8, R11, R11; \
	KMOVQ   R11, K7; \
	VMOVDQU8 Z4, K7, (DI)(DX*1); \
	ADDQ    R8, DX; \
skip:

// func encode512(dst *byte, s string) int
TEXT ·encode512(SB), NOSPLIT, $0-32
	MOVQ    dst+0(FP), DI
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	XORL    CX, CX           // CX: bytes of s done
	XORL    DX, DX           // DX: bytes written
	VMOVDQU64 ·encTriple(SB), Z20
	VMOVDQU64 ·encTriple+64(SB), Z24
	VMOVDQU64 ·encTriple+128(SB), Z25
	VMOVDQU64 ·encHex(SB), Z21
	MOVL    $0x0F, AX
	VPBROADCASTB AX, Z22
	MOVL    $0x25, AX
	VPBROADCASTB AX, Z23     // '%'
	MOVQ    $0x1249249249249249, R12

loop:
	// A block of 64 bytes: copied at once if no byte needs encoding,
	// else its first 63 in three steps of 21, whatever they hold, so
	// that where the next block starts does not wait on this one's bytes.
	MOVQ    BX, R10
	SUBQ    CX, R10
	JZ      done
	MOVL    $64, AX
	CMPQ    R10, AX
	CMOVQGT AX, R10          // R10: the block's bytes (BZHI reads a count's low byte only)
	MOVQ    $-1, R8
	BZHIQ   R10, R8, R8
	KMOVQ   R8, K1
	VMOVDQU8.Z (SI)(CX*1), K1, Z0
	VPMOVB2M Z0, K2
	KMOVQ   K2, R9           // R9: bytes to encode
	TESTQ   R9, R9
	JNZ     some
	VMOVDQU8 Z0, K1, (DI)(DX*1)
	ADDQ    R10, CX
	ADDQ    R10, DX
	JMP     loop
some:
	EXPAND(Z20, 0, skip0)
	EXPAND(Z24, 21, skip1)
	EXPAND(Z25, 42, skip2)
	MOVL    $63, AX
	CMPQ    R10, AX
	CMOVQGT AX, R10
	ADDQ    R10, CX
	JMP     loop

done:
	MOVQ    DX, ret+24(FP)
	VZEROUPPER
	RET
