package ascii

import (
	"strconv"
	"strings"
	"testing"
)

func TestHex(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		want := strings.IndexByte("0123456789abcdefABCDEF", b) >= 0
		if IsHex(b) != want {
			t.Errorf("IsHex(%q) = %v", b, !want)
		}
		s := "%" + string(UpperHex[c>>4]) + strings.ToLower(string(UpperHex[c&15]))
		if o, ok := Octet(s); !ok || o != b {
			t.Errorf("Octet(%q) = %#x, %v", s, o, ok)
		}
		if got := string(AppendPct(nil, b)); got != strings.ToUpper(s) {
			t.Errorf("AppendPct(%#x) = %q", c, got)
		}
		if want {
			v, _ := strconv.ParseUint(string(b), 16, 8)
			if Unhex(b) != byte(v) {
				t.Errorf("Unhex(%q) = %d", b, Unhex(b))
			}
			if u := ToUpperHex(b); u != strings.ToUpper(string(b))[0] {
				t.Errorf("ToUpperHex(%q) = %q", b, u)
			}
		}
	}
	for _, s := range []string{"", "%", "%4", "%4g", "x41", "%g1"} {
		if _, ok := Octet(s); ok {
			t.Errorf("Octet(%q) ok", s)
		}
	}
}

func TestASCII(t *testing.T) {
	if !IsASCII("http://x/?a=b") || IsASCII("x\x80") || !IsASCII("") {
		t.Error("IsASCII")
	}
	if got := string(AppendLower([]byte("<"), "HTTP://Ex.COM/é")); got != "<http://ex.com/é" {
		t.Errorf("AppendLower = %q", got)
	}
	for c := 0; c < 128; c++ {
		b := byte(c)
		want := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("-._~", b) >= 0
		if IsUnreserved(b) != want {
			t.Errorf("IsUnreserved(%q) = %v", b, !want)
		}
	}
}

func TestAppendUnescape(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "abc": "abc", "%41%62": "Ab", "a%2Fb%e2%80%8B": "a/b\u200b", "%25%32": "%2",
	} {
		if got := string(AppendUnescape([]byte("x"), in)); got != "x"+want {
			t.Errorf("AppendUnescape(%q) = %q, want %q", in, got, "x"+want)
		}
	}
}

func TestIsDottedQuad(t *testing.T) {
	for s, want := range map[string]bool{
		"0.0.0.0": true, "127.0.0.1": true, "255.255.255.255": true, "1.2.3.4": true,
		"": false, "1.2.3": false, "1.2.3.4.5": false, "1.2.3.256": false, "01.2.3.4": false,
		"1.2.3.4.": false, ".1.2.3": false, "1..2.3": false, "1.2.3.a": false, "1234.1.1.1": false, "0x1.2.3.4": false,
	} {
		if got := IsDottedQuad(s); got != want {
			t.Errorf("IsDottedQuad(%q) = %v", s, got)
		}
	}
}
