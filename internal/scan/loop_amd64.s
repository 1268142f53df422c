//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec_amd64.h"

// The hot loop of scan with SSSE3 run-skipping; see loop_amd64.go.

// func scanLoop(s string, i int, st, nonASCII uint32, trans *byteTrans, slot *[16]int32) (next int, from, e uint32, high, pct bool)
TEXT ·scanLoop(SB), NOSPLIT, $0-66
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVQ    i+16(FP), DI
	MOVL    st+24(FP), DX
	MOVL    nonASCII+28(FP), R11
	XORL    R9, R9           // high bits of bytes taken by runs, or'ed
	MOVB    $0, pct+65(FP)
	MOVOU   ·vnibble(SB), X12
	PXOR    X11, X11

state:
	// DI is the offset, DX the state. Skip the run if the state has one.
	MOVL    $const_asmStaying, AX
	BTL     DX, AX
	JCC     delim
	MOVL    DX, AX
	SHLL    $const_asmVecRowShift, AX
	LEAQ    github·com∕irikit∕iri∕tables·VecSet(SB), CX
	MOVOU   (CX)(AX*1), X14  // lo-nibble table
	MOVOU   16(CX)(AX*1), X13 // hi-nibble table

block:
	// Thirty-two bytes per step while they are ASCII (or the state takes
	// no non-ASCII); one branch per step is what makes runs cheap.
	MOVQ    BX, AX
	SUBQ    DI, AX           // bytes left
	JZ      delim
	XORL    R10, R10         // bytes past the end, marked bad
	CMPQ    AX, $32
	JAE     load32
	PAGEFITS(SI, DI, 32, block16)
	MOVL    AX, CX
	MOVL    $-1, R10
	SHLL    CX, R10

load32:
	MOVOU   (SI)(DI*1), X0
	MOVOU   16(SI)(DI*1), X5
	NOTINSET(X0, X1, X2, X3) // X3: not in the set, first block
	NOTINSET(X5, X1, X2, X6) // X6: the same, second block
	PMOVMSKB X3, AX
	PMOVMSKB X6, CX
	SHLL    $16, CX
	ORL     CX, AX
	ORL     R10, AX          // AX: bytes not in the set
	PMOVMSKB X0, R8
	PMOVMSKB X5, CX
	SHLL    $16, CX
	ORL     CX, R8           // R8: bytes >= 0x80
	JNZ     high32
	TESTL   AX, AX
	JNZ     asciistop32
	ADDQ    $32, DI
	JMP     block

asciistop32:
	// A run that stops at '%', in a state that '%' keeps, goes on over
	// the good %HH triplets of the block: URIs are mostly those.
	BSFL    AX, CX
	LEAQ    (SI)(DI*1), R12
	CMPB    (R12)(CX*1), $0x25
	JNE     stopat
	MOVQ    trans+32(FP), R12
	MOVL    const_asmPctOff(R12), R12
	BTL     DX, R12
	JCC     stopat
	HEXDIG(X0, X1, X2, X4)   // X4: hex digits, first block
	HEXDIG(X5, X1, X2, X7)   // X7: the same, second block
	MOVOU   X7, X8
	PALIGNR $1, X4, X8       // X8: the byte after is one, first block
	MOVOU   X7, X9
	PALIGNR $2, X4, X9       // X9: the byte two after is one
	PAND    X9, X8
	MOVOU   X0, X1
	PCMPEQB ·vpcts(SB), X1
	PAND    X1, X8           // X8: a good triplet starts here, first block
	MOVOU   X7, X9
	PSRLO   $1, X9
	PSRLO   $2, X7
	PAND    X9, X7
	MOVOU   X5, X1
	PCMPEQB ·vpcts(SB), X1
	PAND    X1, X7           // X7: the same, second block (none at 30, 31)
	PMOVMSKB X8, R12
	PMOVMSKB X7, R13
	SHLL    $16, R13
	ORL     R13, R12
	// Not where the digits would lie past the end of s.
	MOVL    R10, R13
	SHRL    $1, R13
	ORL     R10, R13
	MOVL    R10, CX
	SHRL    $2, CX
	ORL     CX, R13
	NOTL    R13
	ANDL    R13, R12         // R12: good triplets
	JZ      pctnone
	MOVB    $1, pct+65(FP)
	NOTL    R12
	ANDL    R12, AX
	JNZ     pctnone
	ADDQ    $32, DI
	JMP     block
