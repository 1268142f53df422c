//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The URI-to-IRI decoder in AVX-512: see decode512 and convert512 in
// decode_amd64.go.

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
//	ProneNext; Z20: 0x0F; Z19: '%'; Z17: 0xE0; Z16: 0xA0; Z15: 0x20;
//	Z14: 'c'; Z13: 'e'.

// func decode512(dst *byte, s string, i int) (next, n int)
TEXT ·decode512(SB), NOSPLIT, $0-48
	MOVQ    dst+0(FP), DI
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	MOVQ    i+24(FP), DX
	CALL    ·decodeBody(SB)
	MOVQ    DX, next+32(FP)
	SUBQ    dst+0(FP), DI
	MOVQ    DI, n+40(FP)
	VZEROUPPER
	RET

// func convert512(dst *byte, s string, mode uint32) (head uint64, query, frag, next, n int)
TEXT ·convert512(SB), NOSPLIT, $0-72
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	MOVL    mode+24(FP), R8
	CALL    ·blockPath(SB)
	MOVQ    R10, head+32(FP)
	MOVQ    R11, query+40(FP)
	MOVQ    R12, frag+48(FP)
	XORL    DX, DX
	MOVQ    dst+0(FP), DI
	TESTQ   R10, R10
	JZ      out              // declined: nothing written
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	TESTQ   $const_asmHeadPct, R10
	JNZ     decode
	// No %HH: s as it is.
	MOVQ    BX, CX
copy:
	CMPQ    CX, $64
	JB      tail
	VMOVDQU64 (SI)(DX*1), Z0
	VMOVDQU64 Z0, (DI)(DX*1)
	ADDQ    $64, DX
	SUBQ    $64, CX
	JMP     copy
tail:
	MOVQ    $-1, AX
	BZHIQ   CX, AX, AX
	KMOVQ   AX, K1
	VMOVDQU8.Z (SI)(DX*1), K1, Z0
	VMOVDQU8 Z0, K1, (DI)(DX*1)
	ADDQ    CX, DX
	ADDQ    DX, DI
	JMP     out
decode:
	CALL    ·decodeBody(SB)
out:
	MOVQ    DX, next+56(FP)
	SUBQ    dst+0(FP), DI
	MOVQ    DI, n+64(FP)
	VZEROUPPER
	RET

// decodeBody is the body of decode512 and convert512, called with dst in
// DI, s in SI and BX, i in DX; it returns next in DX and where the next
// byte would go in DI.
TEXT ·decodeBody(SB), NOSPLIT|NOFRAME, $0-0
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
	MOVL    $0xE0, AX
	VPBROADCASTB AX, Z17
	MOVL    $0xA0, AX
	VPBROADCASTB AX, Z16
	MOVL    $0x20, AX
	VPBROADCASTB AX, Z15
	MOVL    $0x63, AX
	VPBROADCASTB AX, Z14     // 'c'
	MOVL    $0x65, AX
	VPBROADCASTB AX, Z13     // 'e'

loop:
	// The window: 64 bytes, or the rest of s by a masked load (nothing
	// past s is read, so no page end can fault).
	MOVQ    BX, R10
	SUBQ    DX, R10
	JLE     done
	MOVQ    $-1, R11
	CMPQ    R10, $64
	JB      short
	MOVL    $64, R10
	VMOVDQU64 (SI)(DX*1), Z0
	JMP     loaded
short:
	BZHIQ   R10, R11, R11
	KMOVQ   R11, K1
	VMOVDQU8.Z (SI)(DX*1), K1, Z0
loaded:
	VPCMPEQB Z19, Z0, K2
	KMOVQ   K2, R8
	TESTQ   R8, R8
	JNZ     triplets
	KMOVQ   R11, K1
	VMOVDQU8 Z0, K1, (DI)
	ADDQ    R10, DX
	ADDQ    R10, DI
	JMP     loop

triplets:
	// Where the window ends: before a triplet or a character it cuts.
	// Lead bytes and their lengths come from the first digit (C-F, E-F),
	// not the octet, so that the next window waits on little.
	VPORD   Z15, Z0, Z9      // ASCII letters in lower case
	VPCMPUB $5, Z14, Z9, K3  // >= 'c'
	KMOVQ   K3, R13
	VPCMPUB $5, Z13, Z9, K4  // >= 'e'
	KMOVQ   K4, R14
	SHRQ    $1, R13
	ANDQ    R8, R13          // R13: lead bytes
	SHRQ    $1, R14
	ANDQ    R8, R14          // R14: leads of three bytes or more
	MOVQ    R11, AX
	SHRQ    $2, AX
	ANDNQ   R8, AX, AX       // a triplet that ends past the window
	MOVQ    R11, CX
	SHRQ    $5, CX
	ANDNQ   R13, CX, CX      // a lead whose character does
	ORQ     CX, AX
	MOVQ    R11, CX
	SHRQ    $8, CX
	ANDNQ   R14, CX, CX
	ORQ     CX, AX
	TZCNTQ  AX, AX
	CMPQ    AX, R10
	CMOVQLT AX, R10          // R10: where the window ends

	// Triplets cut by the window have octets made of bytes past it, and
	// lanes past R10 may be taken for bad ones: they are never read.
	// The octets: the value of the digit after each byte, times 16,
	// plus that of the one after it.
	VPERMB  Z31, Z0, Z1
	VPERMB  Z1, Z30, Z2
	VPERMB  Z1, Z29, Z3
	VPSLLW  $4, Z2, Z2
	VPORQ   Z3, Z2, Z2
	VPMOVB2M Z2, K3
	KANDQ   K2, K3, K3
	KMOVQ   K3, R12          // R12: non-ASCII octets
	VPANDQ  Z20, Z2, Z4      // Z4: low nibbles
	VPSRLW  $4, Z2, Z5
	VPANDQ  Z20, Z5, Z5      // Z5: high nibbles
	VPSHUFB Z4, Z27, Z6
	VPSHUFB Z5, Z26, Z7
	VPTESTMB Z6, Z7, K2, K4
	KMOVQ   K4, R15          // R15: octets in DecodeSet
	// With ASCII octets alone the window goes out whole: unreserved
	// ones decoded, the others as they were.
	MOVQ    R10, CX
	XORL    R9, R9
	TESTQ   R12, R12
	JZ      emit

	// Non-ASCII octets go out only as whole characters whose lead byte is
	// in DecodeSet and that section 6.1 does not list, as decodeRun's.
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
	TZCNTQ  CX, CX           // CX: the first bad byte (64 if none)
	// Inside a character: back off to its lead.
	BTQ     CX, R9
	JCC     lead
	SUBQ    $3, CX
	BTQ     CX, R13
	JCS     lead
	SUBQ    $3, CX
lead:
	XORL    R9, R9
	CMPQ    CX, R10
	JLT     bad
	MOVQ    R10, CX
	JMP     emit
bad:
	MOVL    $1, R9           // a character for the caller

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
	RET
