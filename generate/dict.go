package generate

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"unicode/utf8"
)

// A DictEntry is one token of a fuzzing dictionary.
type DictEntry struct {
	Name  string // [A-Za-z0-9_]+, unique in the dictionary
	Value string // the token's bytes, maybe not UTF-8
}

// Dict returns the tokens a mutation-based fuzzer needs to reach the
// corners of RFC 3987 quickly, each value once: the delimiters, common
// schemes, pct-encoded triplets, IP-literal pieces, the UTF-8 encodings of
// the first and last code point of every ucschar and iprivate range and
// of the code points just outside them, the bidi formatting characters,
// and ill-formed sequences (surrogates, overlong forms, stray bytes).
func Dict() []DictEntry {
	var d []DictEntry
	seen := map[string]bool{}
	add := func(kind string, values ...string) {
		for _, v := range values {
			if !seen[v] {
				seen[v] = true
				d = append(d, DictEntry{kind + "_" + strconv.Itoa(len(d)+1), v})
			}
		}
	}
	add("delim", ":", "/", "//", "?", "#", "@", "[", "]", "%", "://", ":/", "/.",
		"/..", "./", "../", "/./", "/../", ".", "..", "?#", "@[", "]:", "::",
		"!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "-", "_", "~",
		"\\", " ", "\t", "\x00", "\x7f", "\"", "<", ">", "^", "`", "{", "|", "}")
	extra := []string{"javascript", "about", "blob", "irc", "sip", "xmpp", "ssh", "git", "s3", "gopher"}
	for _, s := range append(extra, schemes...) {
		add("scheme", s+":")
	}
	add("pct", "%00", "%20", "%25", "%2F", "%2f", "%2E", "%2e", "%3A", "%3F", "%23",
		"%40", "%5B", "%5D", "%5C", "%7F", "%80", "%FF", "%C3%A9", "%E2%80%AE",
		"%F0%9F%98%80", "%ED%A0%80", "%C0%AF", "%G", "%4", "%%", "%u00e9", "%25eth0")
	add("ip", "[::]", "[::1]", "::ffff:", "1.2.3.4", "255.255.255.255", "0.0.0.0",
		"256", "01", "0x7f", "[v1.x]", "v1.", "vF.", "ffff", "FFFF:", "1:2:3:4:5:6:7:8",
		"1:2:3:4:5:6:1.2.3.4", "::1.2.3.4", "1::", "::1:2", "64:ff9b::", "[", "]")
	add("port", ":", ":0", ":80", ":443", ":8080", ":65535", ":65536", ":99999")
	add("userinfo", "user@", "user:pass@", ":@", "@@", "h:80@")
	var edges []string
	spans := append(append([]span(nil), ucscharSpans[:]...), iprivateSpans[:]...)
	for _, s := range spans {
		edges = append(edges, string(s.lo), string(s.hi))
		for _, r := range []rune{s.lo - 1, s.hi + 1} {
			if utf8.ValidRune(r) && r >= 0x80 && !inSpans(r, ucscharSpans[:]) && !inSpans(r, iprivateSpans[:]) {
				edges = append(edges, string(r))
			}
		}
	}
	add("utf8", edges...)
	var bidi []string
	for _, r := range bidiFormatting {
		bidi = append(bidi, string(r))
	}
	add("bidi", bidi...)
	add("badutf8", badUTF8...)
	add("surrogate", "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xb0\x80")
	return d
}

// AppendDict appends the dictionary in the format libFuzzer's -dict and
// AFL's -x read: a comment, then one name="value" line per token, with
// '\\', '"' and every byte outside printable ASCII escaped as \xHH.
func AppendDict(dst []byte) []byte {
	dst = append(dst, "# RFC 3987 tokens for libFuzzer -dict and AFL -x, from iri generate --dict.\n"...)
	for _, e := range Dict() {
		dst = append(dst, e.Name...)
		dst = append(dst, '=', '"')
		for i := 0; i < len(e.Value); i++ {
			switch c := e.Value[i]; {
			case c == '\\' || c == '"' || c < 0x20 || c >= 0x7F:
				dst = append(dst, '\\', 'x', hexUpper[c>>4], hexUpper[c&15])
			default:
				dst = append(dst, c)
			}
		}
		dst = append(dst, '"', '\n')
	}
	return dst
}

// CorpusFile returns the name and content of a seed corpus file that
// holds s, as `go test -fuzz` writes them under testdata/fuzz/FuzzName/
// for a fuzz target whose only argument is a string: the name is the
// content's SHA-256, as Go names the files it adds.
func CorpusFile(s string) (name string, content []byte) {
	content = append([]byte("go test fuzz v1\nstring("), strconv.Quote(s)...)
	content = append(content, ")\n"...)
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:8]), content
}