pctnone:
	// Stop at the first byte still bad. If that is a '%' past the start,
	// the next block starts with it and sees its digits.
	BSFL    AX, CX
	ADDQ    CX, DI
	TESTL   CX, CX
	JZ      delim
	CMPB    (SI)(DI*1), $0x25
	JEQ     block
	JMP     delim
stopat:
	ADDQ    CX, DI
	JMP     delim

high32:
	// Bytes >= 0x80 are in the set of a state that takes non-ASCII, but
	// are taken only after decoding; elsewhere they end the run.
	BTL     DX, R11
	JCC     highstop
	// Decode only if the run reaches them.
	BSFL    AX, CX
	JZ      utf832
	BSFL    R8, R12
	CMPL    CX, R12
	JA      utf832
	MOVL    CX, AX
	ADDQ    AX, DI
	JMP     delim

highstop:
	ORL     R8, AX
	JMP     asciistop

utf832:
	// As utf8 below, over two blocks: the second one's view of the
	// bytes before it comes from the first (PALIGNR).
	MOVOU   X0, X1
	PMAXUB  ·vc0(SB), X1
	PCMPEQB X0, X1           // X1: lead of two or more bytes, first block
	MOVOU   X0, X2
	PMAXUB  ·ve0(SB), X2
	PCMPEQB X0, X2           // X2: lead of three or more, first block
	MOVOU   X5, X4
	PMAXUB  ·vc0(SB), X4
	PCMPEQB X5, X4           // X4: the same, second block
	MOVOU   X5, X7
	PMAXUB  ·ve0(SB), X7
	PCMPEQB X5, X7           // X7
	PMOVMSKB X1, R12
	PMOVMSKB X4, AX
	SHLL    $16, AX
	ORL     AX, R12          // R12: leads of two or more bytes
	PMOVMSKB X2, R13
	PMOVMSKB X7, AX
	SHLL    $16, AX
	ORL     AX, R13          // R13: leads of three or more
	PALIGNR $15, X1, X4
	PALIGNR $14, X2, X7
	POR     X7, X4           // X4: a continuation byte is due, second block
	PSLLO   $1, X1
	PSLLO   $2, X2
	POR     X2, X1           // X1: the same, first block
	PMOVMSKB X1, CX
	PMOVMSKB X4, AX
	SHLL    $16, AX
	ORL     AX, CX           // CX: a continuation byte is due
	MOVOU   ·vc0(SB), X2
	PCMPGTB X0, X2
	PXOR    X2, X1
	POR     X3, X1           // X1: bad but for overlongs, first block
	MOVOU   ·vc0(SB), X7
	PCMPGTB X5, X7
	PXOR    X7, X4
	POR     X6, X4           // X4: the same, second block
	MOVOU   X0, X2
	PCMPEQB ·ve0(SB), X2
	MOVOU   X5, X7
	PCMPEQB ·ve0(SB), X7
	PALIGNR $15, X2, X7      // X7: follows E0, second block
	PSLLO   $1, X2           // X2: follows E0, first block
	MOVOU   ·va0(SB), X8
	PCMPGTB X0, X8
	PAND    X8, X2
	POR     X2, X1           // X1: bad, first block
	MOVOU   ·va0(SB), X8
	PCMPGTB X5, X8
	PAND    X8, X7
	POR     X7, X4           // X4: bad, second block
	PMOVMSKB X1, AX
	ORL     R10, AX
	PMOVMSKB X4, R10
	SHLL    $16, R10
	ORL     R10, AX
	JNZ     utf8stop

	MOVL    $32, AX
	BTL     $31, R12
	JCC     lead30
	MOVL    $31, AX
	JMP     accept
