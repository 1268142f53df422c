//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The URI-to-IRI decoder in AVX-512: see decode512 and convert512 in
// decode_amd64.go.

#define DECODESET github·com∕irikit∕iri∕tables·DecodeSet
#define PRONELEAD github·com∕irikit∕iri∕tables·ProneLead
#define PRONENEXT github·com∕irikit∕iri∕tables·ProneNext

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
	// Ask for the cache lines of s after the first now, so that when s
	// is not in cache their misses overlap with that of the first
	// (prefetches do not fault, and the block path reads them soon).
	PREFETCHT0 64(SI)
	PREFETCHT0 -1(SI)(BX*1)  // the last, which the second block may need
	CMPQ    BX, $128
	JBE     fetched
	PREFETCHT0 128(SI)
fetched:
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
//
// A window of n bytes: Z0. For each '%' in it (K2), Z5 and Z4 get the
// values of its two digits, Z2 its octet. The window ends before the
// first unit that it cuts: a triplet, or the triplets of a character
// that its first digit (C-D, E-F) says is two or three bytes long; so
// the next window waits on one lookup of the bytes, not on the decoding.
// Registers besides: R10: n; K2: the '%'s; K3: octets above 0x7F; K4
// and R15: octets in DecodeSet.
// Constants: Z30, Z29, Z28: VPERMB indexes j+1, j+2, j+3; Z27, Z26:
// DecodeSet; Z25, Z24: ProneLead; Z23-Z21: ProneNext; Z11: n.
TEXT ·decodeBody(SB), NOSPLIT|NOFRAME, $0-0
	// Tables and splats are memory operands where the instruction takes
	// one: fewer instructions a call, for as many loads.
	VMOVDQU64 ·dec512Ramp+1(SB), Z30
	VMOVDQU64 ·dec512Ramp+2(SB), Z29
	VBROADCASTI32X4 DECODESET(SB), Z27
	VBROADCASTI32X4 DECODESET+16(SB), Z26
	VBROADCASTI32X4 PRONELEAD(SB), Z25
	VBROADCASTI32X4 PRONELEAD+16(SB), Z24
	VMOVDQU64 ·dec512Splat+(64*6)(SB), Z11

loop:
	// The window: 64 bytes, or the rest of s by a masked load (nothing
	// past s is read, so no page end can fault).
	MOVQ    BX, R10
	SUBQ    DX, R10
	JLE     done
	CMPQ    R10, $64
	JB      short
	MOVL    $64, R10
	VMOVDQU64 (SI)(DX*1), Z0
	VPCMPEQB ·dec512Splat+(64*0)(SB), Z0, K2
	KORTESTQ K2, K2
	JNZ     triplets
	VMOVDQU64 Z0, (DI)
	ADDQ    R10, DX
	ADDQ    R10, DI
	JMP     loop
short:
	// The last window (what follows one is shorter still).
	MOVQ    $-1, R11
	BZHIQ   R10, R11, R11    // (BZHI reads a count's low byte only: R10 < 64)
	KMOVQ   R11, K1
	VMOVDQU8.Z (SI)(DX*1), K1, Z0
	VPBROADCASTB R10, Z11
	VPCMPEQB ·dec512Splat+(64*0)(SB), Z0, K2
	KORTESTQ K2, K2
	JNZ     triplets
	VMOVDQU8 Z0, K1, (DI)
	ADDQ    R10, DX
	ADDQ    R10, DI
	JMP     loop

