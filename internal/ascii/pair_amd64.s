//go:build amd64 && !purego

#include "textflag.h"

// func hasPair512(s string, c1, c2 byte) bool
TEXT ·hasPair512(SB), NOSPLIT, $0-25
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVBLZX c1+16(FP), AX
	VPBROADCASTB AX, Z1
	MOVBLZX c2+17(FP), AX
	VPBROADCASTB AX, Z2
	XORL    R9, R9           // R9: 1 when the last byte before the block is c1
loop:
	MOVQ    BX, CX
	SUBQ    $64, BX
	JBE     last
	VMOVDQU64 (SI), Z0
	VPCMPEQB Z1, Z0, K1
	VPCMPEQB Z2, Z0, K2
	KMOVQ   K1, AX
	KMOVQ   K2, DX
	MOVQ    AX, R8
	SHLQ    $1, AX
	ORQ     R9, AX
	TESTQ   DX, AX
	JNZ     yes
	SHRQ    $63, R8
	MOVQ    R8, R9
	ADDQ    $64, SI
	JMP     loop
last:
	// CX bytes left, 1 to 64: a masked load.
	MOVQ    $-1, AX
	BZHIQ   CX, AX, AX
	KMOVQ   AX, K3
	VMOVDQU8.Z (SI), K3, Z0
	VPCMPEQB Z1, Z0, K3, K1
	VPCMPEQB Z2, Z0, K3, K2
	KMOVQ   K1, AX
	KMOVQ   K2, DX
	SHLQ    $1, AX
	ORQ     R9, AX
	TESTQ   DX, AX
	JNZ     yes
	MOVB    $0, ret+24(FP)
	VZEROUPPER
	RET
yes:
	MOVB    $1, ret+24(FP)
	VZEROUPPER
	RET
