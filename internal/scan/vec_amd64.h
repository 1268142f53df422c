// Macros shared by the assembly files of package scanner. The constants
// they use (·vnibble and the like) are defined in loop_amd64.s.

// PAGEFITS jumps to FAIL unless the N bytes from s[i] (base BASE, offset
// IDX) lie in the page of s[i]: then a read of them cannot fault, though
// it may pass the end of s. It is the one page-end guard of the package
// (asmPageSize comes from go_asm.h); R8 is scratch.
#define PAGEFITS(BASE, IDX, N, FAIL) \
	LEAQ    (BASE)(IDX*1), R8; \
	ANDL    $(const_asmPageSize-1), R8; \
	CMPL    R8, $(const_asmPageSize-N); \
	JA      FAIL

// NOTINSET sets OUT to 0xFF in each byte of X that is not in the current
// state's set (lo[b&15] & hi[b>>4] == 0, tables X14 and X13), using T1
// and T2 as scratch. X12 holds 0x0F in every byte and X11 zero.
#define NOTINSET(X, T1, T2, OUT) \
	MOVOU   X, T1; \
	PAND    X12, T1; \
	MOVOU   X, T2; \
	PSRLW   $4, T2; \
	PAND    X12, T2; \
	MOVOU   X14, OUT; \
	PSHUFB  T1, OUT; \
	MOVOU   X13, T1; \
	PSHUFB  T2, T1; \
	PAND    T1, OUT; \
	PCMPEQB X11, OUT

// HEXDIG sets OUT to 0xFF in each byte of X that is a hex digit, using T1
// and T2 as scratch: b-'0' <= 9, or (b|0x20)-'a' <= 5, unsigned.
#define HEXDIG(X, T1, T2, OUT) \
	MOVOU   X, T1; \
	PSUBB   ·vb30(SB), T1; \
	MOVOU   T1, OUT; \
	PMINUB  ·vb09(SB), OUT; \
	PCMPEQB T1, OUT; \
	MOVOU   X, T1; \
	POR     ·vb20(SB), T1; \
	PSUBB   ·vb61(SB), T1; \
	MOVOU   T1, T2; \
	PMINUB  ·vb05(SB), T2; \
	PCMPEQB T1, T2; \
	POR     T2, OUT

// TRIPLETS sets bit k of OUT, for k < 15, when byte k of X is where it
// should be in five %HH triplets: '%' at 0, 3, 6, 9 and 12, a hex digit
// elsewhere. T1-T3 and TMP are scratch.
#define TRIPLETS(X, T1, T2, T3, OUT, TMP) \
	MOVOU   X, T1; \
	PCMPEQB ·vpcts(SB), T1; \
	PMOVMSKB T1, OUT; \
	ANDL    $0x1249, OUT; \
	HEXDIG(X, T1, T2, T3); \
	PMOVMSKB T3, TMP; \
	ANDL    $0x6DB6, TMP; \
	ORL     TMP, OUT