triplets:
	// Where the window ends: at the first unit that reaches past it. A
	// first digit at j, 1 past its '%', ends a unit at j-1+span; a '%'
	// in the window's last byte (whose digit lane is past the register)
	// ends it there.
	VPERMB  ·dec512Span(SB), Z0, Z3
	VPADDB  ·dec512Ramp(SB), Z3, Z3
	KSHIFTLQ $1, K2, K3
	VPCMPUB $6, Z11, Z3, K3, K3
	KMOVQ   K3, AX
	SHRQ    $1, AX
	TZCNTQ  AX, AX
	KSHIFTRQ $63, K2, K6
	KMOVQ   K6, R11
	SUBQ    R11, R10
	CMPQ    AX, R10
	CMOVQLT AX, R10          // R10: where the window ends
	VPERMB  ·dec512Hex(SB), Z0, Z1
	VPERMB  Z1, Z30, Z5      // Z5: first digits
	VPERMB  Z1, Z29, Z4      // Z4: second digits
	// Triplets cut by the window have octets made of bytes past it, and
	// lanes past R10 may be taken for bad ones: they are never read.
	VPSLLW  $4, Z5, Z2
	VPORQ   Z4, Z2, Z2       // Z2: the octets
	VPSHUFB Z4, Z27, Z6
	VPSHUFB Z5, Z26, Z7
	VPTESTMB Z6, Z7, K2, K4  // K4: octets in DecodeSet
	KMOVQ   K4, R15
	VPCMPUB $5, ·dec512Splat+(64*1)(SB), Z5, K2, K3
	// With ASCII octets alone the window goes out whole: unreserved
	// ones decoded, the others as they were.
	MOVQ    R10, CX
	XORL    R9, R9
	KORTESTQ K3, K3
	JZ      emit

	// Non-ASCII octets go out only as whole characters whose lead byte is
	// in DecodeSet and that section 6.1 does not list, as decodeRun's.
	// The checks stay in mask registers: only a bad byte in the window
	// needs them in general ones, to back off to its lead.
	VPCMPUB $5, ·dec512Splat+(64*4)(SB), Z5, K2, K5  // K5: lead bytes
	VPCMPUB $5, ·dec512Splat+(64*5)(SB), Z5, K2, K6  // leads of three bytes or more
	KSHIFTLQ $3, K5, K1
	KSHIFTLQ $6, K6, K6
	KORQ    K6, K1, K1       // K1: where a continuation byte is due
	KANDNQ  K3, K5, K6       // continuation bytes
	KXORQ   K1, K6, K6       // one where none is due, or none where due
	KANDNQ  K3, K4, K7
	KORQ    K7, K6, K6       // or not in DecodeSet
	VPCMPEQB ·dec512Splat+(64*2)(SB), Z2, K2, K7
	KSHIFTLQ $3, K7, K7
	VPCMPUB $1, ·dec512Splat+(64*3)(SB), Z2, K7, K7
	KORQ    K7, K6, K6       // or E0 followed by less than A0
	VPSHUFB Z4, Z25, Z6
	VPSHUFB Z5, Z24, Z7
	VPTESTMB Z6, Z7, K2, K7  // K7: ProneLead leads
	KORTESTQ K7, K7
	JZ      prone
	VBROADCASTI32X4 PRONENEXT(SB), Z23
	VBROADCASTI32X4 PRONENEXT+16(SB), Z22
	VBROADCASTI32X4 PRONENEXT+32(SB), Z21
	VMOVDQU64 ·dec512Ramp+3(SB), Z28
	VPERMB  Z2, Z28, Z8      // Z8: the next octet
	VPSHUFB Z4, Z23, Z6
	VPCMPEQB Z8, Z6, K7, K0
	KORQ    K0, K6, K6
	VPSHUFB Z4, Z22, Z6
	VPCMPEQB Z8, Z6, K7, K0
	KORQ    K0, K6, K6
	VPSHUFB Z4, Z21, Z6
	VPCMPEQB Z8, Z6, K7, K0
	KORQ    K0, K6, K6       // or a lead that may start a listed character
prone:
	KMOVQ   K6, CX
	TZCNTQ  CX, CX           // CX: the first bad byte (64 if none)
	LEAQ    6(R10), AX
	CMPQ    CX, AX
	JAE     good             // past the window even after backing off
	// Inside a character: back off to its lead.
	KMOVQ   K1, AX
	BTQ     CX, AX
	JCC     lead
	SUBQ    $3, CX
	KMOVQ   K5, AX
	BTQ     CX, AX
	JCS     lead
	SUBQ    $3, CX
lead:
	// (Past R10 the lead is in a unit that the window cuts.)
	CMPQ    CX, R10
	JLT     bad
good:
	MOVQ    R10, CX
	XORL    R9, R9
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
	VMOVDQU8 Z2, K4, Z0
	KMOVQ   AX, K5
	VPCOMPRESSB.Z Z0, K5, Z1
	POPCNTQ AX, AX
	MOVQ    $-1, R12
	BZHIQ   AX, R12, R12
	KMOVQ   R12, K6
	VMOVDQU8 Z1, K6, (DI)
	ADDQ    AX, DI
	ADDQ    CX, DX
	TESTL   R9, R9
	JZ      loop

done:
	RET
