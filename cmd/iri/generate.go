package main

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/irikit/iri/generate"
	"github.com/irikit/iri/scanner"
)

// The generate subcommand: labelled samples from package generate, a
// fuzzing dictionary, or a go test -fuzz seed corpus.

var cmdGenerate = &command{
	Usage: []string{
		"generate [--rule NAME] [--n N] [--seed S] [--invalid RATE] [--script NAME] [--max-len L] [--iprivate] [--mutation NAME...] [--json]",
		"generate --dict [--corpus DIR]",
		"generate --corpus DIR [--n N] [...]",
	},
	Short: "Print references drawn from the RFC 3987 grammar, valid or labelled invalid, or a fuzzing dictionary",
	Long:  helpText("generate"),
	Flags: func(fs *pflag.FlagSet, f *flags) {
		f.n = 10
		fs.Var(int64Flag{&f.n}, "n", "how many samples to print")
		f.seed = 1
		fs.Var(uint64Flag{&f.seed}, "seed", "the seed: the same flags print the same samples on every platform and release")
		fs.Var(floatFlag{&f.invalid}, "invalid", "the share of invalid samples, from 0 to 1")
		fs.StringVar(&f.script, "script", "mixed", "where characters beyond ASCII come from: "+strings.Join(generate.Scripts(), ", "))
		f.maxLen = generate.DefaultMaxLen
		fs.Var(intFlag{&f.maxLen}, "max-len", fmt.Sprintf("the longest sample, in bytes (at least %d)", generate.MinMaxLen))
		fs.BoolVar(&f.iprivate, "iprivate", false, "let queries of the IRI rules hold iprivate characters")
		fs.BoolVar(&f.dict, "dict", false, "print a libFuzzer/AFL dictionary of RFC 3987 tokens instead of samples")
		fs.StringArrayVar(&f.mutations, "mutation", nil, "draw invalid samples from this mutation only (repeat for more; see the package docs of generate for the names)")
		fs.StringVar(&f.corpus, "corpus", "", "write the samples (or, with --dict, the tokens) as go test -fuzz seed corpus files into this directory instead")
	},
	Start:   startGenerate,
	Refuse:  refuseGenerate,
	NotRefs: true,
}

// genRecord is the JSON record of a sample. The components are those of
// parse --json (jsonParts), for valid samples only; input_base64 holds the exact
// bytes of an input that is not UTF-8, which JSON strings cannot carry.
type genRecord struct {
	Input       string   `json:"input"`
	InputBase64 string   `json:"input_base64,omitempty"`
	Valid       bool     `json:"valid"`
	Rule        string   `json:"rule"`
	Mutation    string   `json:"mutation"`
	Offset      int      `json:"offset"`
	Code        string   `json:"code,omitempty"`
	Component   string   `json:"component,omitempty"`
	Productions []string `json:"productions"`
	Features    []string `json:"features"`
	*jsonParts
}

// componentNames names scanner.Component values in JSON records.
var componentNames = [...]string{"", "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"}

func startGenerate(f *flags, args []string, r *lineRun) (handler, error) {
	if len(args) > 0 {
		return nil, fmt.Errorf("generate takes no arguments")
	}
	script, ok := generate.ParseScript(f.script)
	switch {
	case !ok:
		return nil, fmt.Errorf("unknown script %q (want one of %s)", f.script, strings.Join(generate.Scripts(), ", "))
	case f.n < 0:
		return nil, fmt.Errorf("--n must not be negative")
	case !(f.invalid >= 0 && f.invalid <= 1):
		return nil, fmt.Errorf("--invalid must be between 0 and 1")
	case f.maxLen < generate.MinMaxLen:
		return nil, fmt.Errorf("--max-len must be at least %d", generate.MinMaxLen)
	}
	muts, err := generate.MutationsNamed(f.mutations...)
	if err != nil {
		return nil, fmt.Errorf("--mutation: %v (want one of %s)", err, strings.Join(generate.Mutations(), ", "))
	}
	applies := len(f.mutations) == 0
	for _, m := range f.mutations {
		applies = applies || generate.MutationApplies(m, f.rule.rule)
	}
	if !applies {
		return nil, fmt.Errorf("--mutation: none of %s applies to %v", strings.Join(f.mutations, ", "), f.rule.rule)
	}
	g := generate.New(generate.Options{
		Rule: f.rule.rule, Seed: f.seed, Invalid: f.invalid,
		Script: script, IPrivate: f.iprivate, MaxLen: f.maxLen, Mutations: muts,
	})
	switch {
	case f.corpus != "":
		err = writeCorpus(f, g)
	case f.dict:
		_, err = r.out.Write(generate.AppendDict(nil))
	default:
		err = writeSamples(r, g, f.n)
	}
	if err == nil {
		err = r.out.Flush()
	}
	r.status = exitOK
	if err != nil {
		if f.corpus != "" {
			fmt.Fprintf(r.stderr, "iri: %v\n", err)
		} else {
			reportWriteError(r.stderr, err)
		}
		r.status = exitError
	}
	return nil, nil
}

