//go:build amd64

#include "go_asm.h"
#include "textflag.h"

// The hot loop of scan with SSSE3 run-skipping; see loop_amd64.go.

// func scanLoop(s string, i int, st, nonASCII uint32, trans *[NumStates*NumClasses]uint32, slot *[16]int32) (next int, from, e uint32, high bool)
TEXT ·scanLoop(SB), NOSPLIT, $0-65
	MOVQ    s_base+0(FP), SI
	MOVQ    s_len+8(FP), BX
	MOVQ    i+16(FP), DI
	MOVL    st+24(FP), DX
	MOVL    nonASCII+28(FP), R11
	XORL    R9, R9           // high bits of bytes taken by runs, or'ed
	MOVOU   nibble<>(SB), X12
	PXOR    X11, X11

state:
	// DI is the offset, DX the state. Skip the run if the state has one.
	MOVL    $const_asmStaying, AX
	BTL     DX, AX
	JCC     delim
	MOVL    DX, AX
	SHLL    $5, AX
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
	LEAQ    (SI)(DI*1), R8
	ANDL    $4095, R8
	CMPL    R8, $4064
	JA      block16
	MOVL    AX, CX
	MOVL    $-1, R10
	SHLL    CX, R10

load32:
	MOVOU   (SI)(DI*1), X0
	MOVOU   16(SI)(DI*1), X5
	PMOVMSKB X0, R8
	PMOVMSKB X5, AX
	ORL     AX, R8
	JZ      ascii32
	BTL     DX, R11
	JCC     ascii32
	// Non-ASCII the state may take: go on sixteen bytes at a time, from
	// the block at hand (the bytes past the end stay marked).
	ANDL    $0xFFFF, R10
	JMP     have16

ascii32:
	MOVOU   X0, X1
	PAND    X12, X1
	MOVOU   X0, X2
	PSRLW   $4, X2
	PAND    X12, X2
	MOVOU   X14, X3
	PSHUFB  X1, X3
	MOVOU   X13, X4
	PSHUFB  X2, X4
	PAND    X4, X3
	PCMPEQB X11, X3
	MOVOU   X5, X1
	PAND    X12, X1
	MOVOU   X5, X2
	PSRLW   $4, X2
	PAND    X12, X2
	MOVOU   X14, X6
	PSHUFB  X1, X6
	MOVOU   X13, X4
	PSHUFB  X2, X4
	PAND    X4, X6
	PCMPEQB X11, X6          // X3, X6: not an ASCII byte that stays
	PMOVMSKB X3, AX
	PMOVMSKB X6, CX
	SHLL    $16, CX
	ORL     CX, AX
	ORL     R10, AX
	JNZ     asciistop
	ADDQ    $32, DI
	JMP     block

block16:
	// Sixteen bytes per step, with UTF-8.
	MOVQ    BX, AX
	SUBQ    DI, AX
	XORL    R10, R10
	CMPQ    AX, $16
	JAE     load

	// Fewer than sixteen bytes left. Read sixteen anyway when they lie in
	// one page (no fault is possible), and mark the ones past the end bad;
	// otherwise take the last bytes one at a time.
	LEAQ    (SI)(DI*1), R8
	ANDL    $4095, R8
	CMPL    R8, $4080
	JA      bytes
	MOVL    AX, CX
	MOVL    $-1, R10
	SHLL    CX, R10
	ANDL    $0xFFFF, R10

load:
	MOVOU   (SI)(DI*1), X0
have16:
	PMOVMSKB X0, R8          // bytes >= 0x80

	// ASCII: a byte stays when lo[b&15] & hi[b>>4] != 0.
	MOVOU   X0, X1
	PAND    X12, X1
	MOVOU   X0, X2
	PSRLW   $4, X2
	PAND    X12, X2
	MOVOU   X14, X3
	PSHUFB  X1, X3
	MOVOU   X13, X4
	PSHUFB  X2, X4
	PAND    X4, X3
	PCMPEQB X11, X3          // X3: not an ASCII byte that stays
	TESTL   R8, R8
	JZ      ascii
	BTL     DX, R11
	JCS     utf8

ascii:
	PMOVMSKB X3, AX
	ORL     R10, AX
	JNZ     asciistop
	ADDQ    $16, DI
	JMP     block

asciistop:
	BSFL    AX, AX
	ADDQ    AX, DI
	JMP     delim

