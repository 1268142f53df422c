//go:build amd64 && !purego

#include "textflag.h"

// The URI-to-IRI decoder in AVX-512: see decode512 in decode_amd64.go.

#define DECODESET github·com∕irikit∕iri∕tables·DecodeSet
#define PRONELEAD github·com∕irikit∕iri∕tables·ProneLead
#define PRONENEXT github·com∕irikit∕iri∕tables·ProneNext

// Registers through the loop:
//	DI: where the next byte goes; SI, BX: s; DX: i.
//	Z0: the window; Z2: the octet of each triplet, at its '%'.
//	R8: the window's triplets (their '%'); R10: its length n;
//	R11: the bits under n; R12: non-ASCII octets; R13: lead bytes;
//	R14: leads of three bytes or more; R15: octets in DecodeSet.
//	Z31: hex digit values by b&63; Z30, Z29, Z28: VPERMB indexes j+1,
//	j+2, j+3; Z27, Z26: DecodeSet; Z25, Z24: ProneLead; Z23-Z21:
//	ProneNext; Z20: 0x0F; Z19: '%'; Z18: 0xC0; Z17: 0xE0; Z16: 0xA0.

// func decode512(dst *byte, s string, i int) (next, n int)
TEXT ·decode512(SB), NOSPLIT, $0-48
	MOVQ    dst+0(FP), DI
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	MOVQ    i+24(FP), DX
	VMOVDQU64 ·dec512Hex(SB), Z31
	VMOVDQU64 ·dec512Ramp+1(SB), Z30
	VMOVDQU64 ·dec512Ramp+2(SB), Z29
	VMOVDQU64 ·dec512Ramp+3(SB), Z28
	VBROADCASTI32X4 DECODESET(SB), Z27
	VBROADCASTI32X4 DECODESET+16(SB), Z26
	VBROADCASTI32X4 PRONELEAD(SB), Z25
	VBROADCASTI32X4 PRONELEAD+16(SB), Z24
	VBROADCASTI32X4 PRONENEXT(SB), Z23
	VBROADCASTI32X4 PRONENEXT+16(SB), Z22
	VBROADCASTI32X4 PRONENEXT+32(SB), Z21
	MOVL    $0x0F, AX
	VPBROADCASTB AX, Z20
	MOVL    $0x25, AX
	VPBROADCASTB AX, Z19
	MOVL    $0xC0, AX
	VPBROADCASTB AX, Z18
	MOVL    $0xE0, AX
	VPBROADCASTB AX, Z17
	MOVL    $0xA0, AX
	VPBROADCASTB AX, Z16

loop:
	// The window: up to 64 bytes, by a masked load (nothing past s is
	// read, so no page end can fault).
	MOVQ    BX, R10
	SUBQ    DX, R10
	JLE     done
	MOVL    $64, AX
	CMPQ    R10, AX
	CMOVQGT AX, R10          // (BZHI reads a count's low byte only)
	MOVQ    $-1, R11
	BZHIQ   R10, R11, R11
	KMOVQ   R11, K1
	VMOVDQU8.Z (SI)(DX*1), K1, Z0
	VPCMPEQB Z19, Z0, K2
	KMOVQ   K2, R8
	// A triplet whose digits are not all in the window ends it.
	MOVQ    R11, AX
	SHRQ    $2, AX
	ANDNQ   R8, AX, AX
	JZ      whole
	TZCNTQ  AX, R10
	MOVQ    $-1, R11
	BZHIQ   R10, R11, R11
	ANDQ    R11, R8
whole:
	TESTQ   R8, R8
	JNZ     triplets
	KMOVQ   R11, K1
	VMOVDQU8 Z0, K1, (DI)
	ADDQ    R10, DX
	ADDQ    R10, DI
	JMP     loop

