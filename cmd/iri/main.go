// Command iri checks, parses and converts IRI references (RFC 3987) and
// URI references (RFC 3986), one per line, as a streaming filter.
//
// Usage:
//
//	iri parse  [--rule NAME] [--json] [--allow-bidi] [FILE...]
//	iri check  [--rule NAME] [--json] [--allow-bidi] [FILE...]
//	iri to-uri [--rule NAME] [--json] [--allow-bidi] [--idna] [--from-encoding NAME] [FILE...]
//	iri to-iri [--rule NAME] [--json] [--allow-bidi] [--idna] [FILE...]
//	iri resolve    --base IRI [--json] [FILE...]
//	iri relativize --base IRI [--json] [FILE...]
//	iri normalize  [--level syntax|scheme] [--uri] [--nfc|--nfkc] [--decode] [--no-idna] [--json] [FILE...]
//	iri compare    A B
//	iri compare    --json [FILE...]
//	iri lint       [--profile rfc3987|iuri|strict] [--severity-map FILE] [--rule NAME] [--json] [FILE...]
//	iri display    [--isolate] [--json] [FILE...]
//
// This is a contract that other programs rely on.
//
// # Input
//
// Each subcommand reads the named files in order, or standard input when
// none is named; a FILE of "-" also means standard input. Each line is one
// input: the line without its LF and without exactly one CR before it. A
// final line without an LF still counts; an empty file has no lines; an
// empty line is an input, the empty string (a valid IRI-reference). Lines
// may be of any length, and memory stays flat: it grows with the longest
// line, never with the number of lines. Lines are numbered from 1 in each
// file; standard input is named "<stdin>" in messages.
//
// With --json each line holds one JSON string (white space around it is
// allowed), decoded with encoding/json, so that any text, newlines
// included, can be given. A line that is not a JSON string (an empty line
// included) is an input error, and still yields its object, in its place:
// input is the line as it is (bytes that are not UTF-8 become U+FFFD),
// valid is false, error.offset is the byte of the line where JSON
// decoding failed (0 when the line does not start a string at all) and
// error.message says that the line is not a JSON string and why:
//
//	{"input":"http://a/","valid":false,"error":{"offset":0,"message":"<stdin>:2: the line is not a JSON string: invalid character 'h' looking for beginning of value"}}
//
// "FILE:LINE: bad JSON line: ..." also goes to standard error, the lines
// after it are processed as usual, and the exit status is 2. (encoding/json turns
// ill-formed UTF-8 and lone surrogate escapes into U+FFFD, so ill-formed
// UTF-8 cannot be checked in --json mode; use text mode for that.)
//
// # Flags
//
//	--rule NAME   the ABNF rule to check against: IRI-reference (default),
//	              IRI, absolute-IRI, irelative-ref, URI-reference, URI,
//	              absolute-URI or relative-ref; any other name is a usage error
//	--allow-bidi  accept the bidi formatting characters that RFC 3987
//	              section 4.1 forbids (iri.Parser.AllowBidi)
//	--json        JSON lines in, JSON lines out
//	--idna        to-uri: write each non-ASCII label of a reg-name host as
//	              its IDNA A-label (idna.Lookup) instead of percent-encoding
//	              it; a label IDNA rejects makes the input invalid, with
//	              the label's offset. to-iri: turn "xn--" labels into
//	              U-labels where the round trip holds (iri.Parser.IDNA)
//	--from-encoding NAME
//	              to-uri, text mode only: each input line is in the legacy
//	              encoding NAME (an IANA name: Shift_JIS, ISO-8859-1,
//	              GB18030, ...); it is converted to UCS and normalized to
//	              NFC (RFC 3987 3.1 step 1a) before it is checked and
//	              mapped, and messages show the converted text. A line the
//	              encoding cannot decode is invalid.
//
// # Output
//
// parse, text: one block per input, blocks separated by a blank line. The
// input line comes first, then one indented line per present component,
// values aligned; the path is always there, the host is followed by its
// kind in parentheses; an empty value leaves just the label ("path:").
// An invalid input gets an error line instead:
//
//	http://user@[::1]:8080/a?q#f
//	  scheme:   http
//	  userinfo: user
//	  host:     [::1] (ipv6)
//	  port:     8080
//	  path:     /a
//	  query:    q
//	  fragment: f
//
//	http://a b
//	  error: iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected ...
//
// check, text: nothing for valid inputs; for each invalid one, three
// lines: "FILE:LINE: MESSAGE", the input, and a caret under the offending
// byte (or just past the end when the input ended too soon). An input of
// more than 256 bytes is shown as an excerpt: 64 bytes on each side of
// the bytes at fault (at most 64 of those), cut at character boundaries,
// with "..." where cut; lint does the same under each violation, so that
// the output stays linear in the input:
//
//	example.txt:3: iri: invalid IRI-reference at byte offset 20 in ipath: found ' ', expected ...
//	http://例え.jp/パ ス
//	                 ^
//
// to-uri, text: the URI form (iri.IRI.URI) of each valid input, one per
// line; for an invalid input nothing on standard output and
// "FILE:LINE: MESSAGE" on standard error.
//
// to-iri, text: likewise, the IRI form (RFC 3987 section 3.2,
// iri.IRI.AppendIRI) of each valid input: %HH decoded where that is safe,
// everything else kept.
//
// In text output, inputs and component values are shown in display form:
// printable characters as they are, a backslash as \\, \a \b \f \n \r \t
// \v as such, other ASCII controls and bytes of ill-formed UTF-8 as \xhh,
// other non-printable characters (such as the bidi marks, U+FEFF and
// private-use characters) as \uhhhh or \Uhhhhhhhh. The caret column is
// counted in terminal cells: 2 for East Asian Wide and Fullwidth
// characters, 0 for combining marks, one per byte of an escape, 1 for
// anything else.
//
// JSON (--json), all subcommands: one object per input line, in input
// order, valid or not, on one line, without HTML escaping. A valid input:
//
//	{"input":"http://[::1]/a?","valid":true,"scheme":"http","userinfo":null,"host":"[::1]","port":null,"path":"/a","query":"","fragment":null,"host_kind":"ipv6"}
//
// Members, in this order: input, valid, scheme, userinfo, host, port,
// path, query, fragment, host_kind, and for to-uri only uri, for to-iri
// only iri. scheme,
// userinfo, host, port, query and fragment are each a string, "" when
// present but empty (as the query of "http://h?"), or null when absent
// (as the query of "http://h"); path is always a string; host keeps the
// brackets of an IP-literal, and port is a string. host_kind is one of
// "reg-name", "ipv4", "ipv6" and "ipvfuture", or null when there is no
// authority, and host is null then too. An invalid input has only input,
// valid and error: error.offset is the byte offset in the input of the
// first offending byte (the input's length if it ended too soon), and
// error.message the library's error text:
//
//	{"input":"http://a b","valid":false,"error":{"offset":8,"message":"iri: invalid IRI-reference at byte offset 8 in iauthority: found ' ', expected ..."}}
//
// # Resolve, relativize, normalize, compare
//
// resolve prints, one per line, the target of each input reference
// resolved against --base (RFC 3986 5.2, iri.IRI.Resolve); relativize
// prints the shortest reference that resolves against --base to each
// input (iri.IRI.Relativize). --base must be an absolute IRI. normalize
// prints the normal form of each input (iri.Normalizer): --level syntax
// (the default: case, percent-encoding, dot segments) or scheme (also
// empty and default ports, empty paths, IDN hosts); --uri the URI-level
// form (IDN hosts as A-labels); --nfc or --nfkc a Unicode form first;
// --decode the %HH of non-ASCII characters decoded as to-iri does;
// --no-idna leaves IDN hosts as they are at the scheme level (the RFC
// 3986 6.2.3 form, which has no IDNA step). In
// text mode an invalid input gets "FILE:LINE: MESSAGE" on standard error
// (prefixed "base: " when the base is at fault).
//
// compare A B prints the first rung of the RFC 3987 5.3 ladder at which
// A and B are equal: "simple", "syntax" or "scheme", or "none"; the exit
// status is 0 when they are equal, 1 when they are not or one is invalid.
//
// With --json these read, besides JSON strings, JSON objects: resolve and
// relativize {"input": REF, "base": IRI} (the base member wins over
// --base, which may then be left out), compare {"input": A, "other": B}.
// They write one object per input:
//
//	{"input":"g","base":"http://x/y/z","valid":true,"resolved":"http://x/y/g"}
//	{"input":"http://a/b/g","valid":true,"relative":"../g"}
//	{"input":"HTTP://h/%7e","valid":true,"normalized":"http://h/~"}
//	{"input":"http://a/","other":"http://b/","valid":true,"equal":false,"rung":null}
//
// base appears when the input object had one. An invalid input, base or
// other gives "valid": false and "error" as parse does, its message
// prefixed "base: " or "other: " when the fault is there.
//
// # Lint and display
//
// lint reports what each input breaks beyond the grammar (lint.Lint):
// the bidi rules of RFC 3987 section 4, the characters of 6.1, 7.5 and
// 8, normalization (5.3.2.2), percent-encoding hazards (6.4) and the
// RFC 3986 and scheme rules they rely on. Each violation has a stable
// code, a severity (error, warning or info) from the profile: rfc3987
// (the default; the RFC's MUST is an error, SHOULD a warning, MAY info),
// iuri (private-use and tag characters and text not in NFC are errors
// too) or strict (every warning an error). --severity-map FILE reads a
// JSON object that overrides any code's severity, "off" silencing it:
//
//	{"bidi-mixed": "error", "userinfo": "off"}
//
// An unknown code or severity, or an unreadable file, is a usage error.
// An input that does not match --rule gets one violation, code "syntax".
//
// In text mode nothing is printed for a clean input; each violation
// gives three lines: "FILE:LINE: SEVERITY CODE at byte OFFSET in
// COMPONENT: MESSAGE" (the message cites the section; " in COMPONENT"
// is left out when the violation is about the whole reference), the
// input in display form, and carets under the bytes at fault:
//
//	example.txt:4: warning bidi-number-edge at byte 20 in ipath: RFC 3987 4.2, 4.4 example 8: ...
//	http://ab.cd.ef/גה1/2טי/x.html
//	                  ^
//
// With --json, one object per input with the violations in order of
// offset, [] when there are none:
//
//	{"input":"http://h:80/","valid":true,"violations":[{"code":"default-port","severity":"info","offset":8,"length":3,"component":"port","message":"RFC 3986 6.2.3: the scheme's default port SHOULD be omitted"}]}
//
// valid is false only when the input does not match the rule. lint exits
// 1 when any violation has severity error, 0 otherwise (2 as below).
//
// display prints each input as it is safe to show to a person
// (lint.Display): safe %HH decoded, bidi formatting, invisible and
// look-alike characters percent-encoded, components that break the
// section 4.2 rules mapped to URI notation, confusable host labels as
// A-labels. --isolate wraps the IRI in LRI and PDI and each
// right-to-left component in RLI and PDI (lint.DisplayIsolated). An
// invalid input is shown with every byte outside printable ASCII
// percent-encoded, and makes the exit status 1. With --json:
//
//	{"input":"http://pаypal.example/","valid":true,"display":"http://xn--pypal-4ve.example/"}
//
// # Exit status
//
// 0 when every input is valid, 1 when at least one is invalid, 2 on a
// usage error (unknown subcommand, flag or rule) or an input or output
// error (unreadable file, bad JSON line, failed write), which wins over 1.
// A file that cannot be read is reported on standard error and the
// remaining files are still processed. When standard output is closed
// before the command is done (iri parse big.txt | head -1), the command
// stops at once, quietly, with status 2: its output is incomplete, which
// is an output error, but the reader that closed it asked for no more, so
// nothing is said (the process is not killed by SIGPIPE, status 141).
//
// Standard output is buffered, and flushed at the end and whenever the
// input has nothing more buffered, so that a program can also feed the
// command one line at a time through a pipe and read each answer.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"github.com/irikit/iri"
	"github.com/spf13/cobra"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/unicode/norm"
)

