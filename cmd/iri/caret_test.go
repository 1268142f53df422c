package main

import (
	"strconv"
	"testing"
)

// TestAppendDisplay checks escaping and the display column.
func TestAppendDisplay(t *testing.T) {
	for _, tc := range []struct {
		in   string
		mark int
		want string
		col  int
	}{
		{"", 0, "", 0},
		{"abc", 1, "abc", 1},
		{"abc", 3, "abc", 3},
		{"abc", 99, "abc", 3},
		{"a\tb", 2, `a\tb`, 3},
		{"\x00\x1f\x7f", 2, `\x00\x1f\x7f`, 8},
		{"\a\b\f\n\r\v", 0, `\a\b\f\n\r\v`, 0},
		{`a\b`, 2, `a\\b`, 3},
		{"\xff\xfe!", 2, `\xff\xfe!`, 8},
		{"\xe6\xb5!", 1, `\xe6\xb5!`, 4}, // truncated UTF-8: one escape per byte
		{"東京x", 6, "東京x", 4},
		{"東京x", 3, "東京x", 2},
		{"東京x", 4, "東京x", 2},           // inside a character: its start
		{"ＡＢ|", 6, "ＡＢ|", 4},           // fullwidth forms
		{"ｱｲ|", 6, "ｱｲ|", 2},           // halfwidth katakana
		{"한국어|", 9, "한국어|", 6},         // Hangul syllables
		{"e\u0301|", 3, "e\u0301|", 1}, // combining acute accent
		{"Ελλάδα|", 12, "Ελλάδα|", 6},
		{"\u200e\u202e|", 6, `\u200e\u202e|`, 12},
		{"\ufeffa", 3, `\ufeffa`, 6},
		{"\u00a0a", 2, `\u00a0a`, 6},
		{"\U000f0000a", 4, `\U000f0000a`, 10},
		{"\ue000", 0, `\ue000`, 0},
		{"😀x", 4, "😀x", 2},
	} {
		got := appendDisplay(nil, tc.in)
		col := displayColumn(tc.in, tc.mark)
		if string(got) != tc.want || col != tc.col {
			t.Errorf("appendDisplay(%q, %d) = %q, %d; want %q, %d", tc.in, tc.mark, got, col, tc.want, tc.col)
		}
	}
}

// TestIsPrint checks the BMP bitmap against strconv.IsPrint everywhere.
func TestIsPrint(t *testing.T) {
	for r := rune(0); r < 0x110000; r++ {
		if isPrint(r) != strconv.IsPrint(r) {
			t.Fatalf("isPrint(%U) = %v", r, isPrint(r))
		}
	}
}

// TestAppendCaret checks the caret line.
func TestAppendCaret(t *testing.T) {
	if got := string(appendCaret(nil, 3)); got != "   ^\n" {
		t.Errorf("got %q", got)
	}
	if got := string(appendCaret([]byte("x"), 0)); got != "x^\n" {
		t.Errorf("got %q", got)
	}
}
