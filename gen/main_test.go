package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Sequences classified by lookupUTF8 over the tables buildUTF8 packs
// (RFC 3629 well-formedness, RFC 3987 2.2 ucschar/iprivate, 4.1 bidi).
func TestLookupUTF8(t *testing.T) {
	lead, blocks := buildUTF8()
	tests := []struct {
		name string
		in   []byte
		want uint8
		size int
	}{
		{"overlong U+0000 (RFC 3629 3)", []byte{0xC0, 0x80}, cpIllFormed, 1},
		{"overlong U+007F", []byte{0xC1, 0xBF}, cpIllFormed, 1},
		{"overlong three-byte U+0000", []byte{0xE0, 0x80, 0x80}, cpIllFormed, 1},
		{"overlong three-byte U+07FF", []byte{0xE0, 0x9F, 0xBF}, cpIllFormed, 1},
		{"overlong four-byte U+0000", []byte{0xF0, 0x80, 0x80, 0x80}, cpIllFormed, 1},
		{"overlong four-byte U+FFFF", []byte{0xF0, 0x8F, 0xBF, 0xBF}, cpIllFormed, 1},
		{"surrogate U+D800", []byte{0xED, 0xA0, 0x80}, cpIllFormed, 1},
		{"surrogate U+DFFF", []byte{0xED, 0xBF, 0xBF}, cpIllFormed, 1},
		{"above U+10FFFF", []byte{0xF4, 0x90, 0x80, 0x80}, cpIllFormed, 1},
		{"lead F5", []byte{0xF5, 0x80, 0x80, 0x80}, cpIllFormed, 1},
		{"lead FF", []byte{0xFF}, cpIllFormed, 1},
		{"stray continuation", []byte{0x80}, cpIllFormed, 1},
		{"truncated U+4E2D", []byte{0xE4, 0xB8}, cpIllFormed, 1},
		{"truncated two-byte", []byte{0xC3}, cpIllFormed, 1},
		{"truncated four-byte", []byte{0xF0, 0x9F, 0x98}, cpIllFormed, 1},
		{"bad continuation", []byte{0xE4, 0xB8, 0x41}, cpIllFormed, 1},
		{"U+0080 C1 control", []byte{0xC2, 0x80}, cpDisallowed, 2},
		{"U+009F C1 control", []byte{0xC2, 0x9F}, cpDisallowed, 2},
		{"U+00A0 first ucschar", []byte{0xC2, 0xA0}, cpUcschar, 2},
		{"U+00E9", []byte{0xC3, 0xA9}, cpUcschar, 2},
		{"U+4E2D", []byte{0xE4, 0xB8, 0xAD}, cpUcschar, 3},
		{"U+D7FF", []byte{0xED, 0x9F, 0xBF}, cpUcschar, 3},
		{"U+E000 iprivate", []byte{0xEE, 0x80, 0x80}, cpIprivate, 3},
		{"U+F8FF iprivate", []byte{0xEF, 0xA3, 0xBF}, cpIprivate, 3},
		{"U+F900 ucschar", []byte{0xEF, 0xA4, 0x80}, cpUcschar, 3},
		{"U+FDD0 noncharacter", []byte{0xEF, 0xB7, 0x90}, cpDisallowed, 3},
		{"U+FDEF noncharacter", []byte{0xEF, 0xB7, 0xAF}, cpDisallowed, 3},
		{"U+FDF0 ucschar", []byte{0xEF, 0xB7, 0xB0}, cpUcschar, 3},
		{"U+FFEF ucschar", []byte{0xEF, 0xBF, 0xAF}, cpUcschar, 3},
		{"U+FFF0 specials", []byte{0xEF, 0xBF, 0xB0}, cpDisallowed, 3},
		{"U+FFFE", []byte{0xEF, 0xBF, 0xBE}, cpDisallowed, 3},
		{"U+FFFF", []byte{0xEF, 0xBF, 0xBF}, cpDisallowed, 3},
		{"U+10000", []byte{0xF0, 0x90, 0x80, 0x80}, cpUcschar, 4},
		{"U+1FFFD", []byte{0xF0, 0x9F, 0xBF, 0xBD}, cpUcschar, 4},
		{"U+1FFFE", []byte{0xF0, 0x9F, 0xBF, 0xBE}, cpDisallowed, 4},
		{"U+E0000", []byte{0xF3, 0xA0, 0x80, 0x80}, cpDisallowed, 4},
		{"U+E0001 language tag", []byte{0xF3, 0xA0, 0x80, 0x81}, cpDisallowed, 4},
		{"U+E0FFF", []byte{0xF3, 0xA0, 0xBF, 0xBF}, cpDisallowed, 4},
		{"U+E1000 ucschar", []byte{0xF3, 0xA1, 0x80, 0x80}, cpUcschar, 4},
		{"U+F0000 iprivate", []byte{0xF3, 0xB0, 0x80, 0x80}, cpIprivate, 4},
		{"U+FFFFE", []byte{0xF3, 0xBF, 0xBF, 0xBE}, cpDisallowed, 4},
		{"U+10FFFD iprivate", []byte{0xF4, 0x8F, 0xBF, 0xBD}, cpIprivate, 4},
		{"U+10FFFE", []byte{0xF4, 0x8F, 0xBF, 0xBE}, cpDisallowed, 4},
		{"U+200D ZWJ", []byte{0xE2, 0x80, 0x8D}, cpUcschar, 3},
		{"U+200E LRM", []byte{0xE2, 0x80, 0x8E}, cpBidi, 3},
		{"U+200F RLM", []byte{0xE2, 0x80, 0x8F}, cpBidi, 3},
		{"U+202A LRE", []byte{0xE2, 0x80, 0xAA}, cpBidi, 3},
		{"U+202E RLO", []byte{0xE2, 0x80, 0xAE}, cpBidi, 3},
		{"U+202F", []byte{0xE2, 0x80, 0xAF}, cpUcschar, 3},
	}
	for _, tt := range tests {
		got, size := lookupUTF8(lead, blocks, tt.in)
		if got != tt.want || size != tt.size {
			t.Errorf("lookupUTF8(% X) (%s) = class %d size %d, want class %d size %d", tt.in, tt.name, got, size, tt.want, tt.size)
		}
	}
	if len(blocks) == 0 || trieBlockBase+len(blocks) > 256 {
		t.Errorf("buildUTF8 made %d blocks", len(blocks))
	}
}

