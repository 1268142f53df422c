//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec_amd64.h"

// The URI-to-IRI decoder: see decode_amd64.go.

// NIBBLES sets OUT to the value of each hex digit of X ((b&15) + 9 for
// letters), using T as scratch. Other bytes get values below 32.
#define NIBBLES(X, T, OUT) \
	MOVOU   X, OUT; \
	PAND    ·vnibble(SB), OUT; \
	MOVOU   X, T; \
	PCMPGTB b39<>(SB), T; \
	PAND    ·vb09(SB), T; \
	PADDB   T, OUT

// GATHER moves byte 3j+1 (or 3j+2) of each of three loads A, B and C,
// j < 5, to lane 5k+j of OUT, given the shuffle masks MA, MB and MC. T is
// scratch.
#define GATHER(A, B, C, MA, MB, MC, OUT, T) \
	MOVOU   A, OUT; \
	PSHUFB  MA, OUT; \
	MOVOU   B, T; \
	PSHUFB  MB, T; \
	POR     T, OUT; \
	MOVOU   C, T; \
	PSHUFB  MC, T; \
	POR     T, OUT

// PCTS sets bits 0, 3, 6, 9 and 12 of OUT where X has a '%' there, using
// T as scratch.
#define PCTS(X, T, OUT) \
	MOVOU   X, T; \
	PCMPEQB ·vpcts(SB), T; \
	PMOVMSKB T, OUT; \
	ANDL    $0x1249, OUT

// func decodeRun(dst *byte, s string, i int) (next, n int)
TEXT ·decodeRun(SB), NOSPLIT, $0-48
	MOVQ    dst+0(FP), DI
	MOVQ    s_base+8(FP), SI
	MOVQ    s_len+16(FP), BX
	MOVQ    i+24(FP), DX
	MOVOU   ·vnibble(SB), X12
	PXOR    X11, X11
	LEAQ    github·com∕irikit∕iri∕tables·DecodeSet(SB), CX
	MOVOU   (CX), X14
	MOVOU   16(CX), X13
	LEAQ    github·com∕irikit∕iri∕tables·ProneLead(SB), CX
	MOVOU   (CX), X10
	MOVOU   16(CX), X9

loop:
	CMPQ    DX, BX
	JAE     done
	MOVQ    BX, AX
	SUBQ    DX, AX           // bytes left
	CMPB    (SI)(DX*1), $0x25
	JEQ     chain

	// Copy up to the next '%', sixteen bytes at a time.
	MOVL    $0x10000, R10    // a stop past the block
	CMPQ    AX, $16
	JAE     copy
	PAGEFITS(SI, DX, 16, done)
	MOVL    AX, CX
	MOVL    $1, R10
	SHLL    CX, R10          // or at the end of s
copy:
	MOVOU   (SI)(DX*1), X0
	MOVOU   X0, (DI)
	PCMPEQB ·vpcts(SB), X0
	PMOVMSKB X0, R8
	ORL     R10, R8
	BSFL    R8, CX
	ADDQ    CX, DI
	ADDQ    CX, DX
	JMP     loop

chain:
	// DX is at a '%'. As s is valid, a '%' where a triplet may start
	// makes one; read 46 bytes, or fewer when they lie in one page (the
	// caller decodes the rest otherwise).
	MOVQ    $-1, R10         // the bytes that are in s
	CMPQ    AX, $46
	JAE     load
	PAGEFITS(SI, DX, 46, done)
	MOVL    AX, CX
	MOVQ    $1, R10
	SHLQ    CX, R10
	DECQ    R10