// writeSamples writes n samples, one line each.
func writeSamples(r *lineRun, g *generate.Generator, n int64) error {
	var buf []byte
	var rec genRecord
	var parts jsonParts
	prods := make([]string, 0, len(generate.AllProductions()))
	feats := make([]string, 0, len(generate.AllFeatures()))
	for i := int64(0); i < n; i++ {
		var s generate.Sample
		buf, s = g.Append(buf[:0])
		if !r.json {
			buf = append(buf, '\n')
			if _, err := r.out.Write(buf); err != nil {
				return err
			}
			continue
		}
		s.Input = string(buf)
		prods, feats = s.Productions.Names(prods[:0]), s.Features.Names(feats[:0])
		rec = genRecord{
			Input: s.Input, Valid: s.Valid, Rule: s.Rule.String(), Mutation: s.Mutation,
			Offset: s.Offset, Productions: prods, Features: feats,
		}
		if !utf8.ValidString(s.Input) {
			rec.InputBase64 = base64.StdEncoding.EncodeToString(buf)
		}
		if s.Valid {
			rec.jsonParts = sampleParts(&parts, s)
		} else {
			rec.Code, rec.Component = s.Want.Code.String(), componentNames[s.Want.Component]
		}
		if err := r.writeJSON(&rec); err != nil {
			return err
		}
	}
	return nil
}

// sampleParts fills p with the components of the valid sample s.
func sampleParts(p *jsonParts, s generate.Sample) *jsonParts {
	w, in := &s.Want, s.Input
	part := func(has bool, lo, hi int32) *string {
		if !has {
			return nil
		}
		v := in[lo:hi]
		return &v
	}
	auth := w.Parts&scanner.HasAuthority != 0
	*p = jsonParts{
		Scheme:   part(w.Parts&scanner.HasScheme != 0, 0, w.SchemeEnd),
		Userinfo: part(w.Parts&scanner.HasUserinfo != 0, w.AuthorityStart, w.UserinfoEnd),
		Host:     part(auth, w.HostStart, w.HostEnd),
		Port:     part(w.Parts&scanner.HasPort != 0, w.PortStart, w.PathStart),
		Path:     in[w.PathStart:w.PathEnd],
		Query:    part(w.Parts&scanner.HasQuery != 0, w.QueryStart, w.QueryEnd),
		Fragment: part(w.Parts&scanner.HasFragment != 0, w.FragmentStart, int32(len(in))),
	}
	if auth {
		k := w.HostKind.String()
		p.HostKind = &k
	}
	return p
}

// writeCorpus writes the samples, or the dictionary's tokens, as seed
// corpus files into f.corpus.
func writeCorpus(f *flags, g *generate.Generator) error {
	if err := os.MkdirAll(f.corpus, 0o755); err != nil {
		return err
	}
	write := func(s string) error {
		name, content := generate.CorpusFile(s)
		return os.WriteFile(filepath.Join(f.corpus, name), content, 0o644)
	}
	if f.dict {
		for _, e := range generate.Dict() {
			if err := write(e.Value); err != nil {
				return err
			}
		}
		return nil
	}
	for i := int64(0); i < f.n; i++ {
		if err := write(g.Next().Input); err != nil {
			return err
		}
	}
	return nil
}

// refuseGenerate refuses the flags generate does not take: it reads no
// input, and --dict and --corpus write no samples to standard output.
func refuseGenerate(set func(string) bool, f *flags) error {
	if set("json-in") {
		return fmt.Errorf("generate reads no input: --json-in does not apply (--json chooses its output)")
	}
	if err := refuseAny("generate", set, "it reads no input, and draws its references from --rule's grammar", "allow-bidi", "max-line", "jobs", "field", "delimiter", "header", "stats"); err != nil {
		return err
	}
	if f.dict {
		for _, fl := range []string{"n", "seed", "invalid", "script", "max-len", "iprivate", "mutation", "rule", "json"} {
			if set(fl) {
				return fmt.Errorf("--%s has no effect with --dict, which prints the fixed dictionary of RFC 3987 tokens", fl)
			}
		}
	} else if f.corpus != "" && set("json") {
		return fmt.Errorf("--json has no effect with --corpus, which writes each reference to a file of its own")
	}
	return nil
}
