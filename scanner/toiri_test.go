package scanner

import (
	"testing"
)

// RFC 3987 section 3.2 and its examples in 3.2.1, verbatim, and the rules
// of each step.
func TestRFC3987Section3_2AppendIRI(t *testing.T) {
	tests := []struct{ name, in, want string }{
		// 3.2.1, first example: a strictly legal UTF-8 sequence.
		{"3.2.1 D%C3%BCrst", "http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst"},
		// 3.2.1, second example: <fc> is not legal UTF-8 (step 3).
		{"3.2.1 D%FCrst", "http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		// 3.2.1, third example: U+202E RLO is re-encoded in step 4, in
		// uppercase; the punycode label is not converted.
		{"3.2.1 %e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%E2%80%AE"},
		// 3.2: "MUST NOT use any character encoding other than UTF-8".
		{"iso-8859-1 not guessed", "http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%E9sum%E9.html"},
		// Step 2: unreserved ASCII is decoded, in either case.
		{"unreserved", "http://h/%41%7e%7E%2d%2E%5f%30", "http://h/A~~-._0"},
		// Step 2: '%', reserved and not-allowed ASCII keep their triplet and its case.
		{"percent", "http://h/%25%2541", "http://h/%25%2541"},
		{"gen-delims", "http://h/a%2Fb%3f%23%5B%5d%40%3A", "http://h/a%2Fb%3f%23%5B%5d%40%3A"},
		{"sub-delims", "http://h/%21%24%26%27%28%29%2A%2B%2C%3B%3D", "http://h/%21%24%26%27%28%29%2A%2B%2C%3B%3D"},
		{"not allowed in URIs", "http://h/%20%22%3C%3E%5C%5E%60%7B%7C%7D%00%7F", "http://h/%20%22%3C%3E%5C%5E%60%7B%7C%7D%00%7F"},
		// Step 3: what is not strictly legal UTF-8 stays encoded, octet by octet.
		{"overlong", "http://h/%C0%AF%e0%80%af", "http://h/%C0%AF%E0%80%AF"},
		{"surrogate", "http://h/%ED%A0%80", "http://h/%ED%A0%80"},
		{"above U+10FFFF", "http://h/%F4%90%80%80", "http://h/%F4%90%80%80"},
		{"truncated", "http://h/%E4%B8x", "http://h/%E4%B8x"},
		{"truncated at end", "http://h/%E4%B8", "http://h/%E4%B8"},
		{"stray continuation", "http://h/%BC%E4%B8%AD", "http://h/%BC中"},
		{"lead then a legal sequence", "http://h/%C3%C3%BC", "http://h/%C3ü"},
		{"continuation as a literal", "http://h/%E4%B8%2Dx", "http://h/%E4%B8-x"},
		// Step 4: not appropriate where it lands.
		{"C1 control", "http://h/%C2%85", "http://h/%C2%85"},
		{"noncharacter", "http://h/%EF%B7%90", "http://h/%EF%B7%90"},
		{"iprivate in path", "http://h/%EE%80%80", "http://h/%EE%80%80"},
		{"iprivate in query", "http://h/?%EE%80%80#%EE%80%80", "http://h/?\ue000#%EE%80%80"},
		{"LRM", "http://h/%E2%80%8E", "http://h/%E2%80%8E"},
		{"6.1 no-break space", "http://h/a%C2%A0b", "http://h/a%C2%A0b"},
		{"6.1 fullwidth A", "http://h/%EF%BC%A1", "http://h/%EF%BC%A1"},
		{"6.1 zero width joiner", "http://h/%E2%80%8D", "http://h/%E2%80%8D"},
		{"6.1 division slash", "http://h/a%E2%88%95b", "http://h/a%E2%88%95b"},
		{"later bidi: ALM", "http://h/%D8%A7%D8%9C%D8%A8", "http://h/ا%D8%9Cب"},
		{"later bidi: RLI", "http://h/a%E2%81%A7b", "http://h/a%E2%81%A7b"},
		// Decoded everywhere ucschar is allowed.
		{"userinfo host query fragment", "http://%C3%A9@%C3%A9.example/%C3%A9?%C3%A9#%C3%A9", "http://é@é.example/é?é#é"},
		{"four bytes", "x:%F0%9F%98%80", "x:😀"},
		{"relative", "%E4%B8%AD/%E6%96%87", "中/文"},
		{"raw non-ASCII kept", "http://h/é%C3%A9", "http://h/éé"},
		{"nothing to decode", "http://h/a?b#c", "http://h/a?b#c"},
	}
	for _, tt := range tests {
		got, res := AppendIRI([]byte("dst:"), tt.in, IRIReference, 0)
		if !res.OK() || string(got) != "dst:"+tt.want {
			t.Errorf("%s: AppendIRI(%q) = %q (code %d), want %q", tt.name, tt.in, got, res.Code, "dst:"+tt.want)
			continue
		}
		if out := string(got[4:]); !Valid(out, IRIReference, 0) {
			t.Errorf("%s: output %q is not a valid IRI reference", tt.name, out)
		}
		// Idempotent: the output converts to itself.
		if again, _ := AppendIRI(nil, string(got[4:]), IRIReference, 0); string(again) != string(got[4:]) {
			t.Errorf("%s: AppendIRI(%q) = %q, not idempotent", tt.name, got[4:], again)
		}
	}
}

func TestAppendIRIInvalid(t *testing.T) {
	for _, in := range []string{"http://h/%zz", "http://h/ a", "%"} {
		got, res := AppendIRI([]byte("dst:"), in, IRIReference, 0)
		if res.OK() || string(got) != "dst:" {
			t.Errorf("AppendIRI(%q) = %q, ok=%v; want an error and dst unchanged", in, got, res.OK())
		}
	}
}

func TestAppendIRIAllocs(t *testing.T) {
	buf := make([]byte, 0, 256)
	for _, in := range []string{"http://www.example.org/D%C3%BCrst", "http://h/%E2%80%AE%FC?%EE%80%80", "http://h/plain"} {
		if n := testing.AllocsPerRun(100, func() { buf, _ = AppendIRI(buf[:0], in, IRIReference, 0) }); n != 0 {
			t.Errorf("AppendIRI(%q) allocates %v times into a reused buffer", in, n)
		}
	}
}