lead30:
	BTL     $30, R13
	JCC     accept
	MOVL    $30, AX
	JMP     accept

block16:
	// Fewer than 32 bytes left, and reading 32 would cross into the next
	// page: sixteen bytes per step, then one at a time.
	MOVQ    BX, AX
	SUBQ    DI, AX
	XORL    R10, R10
	CMPQ    AX, $16
	JAE     load

	// Fewer than sixteen bytes left. Read sixteen anyway when they lie in
	// one page (no fault is possible), and mark the ones past the end bad;
	// otherwise take the last bytes one at a time.
	PAGEFITS(SI, DI, 16, bytes)
	MOVL    AX, CX
	MOVL    $-1, R10
	SHLL    CX, R10
	ANDL    $0xFFFF, R10

load:
	MOVOU   (SI)(DI*1), X0
	PMOVMSKB X0, R8          // bytes >= 0x80

	NOTINSET(X0, X1, X2, X3) // X3: not in the set
	TESTL   R8, R8
	JZ      ascii
	BTL     DX, R11
	JCS     utf8

ascii:
	PMOVMSKB X3, AX
	ORL     R8, AX
	ORL     R10, AX
	JNZ     asciistop
	ADDQ    $16, DI
	JMP     block

asciistop:
	BSFL    AX, AX
	ADDQ    AX, DI
	JMP     delim

utf8:
	// The set took, besides ASCII, continuation bytes and the lead bytes
	// C3-DF, E0, E1 and E3-EC, whose characters are all ucschar
	// (%xA0-D7FF) and none a bidi formatting character (the generator
	// checks both). What is left is the structure: a continuation byte
	// where, and only where, a lead calls for one, and no overlong E0
	// form. Each block starts on a character boundary.
	MOVOU   X0, X4
	PMAXUB  ·vc0(SB), X4
	PCMPEQB X0, X4           // X4: lead of two or more bytes
	MOVOU   X0, X5
	PMAXUB  ·ve0(SB), X5
	PCMPEQB X0, X5           // X5: lead of three or more bytes
	PMOVMSKB X4, R12
	PMOVMSKB X5, R13
	PSLLO   $1, X4
	PSLLO   $2, X5
	POR     X5, X4           // X4: a continuation byte is due here
	PMOVMSKB X4, CX
	MOVOU   ·vc0(SB), X6
	PCMPGTB X0, X6           // X6: continuation byte, 80-BF (-64 > b)
	PXOR    X6, X4           // X4: continuation where none is due, or none where one is
	POR     X3, X4           // X4: or a byte not in the set
	MOVOU   X0, X7
	PCMPEQB ·ve0(SB), X7
	PSLLO   $1, X7           // X7: follows E0
	MOVOU   ·va0(SB), X8
	PCMPGTB X0, X8           // X8: 80-9F (-96 > b)
	PAND    X8, X7           // X7: overlong three-byte form
	POR     X7, X4           // X4: bad
	PMOVMSKB X4, AX
	ORL     R10, AX
	JNZ     utf8stop

	// All sixteen are good; a character that runs past them is left to
	// the next block.
	MOVL    $16, AX
	BTL     $15, R12
	JCC     lead14
	MOVL    $15, AX
	JMP     accept
lead14:
	BTL     $14, R13
	JCC     accept
	MOVL    $14, AX
accept:
	MOVL    AX, CX
	MOVL    $1, R13
	SHLQ    CX, R13
	DECQ    R13
	ANDQ    R8, R13
	ORQ     R13, R9
	ADDQ    AX, DI
	JMP     block

utf8stop:
	BSFL    AX, AX           // the first bad byte
	BTL     AX, CX
	JCC     stop
	// It is inside a character: stop at the character's lead, one or
	// two bytes back, and let the Go sub-step decode it.
	DECL    AX
	BTL     AX, R12
	JCS     stop
	DECL    AX