// classOfRune follows the range lists of RFC 3987 2.2 and 4.1.
func TestClassOfRune(t *testing.T) {
	tests := []struct {
		r    rune
		want uint8
	}{
		{0x7F, cpDisallowed}, {0x80, cpDisallowed}, {0x9F, cpDisallowed},
		{0xA0, cpUcschar}, {0xD7FF, cpUcschar}, {0xD800, cpDisallowed},
		{0xE000, cpIprivate}, {0xF8FF, cpIprivate}, {0xF900, cpUcschar},
		{0xFDCF, cpUcschar}, {0xFDD0, cpDisallowed}, {0xFDEF, cpDisallowed}, {0xFDF0, cpUcschar},
		{0xFFEF, cpUcschar}, {0xFFF0, cpDisallowed}, {0xFFFD, cpDisallowed}, {0xFFFE, cpDisallowed},
		{0x10000, cpUcschar}, {0x1FFFD, cpUcschar}, {0x1FFFE, cpDisallowed}, {0x1FFFF, cpDisallowed},
		{0x20000, cpUcschar}, {0xDFFFD, cpUcschar}, {0xDFFFE, cpDisallowed},
		{0xE0000, cpDisallowed}, {0xE0001, cpDisallowed}, {0xE0FFF, cpDisallowed}, {0xE1000, cpUcschar},
		{0xEFFFD, cpUcschar}, {0xEFFFE, cpDisallowed}, {0xF0000, cpIprivate}, {0xFFFFD, cpIprivate},
		{0xFFFFE, cpDisallowed}, {0x100000, cpIprivate}, {0x10FFFD, cpIprivate},
		{0x10FFFE, cpDisallowed}, {0x10FFFF, cpDisallowed},
		{0x200D, cpUcschar}, {0x200E, cpBidi}, {0x200F, cpBidi}, {0x2010, cpUcschar},
		{0x2029, cpUcschar}, {0x202A, cpBidi}, {0x202B, cpBidi}, {0x202C, cpBidi},
		{0x202D, cpBidi}, {0x202E, cpBidi}, {0x202F, cpUcschar}, {0x2066, cpUcschar},
	}
	for _, tt := range tests {
		if got := classOfRune(tt.r); got != tt.want {
			t.Errorf("classOfRune(U+%04X) = %d, want %d", tt.r, got, tt.want)
		}
	}
}

// buildClasses gives each gen-delim (RFC 3986 2.2) and '%' a class of its
// own, and bytes of one class share their production bits.
func TestBuildClasses(t *testing.T) {
	classes, of := buildClasses()
	count := map[uint8]int{}
	for b := 0; b < 256; b++ {
		count[of[b]]++
		if c := classes[of[b]]; c.bits != prodBits(byte(b)) {
			t.Errorf("byte %#02x in class %s with bits %#x, but its own bits are %#x", b, c.name, c.bits, prodBits(byte(b)))
		}
	}
	seen := map[uint8]byte{}
	for _, d := range []byte(genDelimChars + "%") {
		c := of[d]
		if other, ok := seen[c]; ok {
			t.Errorf("gen-delims %q and %q share class %s", other, d, classes[c].name)
		}
		seen[c] = d
		if count[c] != 1 {
			t.Errorf("class %s of %q has %d bytes, want 1", classes[c].name, d, count[c])
		}
		if classes[c].delim != d {
			t.Errorf("class %s of %q has delim %q", classes[c].name, d, classes[c].delim)
		}
	}
	for _, want := range []struct {
		b    byte
		name string
	}{{0, "ClassInvalid"}, {' ', "ClassInvalid"}, {'a', "ClassHexAlpha"}, {'g', "ClassAlpha"}, {'~', "ClassUnreserved"}, {0xC3, "ClassNonASCII"}} {
		if got := classes[of[want.b]].name; got != want.name {
			t.Errorf("class of %q = %s, want %s", want.b, got, want.name)
		}
	}
	if len(genDelimChars) != 7 {
		t.Errorf("genDelimChars = %q, want the seven of RFC 3986 2.2", genDelimChars)
	}
}

// The generator's self-checks abort with os.Exit on a disagreement, so they
// run in a child process: the test binary re-run with genCheckEnv set.
const genCheckEnv = "GEN_TEST_RUN_SELF_CHECKS"

func TestSelfChecks(t *testing.T) {
	if os.Getenv(genCheckEnv) == "1" {
		build()
		return
	}
	if testing.Short() {
		t.Skip("skipping the generator's self-checks in -short mode")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSelfChecks$", "-test.v")
	cmd.Env = append(os.Environ(), genCheckEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("generator self-checks failed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: TestSelfChecks") {
		t.Fatalf("generator self-checks did not run:\n%s", out)
	}
}