utf8:
	// Characters whose lead byte is C3-DF, E0, E1 or E3-EC are all
	// ucschar (%xA0-D7FF) and none is a bidi formatting character; the
	// generator checks this. Any other non-ASCII byte ends the run. Each
	// block starts on a character boundary.
	MOVOU   X0, X4
	PMAXUB  c0<>(SB), X4
	PCMPEQB X0, X4           // X4: lead of two or more bytes
	MOVOU   X0, X5
	PMAXUB  e0<>(SB), X5
	PCMPEQB X0, X5           // X5: lead of three or more bytes
	PMOVMSKB X4, R12
	PMOVMSKB X5, R13
	PSLLO   $1, X4
	PSLLO   $2, X5
	POR     X5, X4           // X4: a continuation byte is due here
	PMOVMSKB X4, CX
	MOVOU   c0<>(SB), X6
	PCMPGTB X0, X6           // X6: continuation byte, 80-BF (-64 > b)
	PXOR    X6, X4           // X4: continuation where none is due, or none where one is
	MOVOU   X0, X7
	PSUBB   c3<>(SB), X7
	MOVOU   X7, X8
	PMINUB  leadspan<>(SB), X8
	PCMPEQB X7, X8           // X8: C3-EC
	MOVOU   X0, X9
	PCMPEQB e2<>(SB), X9
	PANDN   X8, X9           // X9: C3-EC but not E2
	POR     X6, X9
	PANDN   X3, X9           // X9: not a staying ASCII byte, a lead decoded here or a continuation
	POR     X9, X4
	MOVOU   X0, X7
	PCMPEQB e0<>(SB), X7
	PSLLO   $1, X7           // X7: follows E0
	MOVOU   a0<>(SB), X8
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
	SHLL    CX, R13
	DECL    R13
	ANDL    R8, R13
	ORL     R13, R9
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
	MOVL    $const_asmClassEnd, AX
	CMPQ    DI, BX
	JAE     class
	MOVBLZX (SI)(DI*1), AX
	LEAQ    github·com∕irikit∕iri∕tables·Class(SB), CX
	MOVBLZX (CX)(AX*1), AX
class:
	IMUL3L  $const_asmNumClasses, DX, CX
	ADDL    AX, CX
	MOVQ    trans+32(FP), R8
	MOVL    (R8)(CX*4), CX   // the entry e
	// Offsets are stored plus one, so that zero means absent.
	MOVL    CX, AX
	SHRL    $const_asmSlotShift, AX
	ANDL    $const_asmSlotMask, AX
	LEAQ    1(DI), R8
	MOVQ    slot+40(FP), R10
	MOVL    R8, (R10)(AX*4)
	TESTL   $const_asmSlowBit, CX
	JNZ     out
	MOVL    CX, DX
	ANDL    $const_asmStateMask, DX
	INCQ    DI
	JMP     state

out:
	MOVQ    DI, next+48(FP)
	MOVL    DX, from+56(FP)
	MOVL    CX, e+60(FP)
	TESTL   R9, R9
	SETNE   high+64(FP)
	RET

// func cpuHasSSSE3() bool
TEXT ·cpuHasSSSE3(SB), NOSPLIT, $0-1
	MOVL    $1, AX
	XORL    CX, CX
	CPUID
	SHRL    $9, CX
	ANDL    $1, CX
	MOVB    CX, ret+0(FP)
	RET

DATA nibble<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nibble<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL nibble<>(SB), RODATA|NOPTR, $16

DATA c0<>+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA c0<>+8(SB)/8, $0xc0c0c0c0c0c0c0c0
GLOBL c0<>(SB), RODATA|NOPTR, $16

DATA e0<>+0(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA e0<>+8(SB)/8, $0xe0e0e0e0e0e0e0e0
GLOBL e0<>(SB), RODATA|NOPTR, $16

DATA e2<>+0(SB)/8, $0xe2e2e2e2e2e2e2e2
DATA e2<>+8(SB)/8, $0xe2e2e2e2e2e2e2e2
GLOBL e2<>(SB), RODATA|NOPTR, $16

DATA c3<>+0(SB)/8, $0xc3c3c3c3c3c3c3c3
DATA c3<>+8(SB)/8, $0xc3c3c3c3c3c3c3c3
GLOBL c3<>(SB), RODATA|NOPTR, $16

// EC - C3: the lead bytes decoded here span C3 to EC.
DATA leadspan<>+0(SB)/8, $0x2929292929292929
DATA leadspan<>+8(SB)/8, $0x2929292929292929
GLOBL leadspan<>(SB), RODATA|NOPTR, $16

DATA a0<>+0(SB)/8, $0xa0a0a0a0a0a0a0a0
DATA a0<>+8(SB)/8, $0xa0a0a0a0a0a0a0a0
GLOBL a0<>(SB), RODATA|NOPTR, $16
