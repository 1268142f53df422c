package lint

import (
	"strings"
	"testing"
)

// A reg-name that decoding %HH or mapping its characters turns into an
// IPv4 address is flagged; names that stay names are not.
func TestHiddenIPv4(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"http://１２７.0.0.1/", true},                                // full-width digits
		{"http://%31%32%37.0.0.1/", true},                          // %HH of digits
		{"http://127%2E0%2E0%2E1/", true},                          // %2E is a dot once decoded
		{"http://127。0。0。1/", true},                                // U+3002, which UTS 46 maps to '.'
		{"http://127｡0｡0｡1/", true},                                // U+FF61
		{"http://㉙/", true},                                        // 0.0.0.29
		{"http://①.②/", true},                                      // 1.0.0.2
		{"http://⒈⒉⒊⒋/", true},                                     // "1." "2." "3." "4.": a trailing dot
		{"http://０ｘ７ｆ.1/", true},                                   // hex, full-width
		{"http://０ｘ０００００００７ｆ.1/", true},                            // leading zeros do not count
		{"http://" + "０" + strings.Repeat("０", 5000) + "１/", true}, // nor do thousands
		{"http://０１７７.1/", true},                                   // octal 0177 = 127
		{"http://００x1/", false},                                    // "00x1" is no number
		{"http://４２９４９６７２９６/", false},                              // 2^32: too large
		{"http://４２９４９６７２９５/", true},                               // 255.255.255.255
		{"http://１.２.３.４.５/", false},                               // five parts
		{"http://例え.jp/", false},
		{"http://ｅｘａｍｐｌｅ.com/", false},
		{"http://%65xample.com/", false},
		{"http://1.2.3.4/", false}, // an IPv4address already
		{"http://0x7f.1/", false},  // ipv4-rare-form says so
	} {
		got := false
		for _, v := range Lint(tc.in, Options{}) {
			if v.Check == CheckHiddenIPv4 {
				got = true
				if v.Component != "ihost" || v.Severity != SeverityWarning {
					t.Errorf("%q: %v", tc.in, v)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%q: hidden-ipv4 %v, want %v", tc.in, got, tc.want)
		}
	}
}
