package iri

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"

	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/labels"
	"github.com/irikit/iri/internal/scan"
	"github.com/irikit/iri/scanner"
)

// IDNA and hosts. RFC 3987 section 3.1 allows a non-ASCII ireg-name to
// reach the URI either percent-encoded, like every other component, or
// as IDNA A-labels. Percent-encoding is right when the host is not a DNS
// name or the URI goes to software that decodes it (RFC 3986 3.2.2 lets
// a reg-name carry any UTF-8); A-labels are right for HTTP clients,
// proxies and anything that resolves the name, because DNS and most
// servers only know "xn--" labels. Parser.IDNA picks A-labels.
//
// The profile is idna.Lookup, x/net's implementation of RFC 5891 section
// 5 through UTS #46 non-transitional processing: labels are mapped
// (case-folded, NFC), checked against STD3 rules (letters, digits,
// hyphen), hyphen placement, the CONTEXTJ rules for ZWJ and ZWNJ and the
// RFC 5893 bidi rule. Registration would reject names a resolver must
// still look up; Punycode maps nothing and validates nothing, so
// "BÜCHER" and "bücher" would give different A-labels. RFC 3987 cites
// IDNA2003 (RFC 3490) ToASCII; UTS #46 is how that is done today and
// differs from it in the mapping of a few characters, ß and ς among them.
//
// Labels end at '.' and at the three other separators of RFC 3490
// section 3.1, U+3002, U+FF0E and U+FF61, raw or percent-encoded (see
// package labels), and are joined with '.'. A label with non-ASCII text,
// raw or as %HH, is decoded and converted; other ASCII labels stay as
// they are.
// A label that IDNA refuses, whose %HH are not UTF-8 or stand for ASCII
// that is not unreserved, whose A-label could not fit in 63 octets, or
// that IDNA maps to text with a delimiter, fails: the host that is sent
// is always the host that was checked.
//
// x/net is the reference, not the common path. The line is mapped in
// one pass as without IDNA; then the host is converted by
// labels.AppendHost in one more pass over the host alone, which takes
// labels of ASCII letters, digits, hyphens and code points that Lookup
// maps to themselves and checks without regard to their neighbours (a
// generated set, see package labels), lowercases the ASCII, applies the
// hyphen rules and Punycode-encodes with internal/punycode; and the
// A-labels are written over the %HH that the first pass wrote for the
// host. Only a host with %HH or with a label outside that set goes label
// by label (appendHostLabels), a %HH label decoded into a buffer on the
// stack, and only such a label reaches x/net, whose answer and errors
// are then the result. A host whose labels take the fast path costs no
// allocation.

// appendURIIDNA is AppendURI with IDNA A-labels for the host.
func (p Parser) appendURIIDNA(dst []byte, s string) ([]byte, error) {
	// Map as usual in one pass, and redo the host only if it needs IDNA,
	// which most inputs do not.
	n := len(dst)
	dst, r := scanner.AppendURI(dst, s, p.Rule, p.opts())
	if !r.OK() {
		return dst, newError(s, p.Rule, &r)
	}
	if r.Flags&(scanner.HasNonASCII|scanner.HasPercent) == 0 || r.HostKind != scanner.HostRegName {
		return dst, nil
	}
	hs, he := int(r.HostStart), int(r.HostEnd)
	host := s[hs:he]
	if ascii.IsASCII(host) && !labels.HasEncodedNonASCII(host) {
		return dst, nil
	}
	// The host's A-labels go into a buffer on the stack, which holds any
	// DNS name (RFC 1034 3.1: 255 octets; a longer host spills to the
	// heap), and then over the host that the one pass wrote, whose place
	// is known: the pass percent-encodes each byte above 0x7F and copies
	// the rest.
	var buf [256]byte
	h, ok := labels.AppendHost(buf[:0], host)
	if !ok {
		var at int
		var err error
		if h, at, err = appendHostLabels(buf[:0], host); err != nil {
			return dst[:n], &Error{Input: s, Offset: hs + at, Code: CodeIDNA, Rule: p.Rule, Component: "ihost", Err: err}
		}
	}
	at := n + hs
	if r.Parts&scanner.HasUserinfo != 0 {
		at += 2 * ascii.CountNonASCII(s[:hs]) // the scheme is ASCII
	}
	end := at + len(host) + 2*ascii.CountNonASCII(host)
	if len(h) > end-at {
		return slices.Replace(dst, at, end, h...), nil
	}
	// Most often the A-labels are shorter than the %HH they replace.
	k := copy(dst[at:], h)
	k += copy(dst[at+k:], dst[end:])
	return dst[:at+k], nil
}

