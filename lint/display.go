package lint

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/norm"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/ascii"
	"github.com/irikit/iri/internal/labels"
	"github.com/irikit/iri/internal/runeprops"
	"github.com/irikit/iri/scanner"
)

// Showing IRIs to people (RFC 3987 sections 4.1, 4.2, 7.5 and 8).
//
// Display decides what to show from what Lint finds, so that the two
// agree by construction: a character Lint flags wherever it stands is
// percent-encoded, a component that breaks a section 4.2 rule is mapped
// to URI notation as a whole (as 4.2 says it can always be), and a host
// label that mixes scripts or breaks IDNA becomes its A-label. The
// result is the same IRI (iri.CompareRung finds it equal at RungSyntax, or
// at RungScheme when a label became an A-label), and Lint finds none of
// the checks in displayChecks in it, but on host labels shown in ASCII
// (an A-label, %HH), whose decoded characters Lint still judges.

// The bidi isolates DisplayIsolated adds.
const (
	lri = "\u2066" // LEFT-TO-RIGHT ISOLATE
	rli = "\u2067" // RIGHT-TO-LEFT ISOLATE
	pdi = "\u2069" // POP DIRECTIONAL ISOLATE
)

// displayChecks are the checks Display removes: what makes the text
// shown differ from the IRI that is there (bidi, invisible and look-alike
// characters, normalization, confusable hosts). Their percent-encoded
// forms (tag characters, variation selectors) are visible as such and
// stay: removing them would change the IRI.
var displayChecks = [numChecks]bool{
	CheckBidiControl: true, CheckBidiIsolate: true, CheckBidiMixed: true, CheckBidiEdge: true,
	CheckBidiNumberEdge: true, CheckBidiEncodedDigit: true, CheckBidiNumberComponent: true, CheckBidiLabel: true,
	CheckInvisible: true, CheckTagCharacter: true, CheckVariationSelector: true, CheckPrivateUse: true,
	CheckSpaceLike: true, CheckFormatControl: true, CheckDeprecatedDisplay: true, CheckNotNFC: true,
	CheckNotNFKC: true, CheckFullwidth: true, CheckHalfwidth: true, CheckDelimiterLookalike: true,
	CheckMixedScript: true, CheckHostIDNA: true,
}

// Display returns the IRI reference s as it is safe to show to a person.
// Percent-encoded characters that are safe to read are decoded (section
// 3.2), and "xn--" host labels become U-labels where that is safe.
// What could make the text shown differ from the IRI is
// percent-encoded: bidi formatting characters, invisible and look-alike
// characters, text that normalization would change, and every component
// that breaks a section 4.2 bidi rule, as a whole; a host label that
// mixes scripts becomes its A-label. The result is the same IRI as s
// (see [iri.Compare]), and Lint finds none of these things in it but on
// host labels shown as A-labels or %HH, where Lint judges what they
// decode to.
//
// Display adds no formatting characters; show the result in a
// left-to-right context (section 4.1), or use DisplayIsolated.
//
// An s that is not an IRI reference is shown with every byte outside
// printable ASCII percent-encoded, so nothing in it can hide;
// [iri.Valid] tells the two cases apart.
func Display(s string) string { return string(AppendDisplay(nil, s)) }

// AppendDisplay appends Display(s) to dst.
func AppendDisplay(dst []byte, s string) []byte {
	t, _, ok := displayForm(s, false)
	if !ok {
		return appendEscaped(dst, s)
	}
	return append(dst, t...)
}

// DisplayIsolated is Display with the bidi isolates of Unicode 6.3 that
// make it render as section 4.1 asks in any surrounding text: the whole
// IRI between LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE (the
// modern form of the LRE and PDF that 4.1 names), and each component
// with right-to-left characters between RIGHT-TO-LEFT ISOLATE and POP
// DIRECTIONAL ISOLATE. Each component then reads in its own direction,
// in its logical place: a run of right-to-left components is not
// reversed as a whole (section 4.4 examples 2, 3, 5 and 6), and a
// component of digits cannot join a right-to-left neighbour (example
// 10), so such neighbours stay readable here where Display maps them to
// URI notation.
//
// The result is for people: the isolates are not part of the IRI.
// FromDisplay removes them.
func DisplayIsolated(s string) string { return string(AppendDisplayIsolated(nil, s)) }

// AppendDisplayIsolated appends DisplayIsolated(s) to dst.
func AppendDisplayIsolated(dst []byte, s string) []byte {
	dst = append(dst, lri...)
	t, comps, ok := displayForm(s, true)
	if !ok {
		return append(appendEscaped(dst, s), pdi...)
	}
	i := 0
	for _, c := range comps {
		if c.rtl {
			dst = append(dst, t[i:c.a]...)
			dst = append(dst, rli...)
			dst = append(dst, t[c.a:c.b]...)
			dst = append(dst, pdi...)
			i = c.b
		}
	}
	dst = append(dst, t[i:]...)
	return append(dst, pdi...)
}