load:
	MOVOU   (SI)(DX*1), X0
	MOVOU   15(SI)(DX*1), X4
	MOVOU   30(SI)(DX*1), X5
	PCTS(X0, X1, R8)
	PCTS(X4, X1, R13)
	SHLQ    $15, R13
	ORQ     R13, R8
	PCTS(X5, X1, R13)
	SHLQ    $30, R13
	ORQ     R13, R8
	MOVQ    $0x1b6db6db6db6, R13
	ORQ     R13, R8          // the digits' places
	ANDQ    R10, R8
	NOTQ    R8
	BSFQ    R8, AX           // good bytes: at most 45
	IMULL   $43, AX
	SHRL    $7, AX           // AX: whole triplets, at most 15
	TESTL   AX, AX
	JZ      done

	// X6: the octets, one per triplet, in lanes 0-14.
	GATHER(X0, X4, X5, hi0<>(SB), hi1<>(SB), hi2<>(SB), X6, X1)
	GATHER(X0, X4, X5, lo0<>(SB), lo1<>(SB), lo2<>(SB), X7, X1)
	NIBBLES(X6, X1, X2)
	NIBBLES(X7, X1, X3)
	PSLLW   $4, X2
	PAND    f0<>(SB), X2
	POR     X3, X2
	MOVOU   X2, X6

	// Which octets can go out as they are: in DecodeSet, with the UTF-8
	// structure of the scanner's loop, and not a ProneLead lead followed
	// by one of its ProneNext bytes.
	NOTINSET(X6, X1, X2, X8) // X8: not in the set
	MOVOU   X6, X1
	PMAXUB  ·vc0(SB), X1
	PCMPEQB X6, X1           // X1: lead of two or more bytes
	MOVOU   X6, X2
	PMAXUB  ·ve0(SB), X2
	PCMPEQB X6, X2           // X2: lead of three or more
	PMOVMSKB X1, R12
	PSLLO   $1, X1
	PSLLO   $2, X2
	POR     X2, X1           // X1: a continuation byte is due
	PMOVMSKB X1, R13
	MOVOU   ·vc0(SB), X3
	PCMPGTB X6, X3           // X3: continuation byte
	PXOR    X3, X1
	POR     X1, X8           // X8: or the structure is wrong
	MOVOU   X6, X2
	PCMPEQB ·ve0(SB), X2
	PSLLO   $1, X2           // X2: follows E0
	MOVOU   ·va0(SB), X3
	PCMPGTB X6, X3
	PAND    X3, X2
	POR     X2, X8           // X8: or an overlong E0 form
	// Prone pairs.
	MOVOU   X6, X0
	PAND    X12, X0          // X0: low nibbles
	MOVOU   X6, X1
	PSRLW   $4, X1
	PAND    X12, X1          // X1: high nibbles
	MOVOU   X10, X2
	PSHUFB  X0, X2
	MOVOU   X9, X3
	PSHUFB  X1, X3
	PAND    X3, X2
	PCMPEQB X11, X2          // X2: not a prone lead
	PMOVMSKB X2, R8
	CMPL    R8, $0xFFFF
	JEQ     structure
	MOVOU   X6, X4
	PSRLO   $1, X4           // X4: the next octet
	LEAQ    github·com∕irikit∕iri∕tables·ProneNext(SB), CX
	MOVOU   (CX), X1
	PSHUFB  X0, X1
	PCMPEQB X4, X1
	MOVOU   16(CX), X3
	PSHUFB  X0, X3
	PCMPEQB X4, X3
	POR     X3, X1
	MOVOU   32(CX), X3
	PSHUFB  X0, X3
	PCMPEQB X4, X3
	POR     X3, X1           // X1: the next octet is one of the lead's
	PANDN   X1, X2           // X2: a flagged pair starts here
	POR     X2, X8
structure:
	PMOVMSKB X8, R8
	MOVL    AX, CX
	MOVL    $-1, R11
	SHLL    CX, R11
	ORL     R11, R8          // and the lanes past the triplets
	BSFL    R8, CX           // CX: the first bad lane
	// Inside a character: back off to its lead.
	BTL     CX, R13
	JCC     emit
	DECL    CX
	BTL     CX, R12
	JCS     emit
	DECL    CX
emit:
	TESTL   CX, CX
	JZ      first
	MOVOU   X6, (DI)
	ADDQ    CX, DI
	LEAQ    (CX)(CX*2), CX
	ADDQ    CX, DX
	JMP     loop

first:
	// The first octet cannot go out as it is. ASCII (reserved, '%' or
	// not allowed in URIs) keeps its triplet, case and all; anything
	// else is for the caller.
	MOVQ    X6, AX
	TESTB   $0x80, AL
	JNZ     done
	MOVL    (SI)(DX*1), AX
	MOVL    AX, (DI)
	ADDQ    $3, DI
	ADDQ    $3, DX
	JMP     loop

done:
	MOVQ    DX, next+32(FP)
	SUBQ    dst+0(FP), DI
	MOVQ    DI, n+40(FP)
	RET

DATA b39<>+0(SB)/8, $0x3939393939393939
DATA b39<>+8(SB)/8, $0x3939393939393939
GLOBL b39<>(SB), RODATA|NOPTR, $16

DATA f0<>+0(SB)/8, $0xf0f0f0f0f0f0f0f0
DATA f0<>+8(SB)/8, $0xf0f0f0f0f0f0f0f0
GLOBL f0<>(SB), RODATA|NOPTR, $16

// Shuffle masks: lane 5k+j takes byte 3j+1 (hi) or 3j+2 (lo) of the k-th
// load; 0x80 clears the lane.
DATA hi0<>+0(SB)/8, $0x8080800d0a070401
DATA hi0<>+8(SB)/8, $0x8080808080808080
GLOBL hi0<>(SB), RODATA|NOPTR, $16

DATA lo0<>+0(SB)/8, $0x8080800e0b080502
DATA lo0<>+8(SB)/8, $0x8080808080808080
GLOBL lo0<>(SB), RODATA|NOPTR, $16

DATA hi1<>+0(SB)/8, $0x0704018080808080
DATA hi1<>+8(SB)/8, $0x8080808080800d0a
GLOBL hi1<>(SB), RODATA|NOPTR, $16

DATA lo1<>+0(SB)/8, $0x0805028080808080
DATA lo1<>+8(SB)/8, $0x8080808080800e0b
GLOBL lo1<>(SB), RODATA|NOPTR, $16

DATA hi2<>+0(SB)/8, $0x8080808080808080
DATA hi2<>+8(SB)/8, $0x800d0a0704018080
GLOBL hi2<>(SB), RODATA|NOPTR, $16

DATA lo2<>+0(SB)/8, $0x8080808080808080
DATA lo2<>+8(SB)/8, $0x800e0b0805028080
GLOBL lo2<>(SB), RODATA|NOPTR, $16
