// Command iri checks, parses and converts IRI references (RFC 3987) and
// URI references (RFC 3986), one per line, as a streaming filter.
//
// Usage:
//
//	iri parse  [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]
//	iri check  [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]
//	iri to-uri [--rule NAME] [--json] [--json-in] [--allow-bidi] [--idna] [--from-encoding NAME] [--aligned] [FILE...]
//	iri to-iri [--rule NAME] [--json] [--json-in] [--allow-bidi] [--idna] [--aligned] [FILE...]
//	iri resolve    --base IRI [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]
//	iri resolve    --field N --base-field M [--delimiter C] [--header] [...] [FILE...]
//	iri relativize --base IRI [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]
//	iri relativize --field N --base-field M [--delimiter C] [--header] [...] [FILE...]
//	iri normalize  [--level syntax|scheme] [--uri] [--nfc|--nfkc] [--decode] [--no-idna] [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]
//	iri key        [--rule NAME] [--json] [--json-in] [--allow-bidi] [--aligned] [FILE...]
//	iri compare    [--rule NAME] [--json] [--allow-bidi] A B
//	iri compare    --json-in [--rule NAME] [--json] [--allow-bidi] [--aligned] [FILE...]
//	iri lint       [--profile rfc3987|iuri|strict|interop] [--severity-map FILE] [--max-violations N] [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]
//	iri display    [--isolate] [--rule NAME] [--json] [--json-in] [--allow-bidi] [FILE...]
//	iri whatwg     [--base URL] [--json] [--json-in] [--aligned] [FILE...]
//	iri interop    [--base URL] [--request-target] [--json] [--json-in] [FILE...]
//	iri generate   [--rule NAME] [--n N] [--seed S] [--invalid RATE] [--script NAME] [--max-len L] [--iprivate] [--mutation NAME...] [--json]
//	iri generate   --dict [--corpus DIR]
//	iri generate   --corpus DIR [--n N] [...]
//	iri score      [--json] [FILE...]
//
// Every command but compare, interop, generate and score also takes --field N
// [--delimiter C] [--header] (resolve and relativize: --base-field M,
// the base's column, instead of --base), --stats, --max-line SIZE and
// --jobs N; compare --json-in and score take --max-line and --jobs;
// every command takes --quiet. A flag that has no effect on the command
// as given is a usage error (below).
//
// This is a contract that other programs rely on.
//
// # Input
//
// Each subcommand reads the named files in order, or standard input when
// none is named; a FILE of "-" also means standard input. Each line is
// one input: the line without its LF and without exactly one CR before
// it. A final line without an LF still counts; an empty file has no
// lines; an empty line is an input, the empty string (a valid
// IRI-reference). A UTF-8 byte order mark (EF BB BF) at the start of a
// file, which Windows tools write, is skipped: it is no part of the first
// line (JSON text has none, RFC 8259 8.1, but one is skipped there too),
// and a file that holds only a BOM has no lines, as an empty file has;
// anywhere else U+FEFF is part of its line. Memory stays flat: it grows
// with the longest line, never with the number of lines. A line may be as
// long as --max-line (64 MiB by default); a longer one (without its LF
// and one CR) is passed over without being kept, so that a stream without
// LFs such as /dev/zero costs a bounded amount of memory: "FILE:LINE: the
// line is longer than --max-line (N bytes); passed over" goes to standard
// error, the exit status is 2 as for a bad JSON line, and the line keeps
// its place: with --json it gets its record, whose input is "" and whose
// error.offset is N, with --aligned an empty line, and with --field an
// empty record with its new cell (the line cannot be written back, as it
// was not kept): the delimiter, then nothing in text, the record above
// with --json, the command's name for a --header line. Lines are numbered
// from 1 in each file; standard input is named "<stdin>" in messages.
//
// --json chooses the output (JSON records, below) and nothing else: the
// input stays text. With --json-in each line holds one JSON string
// instead (white space around it is allowed), decoded with encoding/json,
// so that any text, tab, CR, LF and NUL included, can be given; use
// --json-in --json for JSON in and out. A line that is not a JSON string
// (an empty line included) is an input error: "FILE:LINE: bad JSON line:
// not a JSON string" goes to standard error, followed by ": " and why
// when JSON decoding failed past the opening quote; the lines after it
// are processed as usual, and the exit status is 2. With --json it still
// yields its object, in its place: input is the line as it is (bytes
// that are not UTF-8 become U+FFFD), valid is false, error.offset is the
// byte of the line where JSON decoding failed (0 when the line does not
// start a string at all) and error.message "FILE:LINE: the line is not a
// JSON string" and why, as on standard error (this is the output of
// printf '"http://a/"\nhttp://a/\n"http://a/\n' | iri check --json-in --json,
// but for its first line):
//
//	{"input":"http://a/","valid":false,"error":{"offset":0,"message":"<stdin>:2: the line is not a JSON string"}}
//	{"input":"\"http://a/","valid":false,"error":{"offset":10,"message":"<stdin>:3: the line is not a JSON string: unexpected end of JSON input"}}
//
// The commands that also read objects (below) say what they read instead
// of "a JSON string": "a JSON string or an object with an "input"
// string" (resolve and relativize with --base, normalize), "a JSON
// object with "input" and "base" strings" (resolve and relativize
// without --base) and "a JSON object with "input" and "other" strings"
// (compare).
//
// (encoding/json turns ill-formed UTF-8 and lone surrogate escapes into
// U+FFFD, so ill-formed UTF-8 cannot be checked with --json-in; use text
// input for that.)
//
// # Flags
//
//	--rule NAME   the ABNF rule to check against: IRI-reference (default),
//	              IRI, absolute-IRI, irelative-ref, URI-reference, URI,
//	              absolute-URI or relative-ref; any other name is a usage error
//	--allow-bidi  accept the bidi formatting characters that RFC 3987
//	              section 4.1 forbids (iri.Parser.AllowBidi)
//	--json        write one JSON object per input line (JSON output; the
//	              input stays text)
//	--json-in     read one JSON string per line (JSON input; resolve,
//	              relativize and normalize also read objects, compare
//	              reads objects); not with --field or --from-encoding
//	--field N     the reference is column N (from 1) of each line, split
//	              at --delimiter (a tab by default; one byte, such as
//	              ","; a column that starts with '"' is read as RFC 4180
//	              quotes it, and must end at its closing quote: a record
//	              with text between a closing quote and the delimiter or
//	              the end of the record, in any column, is refused as
//	              encoding/csv refuses it, "FILE:LINE: field K: text
//	              after the closing quote at byte B of line L", and
//	              written back with an empty new cell as a line without
//	              column N is). Every line is written back whole, with
//	              the command's result as a new last column: for parse
//	              and check "ok" or the error message, for lint the code
//	              of each check its violations break, once, in order of
//	              the first one's offset, followed by ":N" when it has N
//	              > 1, separated by spaces ("bidi-mixed:3 default-port";
//	              codes hold only a-z, 0-9 and '-'), so that the cell
//	              stays small however long the line, for the others their
//	              one-line result (empty when the reference is invalid,
//	              the message going to standard error as usual); with
//	              --json the command's JSON record. --field reads text:
//	              it does not take --json-in. The new column is quoted as
//	              RFC 4180 says when it holds the delimiter, a line break
//	              or (with ",") a '"'. A line without column N is written
//	              back with an empty one (with --json, the record of a
//	              line that cannot be read: input "", valid false,
//	              error.offset 0, error.message the message), reported on
//	              standard error, and makes the exit status 2. A record
//	              is a line, or more when a quoted column holds a line
//	              break (RFC 4180 2.6; the line breaks come back as LF):
//	              it is written back whole, its new column after its last
//	              line. A quoted column the file does not close (or that
//	              a line over --max-line cuts) is reported with its line
//	              and byte, and its lines are written back as they are,
//	              without a new column (exit status 2). A record may be
//	              as long as --max-line, as a line may (its lines without
//	              their line breaks, and a byte for each break between
//	              them): one that grows longer is refused at the line
//	              that makes it so, "record longer than --max-line",
//	              reported and written back in the same way, and the next
//	              line starts a record: a record costs about --max-line
//	              of memory at most, on any --jobs. --header: the first
//	              record of each file names the columns, and gets the
//	              command's name. resolve and relativize also take
//	              --base-field M: the base is column M (not with --base).
//	              compare, score and generate do not take --field.
//	--stats       at the end, write a summary to standard error: lines
//	              ("iri check: 1 line: ...", "2 lines"; with --field the
//	              records, under the same word and JSON member "lines", a
//	              record of several lines counting once), each one valid,
//	              invalid or unreadable (a bad JSON line, a line over
//	              --max-line, a line --from-encoding cannot decode, a
//	              --field record without its column or with text after a
//	              closing quote), errors by code and by component, host
//	              kinds, schemes and the top hosts (lowercased), and for
//	              lint the violations by check and severity; with --json,
//	              as one JSON object. Validity is --rule's, as check has
//	              it. Schemes and hosts are counted in a summary of 1,024
//	              names (Space-Saving), so memory stays flat: counts are
//	              exact while there are at most that many distinct names
//	              ("schemes_exact", "hosts_exact"), upper bounds after,
//	              at most lines/1,024 too high. The names reach the
//	              summary in input order whatever --jobs, so the summary
//	              is the same with any. A name over 256 bytes is kept as
//	              its first 256 bytes or less, "…" and "[N bytes #H]",
//	              H a hash of the whole in hex.
//	              compare, score and generate do not take --stats.
//	--quiet       show no progress. When standard error is a terminal
//	              and standard output is not (the results go to a file or
//	              a pipe), a line command shows a progress bar there: bytes read of
//	              the files' total size, MB/s, lines and lines/s, the time
//	              elapsed and left; when the size is unknown (a pipe), a
//	              running count. It is redrawn ten times a second, and
//	              cleared only before a message on standard error.
//	--max-line SIZE
//	              the longest line read (above), and --field record, in
//	              bytes or with K, k or KiB, M or MiB, G or GiB (powers of
//	              1,024; 64MiB by default; 0: no limit)
//	--jobs N      work on N chunks of lines at once, on as many cores
//	              (1 to 256, more is a usage error; default: the number of
//	              CPUs, at most 256); the output, on both
//	              streams, is the same as with --jobs 1, in input order,
//	              and memory stays flat: a chunk's output past 1 MiB is
//	              written as it comes (waiting for the chunk's turn);
//	              --jobs 1 reads, works and writes one line at a time
//	--aligned     to-uri, to-iri, resolve, relativize, normalize, key and
//	              compare --json-in (display always does it): one output
//	              line per input line, an empty one for an invalid input
//	              or a line that cannot be read (its message still goes
//	              to standard error), so that output line N is input line
//	              N's result, as the records of --json always are (not
//	              with --json or --field, whose output keeps its place)
//	--idna        to-uri: write each non-ASCII label of a reg-name host as
//	              its IDNA A-label (idna.Lookup) instead of percent-encoding
//	              it; a label IDNA rejects makes the input invalid, with
//	              the label's offset. to-iri: turn "xn--" labels into
//	              U-labels where the round trip holds (iri.Parser.IDNA)
//	--from-encoding NAME
//	              to-uri, text input only: each input line is in the
//	              legacy encoding NAME (an IANA name: Shift_JIS,
//	              ISO-8859-1, GB18030, ...); it is converted to UCS and
//	              normalized to NFC (RFC 3987 3.1 step 1b) before it is
//	              checked and mapped, as iri.Parser.AppendURIFrom does
//	              it: each run of text between delimiters and %HH on its
//	              own, so that NFC composes no delimiter away ("=" and
//	              U+0338 stay), and ASCII that NFC makes of a character
//	              (";" of U+037E) percent-encoded; messages show the
//	              converted text. Lines, and --field's columns, are split
//	              before they are decoded, so NAME must be
//	              ASCII-compatible: each ASCII byte stands for itself,
//	              both ways, and no multi-byte character holds an LF or a
//	              CR. UTF-16, UTF-32, EBCDIC (IBM037, ...) and the
//	              stateful ISO-2022-JP and HZ-GB-2312 are not: they are a
//	              usage error naming the encoding (convert such input to
//	              UTF-8 first, with iconv). With --field, a --delimiter
//	              byte (or '"') that occurs inside a multi-byte character
//	              of NAME, found by encoding every character of its
//	              repertoire, is a usage error: the ASCII letters and
//	              "@[\]^_`{|}~" for Shift_JIS, GBK, GB18030 (the digits
//	              too) and Big5, the letters for EUC-KR; a tab, "," and
//	              ";" are never such a byte. A line the encoding cannot
//	              decode is an input error, as a bad JSON line is (exit
//	              status 2, unreadable in --stats): "FILE:LINE: the byte
//	              0x81 at byte offset 9 of the line is not Shift_JIS (it
//	              cannot be decoded)", the offset that of the first byte
//	              no character of the encoding begins with or holds; with
//	              --json its record's input is the text as decoded,
//	              U+FFFD where it could not be, and error.offset the
//	              offset in it of that U+FFFD. (A U+FFFD the encoding
//	              itself encodes, as GB18030 does, is a character as any
//	              other, and makes the line invalid.)
//
// A flag that has no effect on the command as given is a usage error
// that names it and says why, so that nobody believes it did something:
// --delimiter, --header and --base-field without --field; --field 0;
// --aligned with --json or --field (whose output always keeps its
// place); --base with --base-field (the base is the column); --no-idna
// at --level syntax; lint's --max-violations on a --field cell in text
// (which counts every violation) and --allow-bidi without --json or
// --stats (lint reports bidi formatting characters in any case);
// compare A B's --aligned, --jobs and --max-line (it reads no lines);
// score's --rule, --allow-bidi and --json-in (its lines are generate
// --json's, which carry their rule); generate's --allow-bidi,
// --max-line, --jobs and --json-in (it reads no input), with --dict its
// sample flags and --json, with --corpus --json; and --field,
// --delimiter, --header and --stats on compare, score and generate.
// --quiet is taken by every command: no progress bar is drawn when
// standard error is not a terminal anyway.
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
// the bytes at fault (at most 64 of those), cut between characters and
// not inside a cluster (never before a combining mark, a variation
// selector, a joiner or an emoji modifier, nor after a ZWJ: the cut
// moves back over them, 32 bytes at most), with "..." where cut; lint
// does the same under each violation, so that the output stays linear in
// the input:
//
//	example.txt:3: iri: invalid IRI-reference at byte offset 20 in ipath: found ' ', expected ...
//	http://例え.jp/パ ス
//	                 ^
//
// to-uri, text: the URI form (iri.IRI.URI) of each valid input, one per
// line; for an invalid input nothing on standard output (an empty line
// with --aligned) and "FILE:LINE: MESSAGE" on standard error.
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
// input (iri.IRI.Relativize). A base, --base or an input object's, must
// match the absolute rule of --rule's family: IRI (a scheme; a fragment
// is allowed and ignored) under the IRI rules, URI under the URI rules,
// with --allow-bidi as for the inputs; --rule itself, with its relative
// and absolute variants, is about the inputs. --base is checked so at
// start-up, a usage error if it fails. normalize
// prints the normal form of each input (iri.Normalizer): --level syntax
// (the default: case, percent-encoding, dot segments) or scheme (also
// empty and default ports, empty paths, IDN hosts); --uri the URI-level
// form (IDN hosts as A-labels); --nfc or --nfkc a Unicode form first;
// --decode the %HH of non-ASCII characters decoded as to-iri does;
// --no-idna leaves IDN hosts as they are at the scheme level (the RFC
// 3986 6.2.3 form, which has no IDNA step). key prints iri.Key of each
// input: its scheme-based normal URI form with IDN hosts as A-labels,
// ASCII, the same for inputs that compare finds equal at some rung, so
// that "iri key --aligned" or "sort -u" dedupes. In text mode an invalid
// input gets "FILE:LINE: MESSAGE" on standard error (prefixed "base: "
// when the base is at fault) and nothing on standard output (an empty
// line with --aligned).
//
// compare A B prints the first rung of the RFC 3987 5.3 ladder at which
// A and B are equal: "simple", "syntax" or "scheme", or "none" (with
// --json, the record below); the exit status is 0 when they are equal, 1
// when they are not or one is invalid.
//
// With --json-in these read, besides JSON strings, JSON objects: resolve
// and relativize {"input": REF, "base": IRI} (the base member wins over
// --base, which may then be left out: then every line must be an object
// with a base), normalize {"input": REF}, and compare, objects only,
// {"input": A, "other": B}, for which it prints the rung, or "none", a
// line (the exit status is 1 only when some input is invalid). Other
// members are ignored. A line without a member the command needs, or
// with one that is not a string, is a bad JSON line (exit status 2)
// that names it, whichever it is:
//
//	<stdin>:1: bad JSON line: not a JSON object with "input" and "other" strings: no "other" member
//	<stdin>:2: bad JSON line: not a JSON object with "input" and "other" strings: "input" is a number, not a string
//
// With --json they write one object per input:
//
//	{"input":"g","base":"http://x/y/z","valid":true,"resolved":"http://x/y/g"}
//	{"input":"http://a/b/g","valid":true,"relative":"../g"}
//	{"input":"HTTP://h/%7e","valid":true,"normalized":"http://h/~"}
//	{"input":"HTTP://例え.jp:80/%7e","valid":true,"key":"http://xn--r8jz45g.jp/~"}
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
// A BOM before the object is skipped. An unknown code or severity, a
// code given twice (only one of its severities could hold), anything but
// such an object, or an unreadable file, is a usage error that names the
// file and the line.
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
// As a compiler stops at "too many errors", at most --max-violations N
// (10) violations of each check are shown for a line, in order of offset,
// and one line counts the rest, so that the output stays small however
// long the line (a megabyte of right-to-left labels has a million
// violations); --max-violations 0 shows them all. The exit status,
// --stats and --field's cell see every violation, though lint keeps in
// memory only those it shows and counts the rest:
//
//	big.txt:1: 1048528 more violations not shown (bidi-mixed 262132, bidi-edge 262132, ...); --max-violations 0 shows them all
//
// With --json, one object per input with the violations shown, in order
// of offset, [] when there are none, and "omitted", by code, the count of
// those left out (only when some were):
//
//	{"input":"http://h:80/","valid":true,"violations":[{"code":"default-port","severity":"info","offset":8,"length":3,"component":"port","message":"RFC 3986 6.2.3: the scheme's default port SHOULD be omitted"}]}
//
// valid is as check --json has it: false when the input does not match
// --rule, bidi formatting characters included unless --allow-bidi (lint
// reads past them to report them). lint exits 1 when any violation has
// severity error, 0 otherwise (2 as below).
//
// display prints each input as it is safe to show to a person
// (lint.Display): safe %HH decoded, bidi formatting, invisible and
// look-alike characters percent-encoded, components that break the
// section 4.2 rules mapped to URI notation, confusable host labels as
// A-labels. It writes one line per input line, always, as --aligned
// does (and so takes no --aligned): an empty one for a line it cannot
// read (longer than --max-line, a bad JSON line). --isolate wraps the
// IRI in LRI and PDI and each right-to-left component in RLI and PDI
// (lint.DisplayIsolated). An input that does not parse even with bidi
// formatting characters allowed is shown with each byte from 0x00 to
// 0x20 (the C0 controls and the space) and from 0x7F to 0xFF (DEL and
// every byte of a non-ASCII character) written as %HH, in upper-case
// hex, and every other byte as it is, '%' included: "a b\"<>" is shown
// as a%20b"<>. An
// input check finds invalid (under --rule and --allow-bidi) has valid
// false with --json and makes the exit status 1. With --json:
//
//	{"input":"http://pаypal.example/","valid":true,"display":"http://xn--pypal-4ve.example/"}
//
// # WHATWG
//
// whatwg reads each line as browsers do, by the basic URL parser of the
// WHATWG URL Standard (package whatwg), and prints its href; a line the
// parser refuses is reported on standard error ("FILE:LINE: whatwg:
// cannot parse ...: NAME at byte offset N", NAME the standard's name of
// the validation error) and makes the exit status 1. --base URL reads
// each line against that URL, as new URL(line, base) does; a base the
// parser refuses is a usage error. --rule, --allow-bidi and --stats, which
// are about the RFC 3987 reading, are usage errors. With --json, one
// object a line: the URL class's fields, with the names of
// web-platform-tests, "valid" (false where the parser fails), and
// "warnings", the validation errors it went past (a line with any is
// read, but is not a valid URL string); where it fails, "error" instead
// of the fields:
//
//	{"input":"http:\\\\h","valid":true,"href":"http://h/","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"","hash":"","origin":"http://h","warnings":[{"name":"special-scheme-missing-following-solidus","offset":5},...]}
//	{"input":"http://exa mple/","valid":false,"warnings":[],"error":{"name":"domain-to-ASCII","offset":7,"message":"whatwg: cannot parse \"http://exa mple/\": domain-to-ASCII at byte offset 7"}}
//
// # Interop
//
// interop reads each line four ways, as package interop does: by RFC 3986
// and RFC 3987 (this module), by the WHATWG URL Standard (browsers, Node)
// and by the net/url of the Go release the tool was built with. Text mode
// prints the line, then one row a reader (its components, "name=value",
// a value quoted where it holds a space, a control or '"'; or "refuses:"
// and its message), a '*' before each component on which the readers that
// accept the line disagree, then "differs", "refused" and "causes" (the
// rules that make the readings part, by name) where there are any, and
// "connect": where each kind of client would connect (rfc3986 and rfc3987
// through the C library's resolver, whatwg as a browser, neturl as
// net/http with Go's resolver, neturl-cgo with the C library's):
//
//	http://0x7f.1/
//	  rfc3986  scheme=http *host=0x7f.1 path=/
//	  rfc3987  scheme=http *host=0x7f.1 path=/
//	  whatwg   scheme=http *host=127.0.0.1 path=/
//	  neturl   scheme=http *host=0x7f.1 path=/
//	  differs  host
//	  causes   IPv4-non-decimal-part
//	  connect  rfc3986=127.0.0.1:80 rfc3987=127.0.0.1:80 whatwg=127.0.0.1:80 neturl=0x7f.1:80 neturl-cgo=127.0.0.1:80
//
// --base URL resolves each line against URL, each reader by its own
// rules; --request-target reads each line as the request target of an
// HTTP request that came for --base (which it needs): an origin-form
// target is a path on --base's host to RFC 9112 and net/http, and a
// reference to a server that parses it against its base. --json writes
// one object a line:
//
//	{"input":S,"readings":{"rfc3986":R,"rfc3987":R,"whatwg":R,"neturl":R},"errors":{READER:MESSAGE},"differs":[COMPONENT...],"refused":[READER...],"causes":[NAME...],"connect":{CLIENT:"host:port"},"versions":{"neturl":"go1.26.8"}}
//
// where R is null for a reader that refuses the line, or
// {"scheme","userinfo","host","port","path","query","fragment"}, each a
// string or null where absent (host as the reader gives it: WHATWG's
// hostname, net/url's Hostname). The exit status is 1 when some line's
// readings differ in scheme, host or port. --rule, --allow-bidi, --stats
// and --field are usage errors.
//
// # Generate and score
//
// generate prints --n (10) references drawn from the grammar of --rule
// (package generate): valid ones, and with --invalid RATE (0 to 1) that
// share of invalid ones, each a valid one changed by one named mutation.
// --seed (1) picks the stream: the same flags print the same references
// on every platform and Go release. --script (mixed, ascii, latin, cjk,
// rtl, ucschar) is where characters beyond ASCII come from, written
// percent-encoded in the URI rules; --max-len (128, at least 32) bounds
// each reference in bytes; --iprivate lets queries of the IRI rules hold
// iprivate characters; --mutation NAME (repeatable) draws the invalid
// ones from the named mutations only (a name none of which applies to
// --rule is a usage error). Text mode prints one reference a line (no
// reference holds a LF or CR; invalid ones may hold other control bytes).
// With --json, one object a line:
//
//	{"input":"l:/","valid":true,"rule":"IRI-reference","mutation":"","offset":-1,"productions":["IRI","ihier-part","IRI-reference","ipath","ipath-absolute","scheme"],"features":[],"scheme":"l","userinfo":null,"host":null,"port":null,"path":"/","query":null,"fragment":null,"host_kind":null}
//	{"input":"coap+tcp:\u200f","valid":false,"rule":"IRI-reference","mutation":"bidi","offset":9,"code":"bidi","component":"path","productions":[...],"features":["scheme-symbol"]}
//
// Members: input, input_base64 (only when the input is not UTF-8, which a
// JSON string cannot carry: its exact bytes, base64), valid, rule,
// mutation ("" when valid), offset (-1 when valid; else the byte at which
// the scanner rejects the input), code and component (invalid only: the
// scanner's stable code name, where it failed), productions (the RFC 3987
// 2.2 rules the reference was drawn from), features (the edge cases it
// holds), and for a valid reference its components exactly as parse
// --json gives them. --dict prints a libFuzzer/AFL dictionary instead;
// --corpus DIR writes the references (with --dict, the dictionary's
// tokens) as go test -fuzz seed corpus files into DIR, to be copied to
// testdata/fuzz/FuzzName.
//
// score reads generate --json lines to which another parser added
// "got_valid" (its verdict) and, optionally, "got": its components, an
// object with any of scheme, userinfo, host, port, path, query and
// fragment (null for absent; those left out are not compared). It prints
// how often the parser agreed with the labels, in all, per rule, per
// mutation, per production and per feature (with how many invalid
// references it accepted and valid ones it rejected), and per component;
// with --json the same as one object. Blank lines are skipped. The exit
// status is 0 when it agreed on everything, 1 when it did not, and 2 when
// a line is not an object with valid and got_valid (reported on standard
// error with its place; the other lines are scored). Names are shown in
// display form, control and bidi characters escaped. A table keeps every
// name iri generate uses and at most 1,024 others, each bounded as
// --stats bounds names: those of least hash, so that the report is the
// same with any --jobs; the rest are counted in one last row, "(other
// names)", with "other": true in JSON.
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
