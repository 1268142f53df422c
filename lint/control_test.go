package lint

import (
	"fmt"
	"testing"
)

// A percent-encoded C0 control or DEL is reported in every component, an
// error in ProfileStrict and info otherwise; other %HH are not.
func TestLintEncodedControl(t *testing.T) {
	controls := []byte{0x7F}
	for c := byte(0); c < 0x20; c++ {
		controls = append(controls, c)
	}
	for _, c := range controls {
		for _, hex := range []string{fmt.Sprintf("%%%02X", c), fmt.Sprintf("%%%02x", c)} {
			s := "http://h/a" + hex + "b"
			for _, p := range []struct {
				o    Options
				want Severity
			}{{Options{}, SeverityInfo}, {Options{Profile: ProfileIURI}, SeverityInfo}, {Options{Profile: ProfileStrict}, SeverityError}} {
				vs := Lint(s, p.o)
				if len(vs) != 1 || vs[0].Check != CheckEncodedControl || vs[0].Offset != 10 || vs[0].Length != 3 ||
					vs[0].Component != "ipath" || vs[0].Severity != p.want {
					t.Errorf("Lint(%q, %v) = %v, want encoded-control at 10:3 of severity %v", s, p.o.Profile, vs, p.want)
				}
			}
		}
	}
	for _, tc := range []struct {
		in   string
		at   []int
		comp string
	}{
		{"http://h/?q=a%0D%0Ab", []int{13, 16}, "iquery"},
		{"http://h/#%00", []int{10}, "ifragment"},
		{"foo://u%0A@h/", []int{7}, "iuserinfo"},
		{"foo://h%00st/", []int{7}, "ihost"},
		{"data:,a%0Ab", []int{7}, "ipath"}, // an opaque path too
		{"mailto:a@b?body=x%0D%0Ay", []int{17, 20}, "iquery"},
		{"a%1Fb/%7f", []int{1, 6}, "ipath"}, // a relative reference
	} {
		var got []int
		for _, v := range Lint(tc.in, Options{}) {
			if v.Check == CheckEncodedControl {
				got = append(got, v.Offset)
				if v.Component != tc.comp {
					t.Errorf("Lint(%q): %v, want it in %s", tc.in, v, tc.comp)
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.at) {
			t.Errorf("Lint(%q): encoded-control at %v, want %v", tc.in, got, tc.at)
		}
	}
	// Not controls: space, '~', C1 controls (non-ASCII, U+0080 as %C2%80),
	// and raw text that looks like a triplet's digits.
	for _, s := range []string{"http://h/%20%7E%2F", "http://h/%C2%80%C2%9F", "http://h/a0Db", "http://h/%25%30%30"} {
		for _, v := range Lint(s, Options{Profile: ProfileStrict}) {
			if v.Check == CheckEncodedControl {
				t.Errorf("Lint(%q): %v", s, v)
			}
		}
	}
	if CheckEncodedControl.String() != "encoded-control" || CheckEncodedControl.DefaultSeverity() != SeverityInfo {
		t.Errorf("%v: %v", CheckEncodedControl, CheckEncodedControl.DefaultSeverity())
	}
	// An override is kept, in the strict profile too.
	o := Options{Profile: ProfileStrict, Severities: map[Check]Severity{CheckEncodedControl: SeverityWarning}}
	if sev := o.Severity(CheckEncodedControl); sev != SeverityWarning {
		t.Errorf("strict with an override: %v", sev)
	}
}