stop:
	MOVL    AX, CX
	MOVL    $1, R13
	SHLL    CX, R13
	DECL    R13
	ANDL    R8, R13
	ORL     R13, R9
	ADDQ    AX, DI
	JMP     delim

bytes:
	// The last bytes, one at a time, near the end of a page.
	LEAQ    github·com∕irikit∕iri∕tables·Stay(SB), CX
bytesloop:
	CMPQ    DI, BX
	JAE     delim
	MOVBLZX (SI)(DI*1), AX
	MOVL    (CX)(AX*4), AX
	BTL     DX, AX
	JCC     delim
	INCQ    DI
	JMP     bytesloop

delim:
	// The byte at DI (or the end) leaves the run: take its transition.
	MOVL    DX, AX
	ADDL    $const_asmEndRow, AX
	CMPQ    DI, BX
	JAE     class
	MOVBLZX (SI)(DI*1), AX
	MOVL    DX, CX
	SHLL    $8, CX
	ORL     CX, AX
class:
	MOVQ    trans+32(FP), R8
	MOVL    (R8)(AX*4), CX   // the entry e
	// Offsets are stored plus one, so that zero means absent.
	MOVL    CX, AX
	SHRL    $const_asmSlotShift, AX
	ANDL    $const_asmSlotMask, AX
	LEAQ    1(DI), R8
	MOVQ    slot+40(FP), R10
	MOVL    R8, (R10)(AX*4)
	TESTL   $const_asmSlowBit, CX
	JNZ     slow
	MOVL    CX, DX
	ANDL    $const_asmStateMask, DX
	INCQ    DI
	JMP     state

slow:
	// The one sub-step taken here: '%' HEXDIG HEXDIG. A bad one, and
	// every other sub-step, goes back to Go.
	TESTL   $const_asmSubBit, CX
	JZ      out
	MOVBLZX (SI)(DI*1), AX   // not at the end: that is never a sub-step
	CMPL    AX, $0x25        // '%'
	JNE     out
	LEAQ    2(DI), R8
	CMPQ    R8, BX
	JAE     out
	LEAQ    github·com∕irikit∕iri∕tables·Prod(SB), R10
	MOVBLZX 1(SI)(DI*1), AX
	MOVWLZX (R10)(AX*2), AX
	TESTL   $const_asmHexdig, AX
	JZ      out
	MOVBLZX 2(SI)(DI*1), AX
	MOVWLZX (R10)(AX*2), AX
	TESTL   $const_asmHexdig, AX
	JZ      out
	MOVB    $1, pct+65(FP)
	MOVL    CX, DX
	ANDL    $const_asmStateMask, DX
	ADDQ    $3, DI
	// Percent-encoded text is mostly triplet after triplet: take the
	// next ones without a run in between, five at a time when '%' keeps
	// the state and records nothing.
	CMPQ    DI, BX
	JAE     state
	CMPB    (SI)(DI*1), $0x25
	JNE     state
	MOVL    DX, AX
	SHLL    $8, AX
	ORL     $0x25, AX
	MOVQ    trans+32(FP), R8
	MOVL    (R8)(AX*4), AX
	MOVL    DX, R8
	ORL     $(const_asmSlowBit|const_asmSubBit), R8
	CMPL    AX, R8
	JNE     delim

pctchain:
	// DI is at a '%'. Sixteen bytes hold five triplets: '%' at 0, 3, 6,
	// 9 and 12, hex digits between. Take those that are whole and good,
	// fifteen at a time from three loads that do not wait on each other;
	// a bad one is left to the scalar step above, which reports it.
	MOVQ    BX, AX
	SUBQ    DI, AX           // bytes left, at least one
	CMPQ    AX, $46
	JAE     pct45
	PAGEFITS(SI, DI, 46, pct15)
	MOVL    AX, CX
	MOVQ    $1, R10
	SHLQ    CX, R10
	DECQ    R10
	JMP     pct45load
pct45:
	MOVQ    $-1, R10