// lookupEncoding finds a legacy encoding by its IANA name or alias.
func lookupEncoding(name string) (encoding.Encoding, error) {
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unknown or unsupported encoding %q (want an IANA name such as Shift_JIS, ISO-8859-1 or GB18030)", name)
	}
	return enc, nil
}

// mustEncoding is lookupEncoding for a name already checked; "" is nil.
func mustEncoding(name string) encoding.Encoding {
	if name == "" {
		return nil
	}
	enc, _ := lookupEncoding(name)
	return enc
}

// Exit statuses.
const (
	exitOK      = 0 // every input valid
	exitInvalid = 1 // some input invalid
	exitError   = 2 // usage, input or output error
)

// mode is the subcommand being run.
type mode int

// The subcommands.
const (
	modeParse mode = iota
	modeCheck
	modeToURI
	modeToIRI
)

// ruleNames lists the names --rule accepts, in the order of the help text.
func ruleNames() string {
	var names []string
	for _, r := range iri.Rules() {
		names = append(names, r.String())
	}
	return strings.Join(names, ", ")
}

// ruleFlag is the pflag.Value behind --rule: an unknown name fails at flag
// parsing, which makes it a usage error.
type ruleFlag struct{ rule iri.Rule }

// String returns the ABNF name of the rule.
func (f *ruleFlag) String() string { return f.rule.String() }