triplets:
	KMOVQ   R8, K2
	// The octets: the value of the digit after each byte, times 16,
	// plus that of the one after it.
	VPERMB  Z31, Z0, Z1
	VPERMB  Z1, Z30, Z2
	VPERMB  Z1, Z29, Z3
	VPSLLW  $4, Z2, Z2
	VPORQ   Z3, Z2, Z2
	VPMOVB2M Z2, K3
	KANDQ   K2, K3, K3
	KMOVQ   K3, R12
	VPANDQ  Z20, Z2, Z4      // Z4: low nibbles
	VPSRLW  $4, Z2, Z5
	VPANDQ  Z20, Z5, Z5      // Z5: high nibbles
	VPSHUFB Z4, Z27, Z6
	VPSHUFB Z5, Z26, Z7
	VPTESTMB Z6, Z7, K2, K4
	KMOVQ   K4, R15
	// With ASCII octets alone the window goes out whole: unreserved
	// ones decoded, the others as they were.
	MOVQ    R10, CX
	XORL    R9, R9
	TESTQ   R12, R12
	JZ      emit

	// Non-ASCII octets go out only as whole characters whose lead byte is
	// in DecodeSet and that section 6.1 does not list, as decodeRun's.
	VPCMPUB $5, Z18, Z2, K2, K5
	KMOVQ   K5, R13
	VPCMPUB $5, Z17, Z2, K2, K6
	KMOVQ   K6, R14
	VPCMPEQB Z17, Z2, K2, K5
	KMOVQ   K5, AX
	VPCMPUB $1, Z16, Z2, K2, K6
	KMOVQ   K6, CX
	SHLQ    $3, AX
	ANDQ    CX, AX           // AX: E0 followed by less than A0
	MOVQ    R13, R9
	SHLQ    $3, R9
	MOVQ    R14, CX
	SHLQ    $6, CX
	ORQ     CX, R9           // R9: where a continuation byte is due
	ANDNQ   R12, R13, CX     // CX: continuation bytes
	XORQ    R9, CX           // one where none is due, or none where due
	ORQ     AX, CX
	ANDNQ   R12, R15, AX
	ORQ     AX, CX           // or not in DecodeSet
	VPSHUFB Z4, Z25, Z6
	VPSHUFB Z5, Z24, Z7
	VPTESTMB Z6, Z7, K2, K5  // K5: ProneLead leads
	KORTESTQ K5, K5
	JZ      prone
	VPERMB  Z2, Z28, Z8      // Z8: the next octet
	VPSHUFB Z4, Z23, Z6
	VPCMPEQB Z8, Z6, K5, K6
	VPSHUFB Z4, Z22, Z6
	VPCMPEQB Z8, Z6, K5, K7
	KORQ    K7, K6, K6
	VPSHUFB Z4, Z21, Z6
	VPCMPEQB Z8, Z6, K5, K7
	KORQ    K7, K6, K6
	KMOVQ   K6, AX
	ORQ     AX, CX           // or a lead that may start a listed character
prone:
	ANDQ    R11, CX
	TZCNTQ  CX, CX           // CX: the first bad byte (64 if none)
	// Inside a character: back off to its lead.
	BTQ     CX, R9
	JCC     lead
	SUBQ    $3, CX
	BTQ     CX, R13
	JCS     lead
	SUBQ    $3, CX
lead:
	// A character that the window cuts ends it.
	MOVQ    R11, AX
	SHRQ    $3, AX
	ANDNQ   R13, AX, AX
	MOVQ    R11, R9
	SHRQ    $6, R9
	ANDNQ   R14, R9, R9
	ORQ     R9, AX
	TZCNTQ  AX, AX
	CMPQ    AX, R10
	CMOVQGT R10, AX          // AX: where the window ends
	XORL    R9, R9
	CMPQ    CX, AX
	JAE     cut
	MOVL    $1, R9           // a character for the caller
	JMP     emit
cut:
	MOVQ    AX, CX

emit:
	// CX bytes of the window go out, R9 set when the caller takes the
	// triplet after them. Decoded octets replace their '%', and their
	// digits go.
	TESTQ   CX, CX
	JZ      done
	LEAQ    (R15)(R15*1), AX
	MOVQ    R15, R12
	SHLQ    $2, R12
	ORQ     R12, AX
	MOVQ    $-1, R12
	BZHIQ   CX, R12, R12
	ANDNQ   R12, AX, AX      // AX: the bytes that go out
	KMOVQ   R15, K3
	VMOVDQU8 Z2, K3, Z0
	KMOVQ   AX, K4
	VPCOMPRESSB.Z Z0, K4, Z1
	POPCNTQ AX, AX
	MOVQ    $-1, R12
	BZHIQ   AX, R12, R12
	KMOVQ   R12, K5
	VMOVDQU8 Z1, K5, (DI)
	ADDQ    AX, DI
	ADDQ    CX, DX
	TESTL   R9, R9
	JZ      loop

done:
	MOVQ    DX, next+32(FP)
	SUBQ    dst+0(FP), DI
	MOVQ    DI, n+40(FP)
	VZEROUPPER
	RET
