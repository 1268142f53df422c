package lint

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/punycode"
	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/scanner"
)

// host checks a reg-name as a reader and a resolver see it: %HH
// decoded, A-labels ("xn--") as their U-labels. Then the Bidi Rule over
// its labels, the scripts of each label, and IDNA. authority calls it
// only for a host that is not plain ASCII as it stands.
func (l *linter) host() {
	u := &l.u
	if u.r.Parts&scanner.HasAuthority == 0 || u.r.HostKind != scanner.HostRegName {
		return
	}
	hs, he := int(u.r.HostStart), int(u.r.HostEnd)
	h := u.s[hs:he]
	var hbuf, lbuf [256]byte
	// name is the host as seen, for IDNA; nil once it cannot be, or
	// is longer than IDNA is asked about (hbuf): a host of megabytes is
	// not copied.
	name := hbuf[:0]
	rtl := false
	forLabels(u.s, hs, he, func(a, b int) {
		v, ok := l.visibleLabel(lbuf[:0], a, b, false)
		sep := min(len(name), 1) // the '.' before v
		switch {
		case !ok || len(name)+sep+len(v) > len(hbuf):
			name = nil
		case name != nil:
			if len(name) > 0 {
				name = append(name, '.')
			}
			name = append(name, v...)
		}
		rtl = rtl || ok && hasRTL(v)
	})
	// RFC 5893: in a domain name with a right-to-left label, every label
	// satisfies the Bidi Rule.
	forLabels(u.s, hs, he, func(a, b int) {
		label, ok := l.visibleLabel(lbuf[:0], a, b, true)
		if !ok {
			return
		}
		if rtl && label != "" && !bidirule.ValidString(label) {
			l.add(CheckBidiLabel, a, b-a, "ihost")
		}
		if !ascii.IsASCII(label) && mixedScripts(label) {
			l.add(CheckMixedScript, a, b-a, "ihost")
		}
	})
	if name == nil || ascii.IsASCII(bytesString(name)) {
		return // IDNA has nothing to say, or cannot be asked
	}
	if rtl || !idnaPlainHost(bytesString(name)) {
		if _, err := idna.Lookup.ToASCII(string(name)); err != nil {
			l.add(CheckHostIDNA, hs, len(h), "ihost")
		}
	}
}

// visibleLabel returns the host label s[a:b] as it is seen: its %HH
// octets decoded, and an A-label decoded to its U-label, in dst where it
// differs from the label (which is not copied). The result is valid
// until dst is used again. ok is false for an A-label that is no
// Punycode, which report reports (CheckHostIDNA), and when the octets
// are not UTF-8 (CheckNonUTF8Percent says so).
func (l *linter) visibleLabel(dst []byte, a, b int, report bool) (string, bool) {
	s := l.u.s
	label := s[a:b]
	if strings.IndexByte(label, '%') >= 0 {
		if cap(dst)-len(dst) < len(label) {
			dst = make([]byte, len(dst), len(dst)+len(label)) // decoding shortens
		}
		dst = ascii.AppendUnescape(dst, label)
		if !utf8.Valid(dst) {
			return "", false
		}
		label = bytesString(dst)
	}
	if hasACEPrefix(label) {
		// The U-label goes after what label may view in dst: written
		// over it, a U-label longer than its A-label overtook the
		// decoder's input.
		ace := label[4:]
		v, ok := punycode.AppendDecoded(dst[len(dst):], ace)
		ok = ok && ascii.IsASCII(ace)
		if !ok && report {
			l.add(CheckHostIDNA, a, b-a, "ihost")
		}
		return bytesString(v), ok
	}
	return label, true
}

// bytesString views b as a string, which the caller keeps unchanged
// while it is in use.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// hasACEPrefix reports whether label starts with "xn--", in any case.
func hasACEPrefix(label string) bool {
	return len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-'
}

// hasACELabel reports whether a label of the host h starts with "xn--",
// in any case.
func hasACELabel(h string) bool {
	for i := 0; ; {
		j := strings.Index(h[i:], "--")
		if j < 0 {
			return false
		}
		k := i + j // "--" at k: "xn" before it, a label start before that
		if k >= 2 && (k == 2 || h[k-3] == '.') && hasACEPrefix(h[k-2:]) {
			return true
		}
		i = k + 1
	}
}

// idnaPlainHost reports whether IDNA lookup surely accepts the host h
// with no right-to-left label, without running it (which allocates):
// each label is non-empty (a final one aside), no "xn--" label, letters,
// digits and hyphens but for the hyphen rules, and non-ASCII characters
// that runeprops.PropIDNA allows anywhere and that NFC leaves alone.
func idnaPlainHost(h string) bool {
	for i := 0; i < len(h); {
		j := strings.IndexByte(h[i:], '.')
		if j < 0 {
			j = len(h) - i
		}
		label := h[i : i+j]
		i += j + 1
		switch {
		case label == "":
			if i < len(h) {
				return false
			}
			continue
		case label[0] == '-' || label[len(label)-1] == '-' || len(label) >= 4 && label[2] == '-' && label[3] == '-':
			return false
		}
		for k := 0; k < len(label); {
			c := label[k]
			if c < utf8.RuneSelf {
				if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
					return false
				}
				k++
				continue
			}
			r, n := utf8.DecodeRuneInString(label[k:])
			if runeprops.Of(r)&(runeprops.PropIDNA|runeprops.PropNFC) != runeprops.PropIDNA {
				return false
			}
			k += n
		}
	}
	return true
}

// hasRTL reports whether s holds an R, AL or AN character, which makes
// a label right-to-left in RFC 5893's sense.
func hasRTL(s string) bool {
	for _, r := range s {
		if r >= 0x80 {
			switch p, _ := bidi.LookupRune(r); p.Class() {
			case bidi.R, bidi.AL, bidi.AN:
				return true
			}
		}
	}
	return false
}

// Script sets that may share a label, after UTS #39's "highly
// restrictive" level: one script, or Latin with the Han-based sets.
var scriptSets = [][]*unicode.RangeTable{
	{unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana},
	{unicode.Latin, unicode.Han, unicode.Bopomofo},
	{unicode.Latin, unicode.Han, unicode.Hangul},
}

// mixedScripts reports whether label has letters of scripts that no one
// language writes together. Common and Inherited characters (digits,
// hyphens, marks) go with any script.
func mixedScripts(label string) bool {
	var first *unicode.RangeTable
	mixed := false
	for _, r := range label {
		t := scriptOf(r)
		if t == nil {
			continue
		}
		if first == nil {
			first = t
		} else if t != first {
			mixed = true
			break
		}
	}
	if !mixed {
		return false
	}
sets:
	for _, set := range scriptSets {
		for _, r := range label {
			t := scriptOf(r)
			if t == nil {
				continue
			}
			found := false
			for _, s := range set {
				found = found || s == t
			}
			if !found {
				continue sets
			}
		}
		return false
	}
	return true
}

// commonScripts are looked at first; they cover nearly all text.
var commonScripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Han, unicode.Hiragana,
	unicode.Katakana, unicode.Hangul, unicode.Arabic, unicode.Hebrew, unicode.Armenian,
	unicode.Georgian, unicode.Thai, unicode.Devanagari, unicode.Bopomofo,
}

// scriptOf returns the script of r, or nil for Common, Inherited and
// unassigned code points.
func scriptOf(r rune) *unicode.RangeTable {
	if r < 0x80 {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return unicode.Latin
		}
		return nil
	}
	for _, t := range commonScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	if unicode.Is(unicode.Common, r) || unicode.Is(unicode.Inherited, r) {
		return nil
	}
	for _, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}
