package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/irikit/iri"
)

// normalize and key: the normal form of each input (RFC 3987 5.3).

var (
	cmdNormalize = &command{
		Usage: []string{"normalize [--level syntax|scheme] [--uri] [--nfc|--nfkc] [--decode] [--no-idna] [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]"},
		Short: "Print the normal form of each reference (RFC 3987 5.3)",
		Long:  helpText("normalize"),
		Flags: withAligned(func(fs *pflag.FlagSet, f *flags) {
			fs.StringVar(&f.level, "level", "syntax", "syntax (case, percent-encoding, dot segments) or scheme (also default ports, empty paths, IDN hosts)")
			fs.BoolVar(&f.uri, "uri", false, "the URI-level form: map to a URI first (RFC 3986 6.2.2)")
			fs.BoolVar(&f.nfc, "nfc", false, "apply Unicode NFC first (never part of equivalence, RFC 3987 5.3.2.2)")
			fs.BoolVar(&f.nfkc, "nfkc", false, "apply Unicode NFKC first")
			fs.BoolVar(&f.decodeNonAS, "decode", false, "also decode the %HH that form non-ASCII characters, as to-iri does")
			fs.BoolVar(&f.noIDNA, "no-idna", false, "at --level scheme, leave IDN hosts as they are (the RFC 3986 6.2.3 form, without IDNA)")
		}),
		Objects: true,
		Start:   startNormalize,
		Refuse:  refuseNormalize,
	}
	cmdKey = &command{
		Usage: []string{"key [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]"},
		Short: "Print the key of each reference (iri.Key): equal IRIs (RFC 3987 5.3) have the same key, for dedupe",
		Long:  helpText("key"),
		Flags: withAligned(nil),
		Start: startKey,
	}
)

// normalizeHandler runs normalize.
type normalizeHandler struct {
	opRun
	norm iri.Normalizer
}

// startNormalize checks normalize's flags; an error is a usage error.
func startNormalize(f *flags, args []string, r *lineRun) (handler, error) {
	h := &normalizeHandler{opRun: opRun{lineRun: r, parser: f.parser()}}
	switch f.level {
	case "syntax":
		h.norm.Level = iri.LevelSyntax
	case "scheme":
		h.norm.Level = iri.LevelScheme
	default:
		return nil, fmt.Errorf("unknown --level %q (want syntax or scheme)", f.level)
	}
	if f.nfc && f.nfkc {
		return nil, fmt.Errorf("--nfc and --nfkc exclude each other")
	}
	if f.uri && (f.nfc || f.nfkc || f.decodeNonAS) {
		return nil, fmt.Errorf("--uri gives a URI: it cannot be used with --nfc, --nfkc or --decode")
	}
	h.norm.URI, h.norm.DecodeNonASCII, h.norm.NoIDNA = f.uri, f.decodeNonAS, f.noIDNA
	h.norm.AllowBidi = f.allowBidi
	if f.nfc {
		h.norm.Chars = iri.CharsNFC
	} else if f.nfkc {
		h.norm.Chars = iri.CharsNFKC
	}
	return h, nil
}

func (h *normalizeHandler) input(file string, line int, in input) error {
	// Under IRI-reference, the rule Normalize itself scans with, the
	// parse that checks --rule is Normalize's own: a valid line is
	// scanned once, and Parse runs only to give an invalid one's error
	// as every other command words it.
	var err error
	if h.parser.Rule != iri.RuleIRIReference {
		_, err = h.parser.Parse(in.s)
	}
	if err == nil {
		h.buf, err = h.norm.AppendNormalize(h.buf[:0], in.s)
		if err != nil && h.parser.Rule == iri.RuleIRIReference {
			if _, perr := h.parser.Parse(in.s); perr != nil {
				err = perr
			}
		}
	}
	if h.json || err != nil {
		return h.write(file, line, in.s, nil, normalizedMember, string(h.buf), err, "")
	}
	// The normal form goes out from the buffer it was written into.
	h.buf = append(h.buf, '\n')
	_, werr := h.out.Write(h.buf)
	return werr
}

func normalizedMember(rec *opRecord) **string { return &rec.Normalized }

// skipper lets the engine normalize the lines that are references in one
// call (Normalizer.AppendNormalizeLines), which is input for each but
// for the error of a line that fails: that line comes to input. Only
// under IRI-reference, the rule Normalize scans with.
func (h *normalizeHandler) skipper() skipFunc {
	if h.json || h.jsonIn || h.cols != nil || h.enc != nil || h.stats != nil || h.parser.Rule != iri.RuleIRIReference {
		return nil
	}
	return h.norm.AppendNormalizeLines
}

// keyHandler runs key.
type keyHandler struct{ opRun }

func startKey(f *flags, args []string, r *lineRun) (handler, error) {
	return &keyHandler{opRun{lineRun: r, parser: f.parser()}}, nil
}

func (h *keyHandler) input(file string, line int, in input) error {
	var res string
	u, err := h.parser.Parse(in.s)
	if err == nil {
		res = iri.Key(u)
	}
	return h.write(file, line, in.s, nil, func(rec *opRecord) **string { return &rec.Key }, res, err, "")
}

// refuseNormalize refuses --no-idna where no host goes through IDNA.
func refuseNormalize(set func(string) bool, f *flags) error {
	if set("no-idna") && f.level != "scheme" {
		return fmt.Errorf("--no-idna has no effect at --level %s, which maps no host through IDNA (it needs --level scheme)", f.level)
	}
	return nil
}
