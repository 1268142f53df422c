package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"syscall"

	"github.com/irikit/iri"
	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK      = 0 // every input valid
	exitInvalid = 1 // some input invalid
	exitError   = 2 // usage, input or output error
)

// maxJobs bounds --jobs: each job holds two chunks of input and output
// and a worker, so a number past the cores there are only costs memory
// (--jobs 99999999999 once died allocating them).
const maxJobs = 256

// defaultMaxLine is --max-line's default: far longer than any reference
// in use (browsers stop at 2 MiB), short enough that a stream without LFs
// (/dev/zero) costs a bounded amount of memory.
const defaultMaxLine = 64 << 20

//go:generate go test -run ^TestDocUpToDate$ -update-doc

// commands is the table of subcommands, in the order of the help text.
var commands = []*command{
	cmdParse, cmdCheck, cmdToURI, cmdToIRI,
	cmdResolve, cmdRelativize, cmdNormalize, cmdKey, cmdCompare,
	cmdLint, cmdDisplay, cmdWHATWG, cmdInterop, cmdGenerate, cmdScore, cmdServe,
}

// main runs the command on the process's arguments and standard streams.
func main() {
	// A closed standard output must end the command with its documented
	// status, not kill it: with SIGPIPE ignored, the write fails with
	// EPIPE instead.
	ignoreSIGPIPE()
	stop := profile(os.Getenv("IRI_CPUPROFILE"))
	status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
}

// profile writes a CPU profile of the run to the file named by
// IRI_CPUPROFILE, which is how default.pgo is made (see RELEASING.md);
// with the variable unset it does nothing. The returned function ends the
// profile.
func profile(name string) (stop func()) {
	if name == "" {
		return func() {}
	}
	f, err := os.Create(name)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "iri: IRI_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
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

// newRootCommand builds the cobra command tree from the table. The
// subcommands store their exit status in *status; any error Execute
// returns is a usage error.
func newRootCommand(stdin io.Reader, stdout, stderr io.Writer, status *int) *cobra.Command {
	f := &flags{rule: ruleFlag{iri.RuleIRIReference}}
	root := &cobra.Command{
		Use:           "iri",
		Short:         "Check, parse and convert IRI references (RFC 3987), one per line",
		Long:          helpText("root"),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return fmt.Errorf("missing subcommand (parse, check, to-uri, to-iri, resolve, relativize, normalize, key, compare, lint, display, whatwg, interop, generate, score or serve)")
		},
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetHelpFunc(func(cmd *cobra.Command, _ []string) {
		w := cmd.OutOrStdout()
		for _, c := range commands {
			if cmd.Name() == c.name() {
				writeHelp(w, c, cmd)
				return
			}
		}
		for _, t := range topics {
			if cmd.Name() == t.Name {
				io.WriteString(w, t.Long)
				return
			}
		}
		writeRootHelp(w, root)
	})
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)

	pf := root.PersistentFlags()
	pf.Var(&f.rule, "rule", "ABNF rule to check against: "+ruleNames())
	pf.BoolVar(&f.json, "json", false, "write one JSON object per input line (the input stays text unless --json-in)")
	pf.BoolVar(&f.jsonIn, "json-in", false, "read one JSON string per line, the way to give tab, CR, LF and NUL (resolve, relativize and normalize also read objects, compare reads objects)")
	pf.BoolVar(&f.allowBidi, "allow-bidi", false, "accept the bidi formatting characters RFC 3987 section 4.1 forbids")
	pf.Var(intFlag{&f.field}, "field", "the reference is this column (from 1) of each record, which is written back whole with the result as a new last column")
	pf.StringVar(&f.delim, "delimiter", "\t", `the column separator of --field: one byte, such as ","`)
	pf.BoolVar(&f.header, "header", false, "with --field, the first record of each file (its first line, or more when a quoted column holds a line break) names the columns: it gets the command's name as the new one")
	pf.BoolVar(&f.quiet, "quiet", false, "show no progress bar (one is shown on standard error when it is a terminal)")
	pf.BoolVar(&f.stats, "stats", false, "at the end, write a summary to standard error: lines valid, invalid and unreadable, errors by code and component, host kinds, schemes, top hosts, lint checks (one JSON object with --json)")
	f.maxLine.n = defaultMaxLine
	pf.Var(&f.maxLine, "max-line", "pass over, as an input error, a line longer than this, and refuse a --field record longer than this (a number of bytes, or with K or KiB, M or MiB, G or GiB, powers of 1024; 0: no limit)")
	f.jobs = min(runtime.NumCPU(), maxJobs)
	pf.Var(intFlag{&f.jobs}, "jobs", fmt.Sprintf("how many chunks of lines to work on at once, on as many cores (1 to %d); the output keeps the input's order", maxJobs))

	for _, c := range commands {
		cmd := &cobra.Command{
			Use:   c.Usage[0],
			Short: c.Short,
			Long:  c.Long,
			Args:  cobra.ArbitraryArgs,
			RunE: func(cmd *cobra.Command, args []string) error {
				if err := checkUnused(cmd, c, f); err != nil {
					return err
				}
				if f.jobs < 1 || f.jobs > maxJobs {
					return fmt.Errorf("--jobs must be from 1 to %d, not %d", maxJobs, f.jobs)
				}
				r := newLineRun(stdin, stdout, stderr)
				r.json, r.jsonIn, r.objects, r.command = f.json, f.jsonIn, c.Objects, cmd.Name()
				r.aligned, r.maxLine = f.aligned, f.maxLine.n
				if f.stats {
					r.stats = newRunStats(f.parser())
				}
				if f.field != 0 {
					delim, err := f.delimiter()
					switch {
					case f.jsonIn:
						return fmt.Errorf("--field reads columns of text: it cannot be used with --json-in")
					case err != nil:
						return err
					}
					r.cols = newColumns(f.field, delim, f.header, cmd.Name())
				}
				h, err := c.Start(f, args, r)
				if err != nil {
					return err
				}
				if h != nil {
					if r.prog = startProgress(stdout, stderr, stdin, cmd.Name(), args, f.quiet); r.prog != nil {
						r.stderr = r.prog.messages()
					}
				}
				switch {
				case h == nil:
					*status = r.status
				case f.jobs > 1:
					*status = r.parallel(args, h, f.jobs, func(wr *lineRun) (handler, error) { return c.Start(f, args, wr) })
				default:
					*status = r.files(args, h)
				}
				return nil
			},
		}
		if c.Flags != nil {
			c.Flags(cmd.Flags(), f)
		}
		root.AddCommand(cmd)
	}
	for _, t := range topics {
		root.AddCommand(&cobra.Command{Use: t.Name, Short: t.Short, Long: t.Long})
	}
	return root
}

