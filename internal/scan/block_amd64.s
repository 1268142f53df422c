//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The block path in AVX-512; see block_amd64.go, and blockGo, which this
// follows step for step.

#define DELIM github·com∕irikit∕iri∕tables·BlockDelim
#define CLASS github·com∕irikit∕iri∕tables·BlockClass

// The frame holds the block's masks: BlockDelim's by bit, then
// BlockClass's.
#define D_BAD      0(SP)
#define D_COLON    8(SP)
#define D_SLASH    16(SP)
#define D_QUESTION 24(SP)
#define D_HASH     32(SP)
#define D_AT       40(SP)
#define D_PCT      48(SP)
#define D_SCHEME   56(SP)
#define C_DIGIT    64(SP) // ASCII; for bytes >= 0x80, C_CONT
#define C_HEX      72(SP) // ASCII; for bytes >= 0x80, C_CONTHI
#define C_CONT     64(SP)
#define C_CONTHI   72(SP)
#define C_LEAD     80(SP)
#define C_LEAD3    88(SP)
#define C_NEEDHI   96(SP)
#define C_NEEDLO   104(SP)

// Registers through the function:
//	SI: s; BX: len(s); R8: the mode; DI: the offset of the block;
//	CX: its length; R9: its bytes >= 0x80; R10: head; R11: query;
//	R12: frag; R15: 1 once the block's BlockClass masks are in the frame.
//	Z0: the block with the bytes of each qword reversed; K2: its bytes
//	>= 0x80; Z26-Z31: tables and constants.

// CLASSIFY reads the block at s[DI:DI+CX] into Z0, R9 and K2, and stores
// its BlockDelim masks. K1, K3, K4, Z1, AX are scratch.
#define CLASSIFY \
	MOVQ    $-1, AX; \
	BZHIQ   CX, AX, AX; \
	KMOVQ   AX, K1; \
	VMOVDQU8.Z (SI)(DI*1), K1, Z0; \
	VPMOVB2M Z0, K4; \
	KMOVQ   K4, R9; \
	VPSHUFB Z31, Z0, Z0; \
	VPMOVB2M Z0, K2; \
	KNOTQ   K2, K3; \
	VMOVDQA64 Z0, Z1; \
	VPERMI2B.Z DELIM+64(SB), Z28, K3, Z1; \
	VGF2P8AFFINEQB $0, Z1, Z30, Z1; \
	VPERMB  Z1, Z29, Z1; \
	VMOVDQU64 Z1, 0(SP); \
	XORL    R15, R15

// CLASSES stores the block's BlockClass masks unless they are there.
// Z1, Z2 are scratch.
#define CLASSES(L) \
	TESTL   R15, R15; \
	JNZ     L; \
	VMOVDQA64 Z0, Z1; \
	VPERMI2B CLASS+64(SB), Z27, Z1; \
	VMOVDQA64 Z0, Z2; \
	VPERMI2B CLASS+192(SB), Z26, Z2; \
	VPBLENDMB Z2, Z1, K2, Z1; \
	VGF2P8AFFINEQB $0, Z1, Z30, Z1; \
	VPERMB  Z1, Z29, Z1; \
	VMOVDQU64 Z1, 64(SP); \
	MOVL    $1, R15; \
L:

// BELOW sets R to the mask of the bits under bit N (0..64).
#define BELOW(N, R) \
	MOVQ    $-1, R; \
	BZHIQ   N, R, R