// appendHostLabels is labels.AppendHost label by label, for every host:
// a label with %HH is decoded, and one the fast path does not take goes
// to x/net. On failure it returns the offset in host of the label that
// failed.
func appendHostLabels(dst []byte, host string) ([]byte, int, error) {
	for i := 0; ; {
		j, sep := labels.End(host, i)
		label := host[i:j]
		if ascii.IsASCII(label) && !labels.HasEncodedNonASCII(label) {
			dst = append(dst, label...)
		} else {
			var err error
			if dst, err = appendLabelPct(dst, label); err != nil {
				return dst, i, err
			}
		}
		if sep == 0 {
			return dst, 0, nil
		}
		dst = append(dst, '.')
		i = j + sep
	}
}

// errLabelPercent is the error of a label whose %HH IDNA cannot take.
var errLabelPercent = errors.New("idna: the label's %HH are not UTF-8, or stand for ASCII other than letters, digits, '-', '.', '_' and '~'")

// appendLabelPct appends labels.ToASCII of a label that may hold %HH.
// The decoded label goes into a buffer on the stack, large enough for
// every label of MaxLen code points, so that the fast path of
// labels.AppendBytesToASCII allocates nothing; a longer one spills to the
// heap, and ToASCII refuses it.
func appendLabelPct(dst []byte, label string) ([]byte, error) {
	if strings.IndexByte(label, '%') < 0 {
		return labels.AppendToASCII(dst, label)
	}
	var buf [utf8.UTFMax * labels.MaxLen]byte
	d, ok := labels.AppendDecoded(buf[:0], label)
	if !ok {
		return dst, errLabelPercent
	}
	return labels.AppendBytesToASCII(dst, d)
}

// hostToUnicode returns t, an IRI reference valid under opts, with the
// "xn--" labels of its reg-name host rewritten by unicodeHost.
func hostToUnicode(t string, opts scanner.Options) string {
	r := scanner.Scan(t, scanner.IRIReference, opts)
	hs, he := int(r.HostStart), int(r.HostEnd)
	if !r.OK() || r.HostKind != scanner.HostRegName || !strings.Contains(strings.ToLower(t[hs:he]), "xn--") {
		return t
	}
	b := make([]byte, 0, len(t)+16)
	b = append(b, t[:hs]...)
	b = unicodeHost(b, t[hs:he])
	return string(append(b, t[he:]...))
}

// unicodeHost rewrites the "xn--" labels of the reg-name host as U-labels
// (ToUnicode) and appends the result to dst. Labels end where labels.End
// says, at the separators of RFC 3490 3.1 too. A label stays an
// A-label when ToUnicode fails, when ToASCII does not give it back (the
// round trip RFC 3987 3.2 asks for), when its U-label breaks the bidi
// rule (the label-level form of section 4.2), or when a character of it
// could not stand decoded in an IRI (section 3.2 step 4).
func unicodeHost(dst []byte, host string) []byte {
	for i := 0; ; {
		j, sep := labels.End(host, i)
		dst = append(dst, uLabel(host[i:j])...)
		if sep == 0 {
			return dst
		}
		// The separator stays as it was: this is the form to show.
		dst = append(dst, host[j:j+sep]...)
		i = j + sep
	}
}

func uLabel(label string) string {
	// No label over 63 octets is a DNS label, and the round trip below
	// costs the square of the length.
	if len(label) < 4 || len(label) > labels.MaxLen || !strings.EqualFold(label[:4], "xn--") {
		return label
	}
	var u string
	var buf [4 * labels.MaxLen]byte
	if b, ok := labels.AppendToUnicode(buf[:0], label); ok {
		// xnetRoundTrip's answer, vouched for without x/net.
		u = string(b)
	} else if u, ok = xnetRoundTrip(label); !ok {
		return label
	}
	if !showable(u) {
		return label
	}
	return u
}

// xnetRoundTrip is label's U-label by x/net, if ToASCII gives label back
// from it (in lowercase).
func xnetRoundTrip(label string) (string, bool) {
	u, err := idna.Lookup.ToUnicode(label)
	if err != nil {
		return "", false
	}
	if a, err := idna.Lookup.ToASCII(u); err != nil || a != strings.ToLower(label) {
		return "", false
	}
	return u, true
}

// showable reports whether the U-label u may stand in an IRI in place of
// its A-label: no '.', the bidi rule, nothing section 6.1 advises against,
// and a valid host.
func showable(u string) bool {
	if strings.Contains(u, ".") || !bidirule.ValidString(u) {
		return false
	}
	for _, c := range u {
		if scan.Avoid61(c) != 0 {
			return false
		}
	}
	return scanner.Valid("//"+u, scanner.IRIReference, 0)
}