// checkUnused refuses, as a usage error that names it and says why, a
// flag given to a command on which it has no effect, so that nobody
// believes it did something. --quiet is the one exception: it asks for
// no progress bar, which no command shows when standard error is not a
// terminal, so it is taken everywhere.
func checkUnused(cmd *cobra.Command, c *command, f *flags) error {
	set := cmd.Flags().Changed
	if c.Refuse != nil {
		if err := c.Refuse(set, f); err != nil {
			return err
		}
	}
	if c.NotRefs {
		for _, fl := range []string{"field", "delimiter", "header", "stats"} {
			if set(fl) {
				return refuse(c.name(), fl, "its input is not one reference a line")
			}
		}
	}
	switch {
	case set("field") && f.field < 1:
		return fmt.Errorf("--field must be at least 1, not %d", f.field)
	case set("delimiter") && f.field == 0:
		return fmt.Errorf("--delimiter separates the columns of --field: it needs --field")
	case set("header") && f.field == 0:
		return fmt.Errorf("--header names the columns of --field: it needs --field")
	case set("aligned") && f.json:
		return fmt.Errorf("--aligned has no effect with --json, whose records always keep their place")
	case set("aligned") && f.field != 0:
		return fmt.Errorf("--aligned has no effect with --field, which writes every record back")
	case set("base-field") && f.field == 0:
		return fmt.Errorf("--base-field needs --field: the base is column M of each record")
	case set("base") && set("base-field"):
		return fmt.Errorf("--base and --base-field exclude each other: with --base-field the base is column M of each record")
	}
	return nil
}

// refuse is the usage error of a flag that the command does not take.
func refuse(command, flag, why string) error {
	return fmt.Errorf("%s does not take --%s: %s", command, flag, why)
}

// refuseAny refuses the first of the flags that is set.
func refuseAny(command string, set func(string) bool, why string, flags ...string) error {
	for _, fl := range flags {
		if set(fl) {
			return refuse(command, fl, why)
		}
	}
	return nil
}