pct45load:
	MOVOU   (SI)(DI*1), X0
	MOVOU   15(SI)(DI*1), X4
	MOVOU   30(SI)(DI*1), X5
	TRIPLETS(X0, X1, X2, X3, R8, R12)
	TRIPLETS(X4, X1, X2, X3, R13, R12)
	SHLQ    $15, R13
	ORQ     R13, R8
	TRIPLETS(X5, X1, X2, X3, R13, R12)
	SHLQ    $30, R13
	ORQ     R13, R8
	ANDQ    R10, R8
	NOTQ    R8
	BSFQ    R8, AX           // good bytes from DI: at most 45
	IMULL   $43, AX
	SHRL    $7, AX           // whole triplets: AX/3 for AX < 64
	LEAL    (AX)(AX*2), CX
	ADDQ    CX, DI
	CMPL    AX, $15
	JNE     state
	CMPQ    DI, BX
	JAE     state
	CMPB    (SI)(DI*1), $0x25
	JEQ     pctchain
	JMP     state

pct15:
	MOVL    $0xFFFF, R10     // the bytes that are in s
	CMPQ    AX, $16
	JAE     pctload
	PAGEFITS(SI, DI, 16, delim)
	MOVL    AX, CX
	MOVL    $1, R10
	SHLL    CX, R10
	DECL    R10

pctload:
	MOVOU   (SI)(DI*1), X0
	TRIPLETS(X0, X1, X2, X3, R8, R12)
	ANDL    R10, R8
	NOTL    R8
	BSFL    R8, AX           // good bytes from DI: at most 15
	IMULL   $43, AX
	SHRL    $7, AX           // whole triplets: AX/3 for AX < 16
	LEAL    (AX)(AX*2), CX
	ADDQ    CX, DI
	CMPL    AX, $5
	JNE     state
	CMPQ    DI, BX
	JAE     state
	CMPB    (SI)(DI*1), $0x25
	JEQ     pctchain
	JMP     state

out:
	MOVQ    DI, next+48(FP)
	MOVL    DX, from+56(FP)
	MOVL    CX, e+60(FP)
	TESTL   R9, R9
	SETNE   high+64(FP)
	RET

DATA ·vnibble+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA ·vnibble+8(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL ·vnibble(SB), RODATA|NOPTR, $16

DATA ·vc0+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA ·vc0+8(SB)/8, $0xc0c0c0c0c0c0c0c0
GLOBL ·vc0(SB), RODATA|NOPTR, $16

DATA ·ve0+0(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA ·ve0+8(SB)/8, $0xe0e0e0e0e0e0e0e0
GLOBL ·ve0(SB), RODATA|NOPTR, $16

DATA ·va0+0(SB)/8, $0xa0a0a0a0a0a0a0a0
DATA ·va0+8(SB)/8, $0xa0a0a0a0a0a0a0a0
GLOBL ·va0(SB), RODATA|NOPTR, $16

DATA ·vpcts+0(SB)/8, $0x2525252525252525
DATA ·vpcts+8(SB)/8, $0x2525252525252525
GLOBL ·vpcts(SB), RODATA|NOPTR, $16

DATA ·vb30+0(SB)/8, $0x3030303030303030
DATA ·vb30+8(SB)/8, $0x3030303030303030
GLOBL ·vb30(SB), RODATA|NOPTR, $16

DATA ·vb09+0(SB)/8, $0x0909090909090909
DATA ·vb09+8(SB)/8, $0x0909090909090909
GLOBL ·vb09(SB), RODATA|NOPTR, $16

DATA ·vb20+0(SB)/8, $0x2020202020202020
DATA ·vb20+8(SB)/8, $0x2020202020202020
GLOBL ·vb20(SB), RODATA|NOPTR, $16

DATA ·vb61+0(SB)/8, $0x6161616161616161
DATA ·vb61+8(SB)/8, $0x6161616161616161
GLOBL ·vb61(SB), RODATA|NOPTR, $16

DATA ·vb05+0(SB)/8, $0x0505050505050505
DATA ·vb05+8(SB)/8, $0x0505050505050505
GLOBL ·vb05(SB), RODATA|NOPTR, $16