// Set sets the rule by its ABNF name.
func (f *ruleFlag) Set(name string) error {
	r, ok := iri.ParseRuleName(name)
	if !ok {
		return fmt.Errorf("unknown rule %q (want one of %s)", name, ruleNames())
	}
	f.rule = r
	return nil
}

// Type names the flag's value in the help text.
func (f *ruleFlag) Type() string { return "NAME" }

// options holds the flags common to all subcommands.
type options struct {
	rule      ruleFlag
	json      bool
	allowBidi bool
	idna      bool   // to-uri and to-iri only
	fromEnc   string // to-uri only: the legacy encoding of the input lines
}

// main runs the command on the process's arguments and standard streams.
func main() {
	// A closed standard output must end the command with its documented
	// status, not kill it: with SIGPIPE ignored, the write fails with
	// EPIPE instead.
	ignoreSIGPIPE()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// reportWriteError says on stderr that standard output failed, but for
// a closed pipe: its reader asked for no more.
func reportWriteError(stderr io.Writer, err error) {
	if errors.Is(err, syscall.EPIPE) {
		return
	}
	fmt.Fprintf(stderr, "iri: writing output: %v\n", err)
}

// run is the whole command, minus the process: it parses args (without
// the program name), runs the subcommand on stdin or the named files, and
// returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if args == nil {
		args = []string{} // nil would make cobra read os.Args
	}
	status := exitOK
	root := newRootCommand(stdin, stdout, stderr, &status)
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		fmt.Fprintf(stderr, "iri: %v\nRun 'iri --help' for usage.\n", err)
		return exitError
	}
	return status
}

