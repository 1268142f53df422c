// Command linkclean cleans a link set on Apache Beam: it reads text files
// of references, one a line (local paths or any Beam filesystem, such as
// gs://), validates each, normalizes the valid ones, keeps one of each
// set that RFC 3987 5.3 makes equal, and writes the clean references and,
// apart, every invalid line with why it is invalid.
//
//	linkclean --input 'links/*.txt' --output out/links [--level scheme] [--runner prism]
//
// writes out/links-valid-*.txt (one reference a line) and
// out/links-invalid-*.jsonl (one JSON object a line: input, offset,
// code, component, message, and input_base64 when the input is not
// UTF-8). The same binary runs on Dataflow, Flink and Spark with Beam's
// --runner flag (see the README).
//
// Both outputs are written on every run, empty when no line goes there,
// so that no file of an earlier run is left to be taken for this one's.
// At the end it prints the counts: lines read, valid, invalid, unique.
// Every line read is counted as valid or invalid; a file that cannot be
// read, and an --input that matches no file, fail the pipeline. Exit status: 0 when the pipeline ran, 1 when
// it failed, 2 on a usage error, 3 when the share of invalid lines is
// above --max-invalid.
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/irikit/iri"
	beamiri "github.com/irikit/iri/beam"
	"github.com/irikit/iri/scanner"
)

var (
	input      = flag.String("input", "", "the files to read, one reference a line: a path or glob, local or on any Beam filesystem (required)")
	output     = flag.String("output", "", "the prefix of the outputs: PREFIX-valid and PREFIX-invalid (required)")
	ruleName   = flag.String("rule", "IRI-reference", "the ABNF rule each line must match")
	level      = flag.String("level", "syntax", "normalization: syntax (case, percent-encoding, dot segments) or scheme (also default ports, empty paths, IDN hosts)")
	uri        = flag.Bool("uri", false, "write the URI form (RFC 3986 6.2.2): non-ASCII percent-encoded, IDN hosts as A-labels")
	noDedupe   = flag.Bool("no-dedupe", false, "keep every normalized reference, equal ones too")
	maxInvalid = flag.Float64("max-invalid", 1, "exit with status 3 when the share of invalid lines is above this (0 to 1)")
)

func init() {
	register.Function1x1(invalidJSON)
	register.DoFn3x0[context.Context, string, func(string)](&readFn{})
}

var linesRead = beam.NewCounter("linkclean", "lines")

// readFn counts the lines read.
type readFn struct{}

// ProcessElement counts and passes on one line.
func (f *readFn) ProcessElement(ctx context.Context, s string, emit func(string)) {
	linesRead.Inc(ctx, 1)
	emit(s)
}

// invalidRecord is a line of the invalid output.
type invalidRecord struct {
	beamiri.Invalid
	InputBase64 string `json:"input_base64,omitempty"`
}

// invalidJSON writes an Invalid as a JSON line; JSON strings cannot carry
// bytes that are not UTF-8, so such an input is also given in base64.
func invalidJSON(in beamiri.Invalid) string {
	rec := invalidRecord{Invalid: in}
	if !utf8.ValidString(in.Input) {
		rec.InputBase64 = base64.StdEncoding.EncodeToString([]byte(in.Input))
	}
	b, _ := json.Marshal(rec)
	return string(b)
}

// truncate makes name, on any Beam filesystem, an empty file.
func truncate(ctx context.Context, name string) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	return w.Close()
}

func usage(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "linkclean: "+format+"\n", args...)
	os.Exit(2)
}

func main() {
	flag.Parse()
	beam.Init()
	rule, ok := scanner.ParseRule(*ruleName)
	var n iri.Normalizer
	switch {
	case *input == "" || *output == "":
		usage("--input and --output are required")
	case !ok:
		usage("unknown --rule %q", *ruleName)
	case !(*maxInvalid >= 0 && *maxInvalid <= 1):
		usage("--max-invalid must be between 0 and 1")
	case *level == "syntax":
	case *level == "scheme":
		n.Level = iri.LevelScheme
	default:
		usage("unknown --level %q (want syntax or scheme)", *level)
	}
	n.URI = *uri

	// No file to read is a failure, not an empty result.
	ctx := context.Background()
	fs, err := filesystem.New(ctx, *input)
	if err != nil {
		fmt.Fprintf(os.Stderr, "linkclean: --input: %v\n", err)
		os.Exit(1)
	}
	files, err := fs.List(ctx, *input)
	fs.Close()
	if err != nil || len(files) == 0 {
		fmt.Fprintf(os.Stderr, "linkclean: --input %s: no file to read (%v)\n", *input, err)
		os.Exit(1)
	}

	// Each output is written only when it gets a line (textio.Write), so
	// an empty one would keep what an earlier run left: start both empty.
	validOut, invalidOut := *output+"-valid.txt", *output+"-invalid.jsonl"
	for _, name := range []string{validOut, invalidOut} {
		if err := truncate(ctx, name); err != nil {
			fmt.Fprintf(os.Stderr, "linkclean: --output: %v\n", err)
			os.Exit(1)
		}
	}

	p, s := beam.NewPipelineWithRoot()
	lines := beam.ParDo(s, &readFn{}, textio.Read(s, *input))
	valid, bad := beamiri.Validate(s, lines, rule, false)
	clean, bad2 := beamiri.Normalize(s, valid, n)
	if !*noDedupe {
		var bad3 beam.PCollection
		clean, bad3 = beamiri.Dedupe(s, clean)
		bad2 = beam.Flatten(s, bad2, bad3)
	}
	textio.Write(s, validOut, clean)
	textio.Write(s, invalidOut, beam.ParDo(s, invalidJSON, beam.Flatten(s, bad, bad2)))

	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		fmt.Fprintf(os.Stderr, "linkclean: the pipeline failed: %v\n", err)
		os.Exit(1)
	}
	counts := map[string]int64{}
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			counts[c.Key.Name] += c.Result()
		}
	}
	read := counts["lines"]
	nInvalid := counts["validate.invalid"] + counts["normalize.invalid"] + counts["dedupe.invalid"]
	nValid := counts["normalize.ok"] - counts["dedupe.invalid"]
	written := counts["dedupe.unique"]
	if *noDedupe {
		written = nValid
	}
	fmt.Printf("linkclean: %d lines: %d valid, %d invalid; %d written to %s-valid\n", read, nValid, nInvalid, written, *output)
	if nValid+nInvalid != read {
		fmt.Fprintf(os.Stderr, "linkclean: %d lines read but %d counted (the runner reported no metrics?)\n", read, nValid+nInvalid)
	}
	if read > 0 && float64(nInvalid)/float64(read) > *maxInvalid {
		fmt.Fprintf(os.Stderr, "linkclean: %d of %d lines invalid, above --max-invalid %v\n", nInvalid, read, *maxInvalid)
		os.Exit(3)
	}
}