// func block512(s string, mode uint32) (head uint64, query, frag int)
TEXT ·block512(SB), NOSPLIT, $128-48
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVL    mode+16(FP), R8
	VMOVDQU64 ·blockRev(SB), Z31
	VMOVDQU64 ·blockPow(SB), Z30
	VMOVDQU64 ·blockGather(SB), Z29
	VMOVDQU64 DELIM(SB), Z28
	VMOVDQU64 CLASS(SB), Z27
	VMOVDQU64 CLASS+128(SB), Z26
	XORL    DI, DI
	MOVQ    $64, CX
	CMPQ    BX, CX
	CMOVQLT BX, CX           // CX: the first block's length
	CLASSIFY
	XORL    R10, R10
	MOVQ    $-1, R11
	MOVQ    $-1, R12
	BELOW(CX, AX)
	TESTQ   D_BAD, AX
	JNZ     decline

	// The scheme: before the first ':' if no '/', '?' or '#' comes first.
	MOVQ    D_SLASH, R13
	ORQ     D_QUESTION, R13
	ORQ     D_HASH, R13      // R13: the delimiters
	TZCNTQ  R13, R14         // R14: the first (64 if none)
	TZCNTQ  D_COLON, AX      // AX: the first ':'
	XORL    DX, DX           // DX: where the hierarchical part starts
	CMPQ    AX, R14
	JAE     noscheme
	TESTL   $const_modeNoScheme, R8
	JNZ     decline
	MOVBLZX (SI), DX
	ORL     $0x20, DX
	SUBL    $0x61, DX
	CMPL    DX, $26
	JAE     decline          // not ALPHA (nor a scheme)
	BELOW(AX, DX)
	MOVQ    D_SCHEME, R14
	ANDNQ   DX, R14, R14
	JNZ     decline          // not a scheme character
	LEAQ    1(AX), DX
	MOVQ    DX, R10
	SHLQ    $const_headScheme, R10
	JMP     authority

noscheme:
	CMPQ    R14, $64
	JNE     schemeless
	CMPQ    BX, CX
	JNE     decline          // a scheme may end past the block
schemeless:
	TESTL   $const_modeNeedScheme, R8
	JNZ     decline

authority:
	// An authority after "//" at DX.
	LEAQ    2(DX), AX        // AX: where it would start
	CMPQ    AX, CX
	JLE     slashes
	CMPQ    BX, CX
	JNE     decline          // the "//" may lie past the block
	JMP     block
slashes:
	MOVQ    D_SLASH, R14
	SHRXQ   DX, R14, R14
	ANDL    $3, R14
	CMPL    R14, $3
	JNE     block
	MOVQ    AX, DX
	SHLQ    $const_headAuthority, DX
	ORQ     DX, R10
	// R14: where it ends, the next delimiter.
	MOVL    $64, R14
	CMPQ    AX, $64
	JEQ     authend
	SHRXQ   AX, R13, R14
	SHLXQ   AX, R14, R14
	TZCNTQ  R14, R14
authend:
	CMPQ    R14, $64
	JNE     authknown
	CMPQ    BX, CX
	JNE     decline          // it may end past the block
	MOVQ    BX, R14
authknown:
	LEAQ    1(R14), DX
	SHLQ    $const_headAuthEnd, DX
	ORQ     DX, R10
	BELOW(R14, R13)
	BELOW(AX, DX)
	ANDNQ   R13, DX, R13     // R13: the authority's bytes
	MOVQ    D_AT, DX
	ANDQ    R13, DX
	JZ      host
	BLSRQ   DX, R14
	JNZ     decline          // '@' in the host
	TZCNTQ  DX, AX
	INCQ    AX               // AX: where the host starts
	MOVQ    AX, DX
	SHLQ    $const_headUserinfo, DX
	ORQ     DX, R10
host:
	BELOW(AX, R14)
	ANDNQ   R13, R14, R14    // R14: the host and port's bytes
	MOVQ    D_COLON, DX
	ANDQ    R14, DX
	JZ      block
	TZCNTQ  DX, AX
	INCQ    AX               // AX: where the port starts
	MOVQ    AX, DX
	SHLQ    $const_headPort, DX
	ORQ     DX, R10
	CLASSES(portclasses)
	BELOW(AX, DX)
	ANDNQ   R13, DX, DX      // DX: the port's bytes
	MOVQ    C_DIGIT, R14
	ANDNQ   R14, R9, R14     // R14: the digits
	ANDNQ   DX, R14, DX
	JNZ     decline

block:
	// The checks of every block. R13: the mask of the bytes that are
	// this block's; a '%' in the last two bytes or a character that runs
	// past the block starts the next one.
	MOVQ    $0xC000000000000000, R14
	ANDQ    D_PCT, R14       // R14: the tail
	TESTQ   R9, R9
	JZ      tailknown
	CLASSES(tailclasses)
	MOVQ    C_LEAD, DX
	ANDQ    R9, DX
	SHRQ    $63, DX
	SHLQ    $63, DX
	ORQ     DX, R14
	MOVQ    $0xC000000000000000, DX
	ANDQ    C_LEAD3, DX
	ORQ     DX, R14