// newRootCommand builds the cobra command tree. The subcommands store
// their exit status in *status; any error Execute returns is a usage
// error.
func newRootCommand(stdin io.Reader, stdout, stderr io.Writer, status *int) *cobra.Command {
	opts := &options{rule: ruleFlag{iri.RuleIRIReference}}
	root := &cobra.Command{
		Use:   "iri",
		Short: "Check, parse and convert IRI references (RFC 3987), one per line",
		Long: `iri checks, parses and converts IRI references (RFC 3987) and URI
references (RFC 3986), one per line, read from the named files or from
standard input ("-" also means standard input).

Exit status: 0 if every input is valid, 1 if some input is invalid,
2 on a usage, input or output error.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("missing subcommand (parse, check, to-uri, to-iri, resolve, relativize, normalize, compare, lint or display)")
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)

	pf := root.PersistentFlags()
	pf.Var(&opts.rule, "rule", "ABNF rule to check against: "+ruleNames())
	pf.BoolVar(&opts.json, "json", false, "read one JSON string per line, write one JSON object per line")
	pf.BoolVar(&opts.allowBidi, "allow-bidi", false, "accept the bidi formatting characters RFC 3987 section 4.1 forbids")

	sub := func(m mode, use, short string) *cobra.Command {
		return &cobra.Command{
			Use:   use + " [FILE...]",
			Short: short,
			Args:  cobra.ArbitraryArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				if opts.fromEnc != "" && opts.json {
					return fmt.Errorf("--from-encoding reads text lines; it cannot be used with --json")
				}
				if opts.fromEnc != "" {
					if _, err := lookupEncoding(opts.fromEnc); err != nil {
						return err
					}
				}
				*status = process(m, opts, args, stdin, stdout, stderr)
				return nil
			},
		}
	}
	toURI := sub(modeToURI, "to-uri", "Print the URI form of each valid reference")
	toURI.Flags().BoolVar(&opts.idna, "idna", false, "write non-ASCII host labels as IDNA A-labels (xn--) instead of percent-encoding them")
	toURI.Flags().StringVar(&opts.fromEnc, "from-encoding", "", "the input lines are in this legacy encoding (an IANA name such as Shift_JIS, ISO-8859-1 or GB18030): convert to UCS and NFC first (RFC 3987 3.1 step 1a)")
	toIRI := sub(modeToIRI, "to-iri", "Print the IRI form of each valid reference, decoding %HH where safe")
	toIRI.Flags().BoolVar(&opts.idna, "idna", false, "turn xn-- host labels into U-labels where that is safe")
	root.AddCommand(
		sub(modeParse, "parse", "Print the components of each reference"),
		sub(modeCheck, "check", "Report the invalid references, with a caret under the error"),
		toURI,
		toIRI,
	)
	addOpCommands(root, opts, stdin, stdout, stderr, status)
	addLintCommands(root, opts, stdin, stdout, stderr, status)
	return root
}

// lineRun is what every run over input files shares: the streams, the
// line reader, and what happened so far.
type lineRun struct {
	stdin   io.Reader
	out     *bufio.Writer
	stderr  io.Writer
	lines   *lineReader
	invalid bool  // some input was invalid
	failed  bool  // an input error was reported
	werr    error // the first write error, which stops the run
}

func newLineRun(stdin io.Reader, stdout, stderr io.Writer) lineRun {
	return lineRun{stdin: stdin, out: bufio.NewWriterSize(stdout, 64<<10), stderr: stderr, lines: newLineReader(readBufferSize)}
}

// files calls perLine on each line of the named files, or of stdin if
// none, as file does, and returns the exit status.
func (r *lineRun) files(names []string, perLine func(display string, n int, line []byte) (bad bool, werr error)) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		failed, werr := r.file(name, perLine)
		r.failed = r.failed || failed
		if r.werr = werr; werr != nil {
			break
		}
	}
	if r.werr == nil {
		r.werr = r.out.Flush()
	}
	switch {
	case r.werr != nil:
		reportWriteError(r.stderr, r.werr)
		return exitError
	case r.failed:
		return exitError
	case r.invalid:
		return exitInvalid
	}
	return exitOK
}

// runner holds the state of one run of parse, check, to-uri or to-iri.
type runner struct {
	lineRun
	mode    mode
	json    bool
	parser  iri.Parser
	enc     encoding.Encoding // --from-encoding, or nil
	encName string
	form    *formatter
	msg     []byte
}

// process runs subcommand m over the named files, or stdin if none, and
// returns the exit status.
func process(m mode, opts *options, files []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r := &runner{
		lineRun: newLineRun(stdin, stdout, stderr),
		mode:    m,
		json:    opts.json,
		parser:  iri.Parser{Rule: opts.rule.rule, AllowBidi: opts.allowBidi, IDNA: opts.idna},
		enc:     mustEncoding(opts.fromEnc),
		encName: opts.fromEnc,
	}
	r.form = newFormatter(m, r.out)
	return r.files(files, r.line)
}

// line processes one input line. A bad JSON line is reported, as its
// own record.
func (r *runner) line(display string, n int, line []byte) (bool, error) {
	var s string
	if r.json {
		var err error
		if s, err = r.jsonLine(display, n, line); err != nil {
			return false, r.badJSONLine(display, n, line, err)
		}
	} else if r.enc != nil {
		// RFC 3987 3.1 step 1a: legacy text to UCS, then NFC.
		u, err := r.enc.NewDecoder().Bytes(line)
		if err != nil {
			fmt.Fprintf(r.stderr, "%s:%d: cannot decode from %s: %v\n", display, n, r.encName, err)
			r.invalid = true
			return false, nil
		}
		s = norm.NFC.String(string(u))
	} else {
		// The string aliases the line buffer: it and everything derived
		// from it (the IRI, the error's Input) is used only within this
		// call, before the buffer is reused.
		s = unsafe.String(unsafe.SliceData(line), len(line))
	}
	return false, r.input(display, n, s)
}

// jsonLine decodes a --json input line, one JSON string.
func (r *lineRun) jsonLine(display string, n int, line []byte) (string, error) {
	return decodeJSONLine(line)
}

// badJSONLine reports an input line that --json cannot read: on standard
// error, and as the line's own record on standard output, after which the
// run goes on with the next line. It returns a write error.
func (r *lineRun) badJSONLine(display string, n int, line []byte, err error) error {
	fmt.Fprintf(r.stderr, "%s:%d: bad JSON line: %v\n", display, n, err)
	r.failed = true
	off := 0
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = int(se.Offset)
	}
	msg := display + ":" + strconv.Itoa(n) + ": the line is not a JSON string"
	if err != errNotJSONString {
		msg += ": " + err.Error()
	}
	enc := json.NewEncoder(r.out)
	enc.SetEscapeHTML(false)
	return enc.Encode(jsonInvalid{Input: string(line), Error: jsonError{Offset: off, Message: msg}})
}

// file calls fn on each line of file name ("-" for stdin), with the name
// to show in messages and the line number. It flushes
// out before each read that may block, so that a program feeding the
// command one line at a time through a pipe gets its answer (when the
// input is a file this happens once per read buffer). An unreadable file
// or a read error is reported on stderr and ends the file, as does fn
// reporting a bad input line; failed says whether either happened. werr
// is the first write error, which ends everything.
func (r *lineRun) file(name string, fn func(display string, n int, line []byte) (bad bool, werr error)) (failed bool, werr error) {
	lr := r.lines
	display := name
	if name == "-" {
		display = "<stdin>"
		lr.reset(r.stdin)
	} else {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(r.stderr, "iri: %v\n", err)
			return true, nil
		}
		defer f.Close()
		lr.reset(f)
	}
	defer lr.reset(nil) // drop the reference to the file
	for n := 1; ; n++ {
		if lr.buffered() == 0 {
			if werr = r.out.Flush(); werr != nil {
				return false, werr
			}
		}
		line, err := lr.next()
		if err == io.EOF {
			return false, nil
		}
		if err != nil {
			fmt.Fprintf(r.stderr, "iri: %s: %v\n", display, err)
			return true, nil
		}
		bad, werr := fn(display, n, line)
		if werr != nil || bad {
			return bad, werr
		}
	}
}

// input parses one input and writes its result; it returns a write error.
func (r *runner) input(file string, line int, s string) error {
	u, err := r.parser.Parse(s)
	if err == nil {
		// The conversion. With --idna it goes through the parser again
		// and can fail on its own; without, the parsed IRI has all it
		// needs.
		conv := r.form.conv[:0]
		switch {
		case r.mode == modeToURI && r.parser.IDNA:
			conv, err = r.parser.AppendURI(conv, s)
		case r.mode == modeToIRI && r.parser.IDNA:
			conv, err = r.parser.AppendIRI(conv, s)
		case r.mode == modeToURI:
			conv = u.AppendURI(conv)
		case r.mode == modeToIRI:
			conv = u.AppendIRI(conv)
		}
		r.form.conv = conv
	}
	var e *iri.Error
	if err != nil {
		e = asIRIError(err, s)
		r.invalid = true
	}
	switch {
	case r.json:
		return r.form.writeJSON(s, u, e)
	case r.mode == modeParse:
		return r.form.writeParse(s, u, e)
	case e == nil && (r.mode == modeToURI || r.mode == modeToIRI):
		return r.form.writeConv()
	case e == nil:
		return nil
	case r.mode == modeCheck:
		return r.form.writeCheck(file, line, s, e)
	}
	// to-uri and to-iri, invalid: the message goes to stderr.
	r.msg = appendLocation(r.msg[:0], file, line)
	r.msg = append(r.msg, e.Error()...)
	r.msg = append(r.msg, '\n')
	r.stderr.Write(r.msg)
	return nil
}
