package iri

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// RFC 3987 section 3.1 step 1a: legacy text is converted to UCS and NFC,
// then mapped; step 1b: UCS text is not normalized.
func TestAppendURIFrom(t *testing.T) {
	tests := []struct {
		name string
		enc  encoding.Encoding
		src  []byte
		want string
	}{
		{"ISO-8859-1", charmap.ISO8859_1, []byte("http://h/r\xe9sum\xe9"), "http://h/r%C3%A9sum%C3%A9"},
		{"Shift_JIS", japanese.ShiftJIS, []byte("http://h/\x93\xfa\x96\x7b"), "http://h/%E6%97%A5%E6%9C%AC"}, // 日本
		{"GB18030", simplifiedchinese.GB18030, []byte("http://h/\xd6\xd0"), "http://h/%E4%B8%AD"},            // 中
		// windows-1258 (Vietnamese) writes ế as ê and a combining acute; NFC composes them.
		{"windows-1258 NFC", charmap.Windows1258, []byte("http://h/\xea\xec"), "http://h/%E1%BA%BF"},
		{"UTF-8, no NFC", nil, []byte("http://h/e\u0301"), "http://h/e%CC%81"},
	}
	for _, tt := range tests {
		got, err := Parser{}.AppendURIFrom([]byte("x"), tt.src, tt.enc)
		if err != nil || string(got) != "x"+tt.want {
			t.Errorf("%s: AppendURIFrom = %q, %v; want %q", tt.name, got, err, "x"+tt.want)
		}
	}
	if _, err := (Parser{}).AppendURIFrom(nil, []byte("http://h/a b"), charmap.ISO8859_1); err == nil {
		t.Error("AppendURIFrom accepted a space")
	}
}