// FromDisplay reads an IRI reference from text shown to a person, such
// as the output of Display or DisplayIsolated: it removes the bidi
// formatting characters (section 4.1: they are not part of the IRI) and
// parses what is left. An error's offset is into s.
func FromDisplay(s string) (iri.IRI, error) {
	t := stripBidi(s)
	u, err := iri.ParseReference(t)
	if e, ok := err.(*iri.Error); ok && len(t) != len(s) {
		e.Input, e.Offset = s, displayOffset(s, e.Offset)
	}
	return u, err
}

// stripBidi returns s without its bidi formatting characters; s itself
// when it has none.
func stripBidi(s string) string {
	var b []byte
	for i, r := range s {
		if runeprops.IsBidiControl(r) {
			if b == nil {
				b = append(make([]byte, 0, len(s)), s[:i]...)
			}
			continue
		}
		if b != nil {
			b = utf8.AppendRune(b, r)
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// displayOffset maps the offset off in stripBidi(s) back onto s.
func displayOffset(s string, off int) int {
	for i, r := range s {
		if runeprops.IsBidiControl(r) {
			continue
		}
		if off == 0 {
			return i
		}
		off -= utf8.RuneLen(r)
		if off < 0 {
			return i
		}
	}
	return len(s)
}

// appendEscaped appends s with every byte outside printable ASCII
// percent-encoded: the display of a string that is no IRI.
func appendEscaped(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7F {
			dst = ascii.AppendPct(dst, c)
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// displayForm returns the display form of s, without isolates, and the
// components Lint walked in it; false when s is not an IRI reference.
func displayForm(s string, isolated bool) (string, []compInfo, bool) {
	t, err := iri.Parser{AllowBidi: true, IDNA: true}.ToIRI(s)
	if err != nil {
		return "", nil, false
	}
	t = encodeFlagged(t)
	// Mapping a component removes right-to-left characters, which can
	// settle or unsettle a neighbour's bidi rules; repeat until stable.
	for range 4 {
		var comps []compInfo
		var changed bool
		if t, comps, changed = mapComponents(t, isolated); !changed {
			return t, comps, true
		}
	}
	// Not reached for any input known; URI notation is always safe, and
	// has no right-to-left component.
	return string(ascii.EncodeNonASCII(nil, t)), nil, true
}

// encodeFlagged percent-encodes the characters of t that Lint flags
// wherever they stand, and in text that normalization would change,
// the characters that change or combine: "e" U+0301 becomes "e%CC%81",
// which shows the difference from "é" and is normalized.
func encodeFlagged(t string) string {
	// Only the characters themselves and the normal forms matter here:
	// the other passes, and a list of what they find, are skipped.
	l := linter{passes: passComponents | passNFC | passNFKC, keep: keepFlags}
	l.run(t)
	vs := l.dst
	var mark []bool
	var ex explainer // changesInNorm's normalization buffer
	defer ex.release()
	for _, v := range vs {
		norm := false
		switch v.Check {
		case CheckBidiControl, CheckBidiIsolate, CheckInvisible, CheckVariationSelector,
			CheckPrivateUse, CheckSpaceLike, CheckFormatControl, CheckDeprecatedDisplay,
			CheckFullwidth, CheckHalfwidth, CheckDelimiterLookalike:
		case CheckNotNFC, CheckNotNFKC:
			norm = true
		default:
			continue
		}
		if mark == nil {
			mark = make([]bool, len(t))
		}
		for i := v.Offset; i < v.Offset+v.Length; i++ {
			mark[i] = mark[i] || !norm || t[i] >= 0x80 && ex.changesInNorm(t[i:])
		}
	}
	if mark == nil {
		return t
	}
	b := make([]byte, 0, len(t)+len(t)/2)
	encoding := false // the last character was encoded
	for i := 0; i < len(t); {
		c := t[i]
		if c < 0x80 {
			b = append(b, c)
			encoding = false
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		// A mark after an encoded character would compose with the hex
		// digit before it, and a variation selector would vary nothing:
		// encode them too.
		if mark[i] || encoding && (!boundaryBefore(t[i:]) || charCheck(r, true) != 0) {
			b = ascii.EncodeNonASCII(b, t[i:i+n])
			encoding = true
		} else {
			b = append(b, t[i:i+n]...)
			encoding = false
		}
		i += n
	}
	return string(b)
}

// changesInNorm reports whether the character at the start of s is
// changed by NFC or NFKC on its own, or may combine with what comes
// before it.
func (e *explainer) changesInNorm(s string) bool {
	_, n := utf8.DecodeRuneInString(s)
	return !boundaryBefore(s) || !e.isNormal(norm.NFC, s[:n]) || !e.isNormal(norm.NFKC, s[:n])
}

// boundaryBefore reports whether the character at the start of s never
// combines with what comes before it, in NFC or NFKC.
func boundaryBefore(s string) bool {
	return norm.NFC.PropertiesString(s).BoundaryBefore() && norm.NFKC.PropertiesString(s).BoundaryBefore()
}

// flagChecks are the checks encodeFlagged reads, and those its normal
// form passes read (spanChecks).
var flagChecks = func() [numChecks]bool {
	k := spanChecks
	k[CheckNotNFKC] = true
	return k
}()

// hostChecks are the checks mapComponents lists; it asks only whether
// there are others (linter.sawBidiLabel, sawIDNA).
var hostChecks = [numChecks]bool{CheckMixedScript: true}

// span is a component Display maps to URI notation.
type span struct {
	a, b int
	host bool
}

// mapComponents maps to URI notation each component of t that breaks a
// section 4.2 rule, and each host label Lint flags; it reports whether
// it changed anything, and returns the components of t it walked.
func mapComponents(t string, isolated bool) (string, []compInfo, bool) {
	// The components and the host checks below are all it reads.
	l := linter{record: true, passes: passComponents | passAuthority, keep: keepHost}
	l.run(t)
	var spans []span
	addSpan := func(c compInfo) {
		spans = append(grow(spans), span{c.a, c.b, c.comp == "ihost"})
	}
	for i, c := range l.comps {
		switch {
		case c.bad:
			addSpan(c)
			l.comps[i].rtl = false
		case isolated:
		case c.numeric && i > 0 && l.comps[i-1].rtl:
			// Section 4.4 example 10: the digits cannot be mapped, so
			// their right-to-left neighbour is.
			addSpan(l.comps[i-1])
			l.comps[i-1].rtl = false
		case c.rtl && i > 0 && l.comps[i-1].numeric:
			addSpan(c)
			l.comps[i].rtl = false
		}
	}
	// Host labels: mixed scripts, and a host that IDNA or the Bidi Rule
	// rejects as a whole.
	if l.u.r.Parts&scanner.HasAuthority != 0 && l.u.r.HostKind == scanner.HostRegName {
		hs, he := int(l.u.r.HostStart), int(l.u.r.HostEnd)
		// A label that mixes scripts is mapped; once a label breaks the
		// Bidi Rule, so is every label with right-to-left characters,
		// whose order on screen is then not to be trusted, and every
		// other label that breaks it (a left-to-right one too, such as
		// one ending in %00). The labels are walked once, and no list of
		// their violations is kept: a host of many labels would cost a
		// Violation each.
		for _, v := range l.dst {
			if v.Check == CheckMixedScript {
				spans = append(grow(spans), span{v.Offset, v.Offset + v.Length, true})
			}
		}
		bidiLabel, hostIDNA := l.sawBidiLabel, l.sawIDNA
		if bidiLabel || hostIDNA {
			var lbuf [256]byte
			forLabels(t, hs, he, func(a, b int) {
				label := t[a:b]
				if ascii.IsASCII(label) {
					return
				}
				// The label as Lint judged it: %HH decoded.
				breaks := false
				if bidiLabel && !hostIDNA && !hasRTL(label) {
					v, ok := l.visibleLabel(lbuf[:0], a, b, false)
					breaks = ok && v != "" && !bidirule.ValidString(v)
				}
				if hostIDNA || hasRTL(label) || breaks {
					spans = append(grow(spans), span{a, b, true})
				}
			})
		}
	}
	if len(spans) == 0 {
		return t, l.comps, false
	}
	// A host label that is its A-label already maps to itself: no
	// change, which the loop of displayForm would otherwise take for one
	// and end in URI notation for the whole IRI. (The components mapped
	// otherwise hold right-to-left characters, and change.)
	if u := applySpans(t, spans); u != t {
		return u, nil, true
	}
	return t, l.comps, false
}

// applySpans returns t with each span mapped to URI notation: an A-label
// for a host label that has an exact one, percent-encoding otherwise.
func applySpans(t string, spans []span) string {
	b := make([]byte, 0, 2*len(t))
	i := 0
	slices.SortFunc(spans, func(x, y span) int { return x.a - y.a })
	for _, sp := range spans {
		if sp.a < i {
			continue // the same component, reported twice
		}
		b = append(b, t[i:sp.a]...)
		part := t[sp.a:sp.b]
		if sp.host {
			b = append(b, aLabel(part)...)
		} else {
			b = ascii.EncodeNonASCII(b, part)
		}
		i = sp.b
	}
	return string(append(b, t[i:]...))
}

// aLabel returns the A-label of a host label when there is one that
// gives back exactly this label, and the label percent-encoded
// otherwise (section 3.1 allows both).
func aLabel(label string) string {
	if ascii.IsASCII(label) {
		return label
	}
	// labels.ToASCII bounds the work (x/net's Punycode is quadratic) and
	// refuses a label IDNA would map to a delimiter.
	if a, err := labels.ToASCII(label); err == nil && strings.HasPrefix(a, "xn--") {
		// The way back by our own decoder where it vouches for x/net's
		// answer, by x/net where it does not.
		var buf [4 * labels.MaxLen]byte
		if u, ok := labels.AppendToUnicode(buf[:0], a); ok {
			if string(u) == label {
				return a
			}
		} else if u, err := idna.Lookup.ToUnicode(a); err == nil && u == label {
			return a
		}
	}
	return string(ascii.EncodeNonASCII(nil, label))
}