tailknown:
	LEAQ    (DI)(CX*1), DX
	CMPQ    DX, BX
	JAE     lastblock
	TZCNTQ  R14, R14         // the cut (CX is 64)
	JMP     cut
lastblock:
	TESTQ   R14, R14
	JNZ     decline          // cut short by the end
	MOVQ    CX, R14
cut:
	BELOW(R14, R13)
	BELOW(CX, AX)
	TESTQ   D_BAD, AX
	JNZ     decline

	MOVQ    D_PCT, AX
	ANDQ    R13, AX
	JZ      nopct
	CLASSES(pctclasses)
	LEAQ    (AX)(AX*1), DX
	SHLQ    $2, AX
	ORQ     AX, DX           // DX: bytes that must be hex digits
	MOVQ    C_HEX, AX
	ANDNQ   AX, R9, AX       // AX: the hex digits
	ANDNQ   DX, AX, DX
	JNZ     decline
	ORQ     $const_asmHeadPct, R10
nopct:

	TESTQ   R9, R9
	JZ      ascii
	TESTL   $const_modeASCII, R8
	JNZ     decline
	// Every byte >= 0x80 a continuation byte where, and only where, a
	// lead calls for one, and the lead's next byte in its range.
	MOVQ    C_CONT, AX
	ORQ     C_LEAD, AX
	ANDQ    R9, AX
	ANDNQ   R9, AX, DX
	JNZ     decline          // neither
	MOVQ    C_LEAD, AX
	ANDQ    R9, AX
	SHLQ    $1, AX
	MOVQ    C_LEAD3, DX
	SHLQ    $2, DX
	ORQ     DX, AX
	MOVQ    C_CONT, DX
	ANDQ    R9, DX
	CMPQ    AX, DX
	JNE     decline
	MOVQ    C_CONTHI, AX
	ANDQ    R9, AX
	MOVQ    C_NEEDHI, DX
	SHLQ    $1, DX
	ANDNQ   DX, AX, DX
	JNZ     decline
	MOVQ    C_NEEDLO, DX
	SHLQ    $1, DX
	TESTQ   AX, DX
	JNZ     decline
	ORQ     $const_asmHeadNonASCII, R10
ascii:

	// '#' and '?'.
	MOVQ    D_HASH, AX
	ANDQ    R13, AX
	JZ      nohash
	TESTQ   R12, R12
	JNS     decline          // a second '#'
	BLSRQ   AX, DX
	JNZ     decline
	TESTL   $const_modeNoFragment, R8
	JNZ     decline
	TZCNTQ  AX, AX
	TESTQ   R11, R11
	JNS     sethash
	BELOW(AX, DX)
	ANDQ    D_QUESTION, DX
	JZ      sethash
	TZCNTQ  DX, DX
	ADDQ    DI, DX
	MOVQ    DX, R11
sethash:
	ADDQ    DI, AX
	MOVQ    AX, R12
	JMP     next
nohash:
	TESTQ   R11, R11
	JNS     next
	TESTQ   R12, R12
	JNS     next
	MOVQ    D_QUESTION, DX
	ANDQ    R13, DX
	JZ      next
	TZCNTQ  DX, DX
	ADDQ    DI, DX
	MOVQ    DX, R11

next:
	ADDQ    R14, DI
	CMPQ    DI, BX
	JAE     done
	MOVQ    BX, CX
	SUBQ    DI, CX
	MOVQ    $64, AX
	CMPQ    CX, AX
	CMOVQGT AX, CX
	CLASSIFY
	JMP     block

done:
	ORQ     $1, R10
	MOVQ    R10, head+24(FP)
	MOVQ    R11, query+32(FP)
	MOVQ    R12, frag+40(FP)
	VZEROUPPER
	RET

decline:
	MOVQ    $0, head+24(FP)
	MOVQ    $0, query+32(FP)
	MOVQ    $0, frag+40(FP)
	VZEROUPPER
	RET
