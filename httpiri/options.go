package httpiri

import (
	"log/slog"
	"net/http"
	"strconv"

	"github.com/irikit/iri/lint"
)

// Options configures Middleware. The zero value checks every request
// target against RFC 3986 and RFC 9112 section 3.2 and rewrites nothing.
type Options struct {
	// IRI accepts request targets that are IRIs (RFC 3987): raw UTF-8
	// characters from ucschar in the path and query (and iprivate in the
	// query). They are mapped to their URI form (RFC 3987 section 3.1)
	// before next runs, so that r.RequestURI and r.URL.RawPath are ASCII
	// as RFC 9112 requires on the wire to the backend. By default a
	// target with any byte above 0x7F is refused.
	IRI bool

	// Reject turns on the checks of package lint: a request with a
	// violation of this severity or above is refused, with the check's
	// stable name (such as "encoded-dot-segment") as its code. The zero
	// value, lint.SeverityOff, runs no check. Lint's ProfileStrict with
	// Reject at lint.SeverityWarning refuses encoded dot segments,
	// encoded slashes and authority delimiters, overlong and non-UTF-8
	// %HH, and bidi and invisible characters. Encoded slashes are
	// refused also in the path of an absolute-form target with no
	// authority, which lint leaves alone (mailto: holds them as data).
	Reject lint.Severity
	// Lint is the profile and per-check severities Reject applies; its
	// Rule is ignored (the request-target form sets it).
	Lint lint.Options

	// EscapedSlashes is what to do with %2F and %5C (any case) in the
	// path, Envoy's path_with_escaped_slashes_action. It acts first,
	// before Normalize and MergeSlashes, as in Envoy. No rewrite makes
	// or changes an authority: a path unescaped into one that starts
	// with "//" where it would read as one ("foo:%2F%2Fevil.example/")
	// gets "/." in front ("foo:/.//evil.example/"), as RFC 3986 section
	// 5.3 does, and the host is compared again after every rewrite.
	EscapedSlashes EscapedSlashes

	// Normalize rewrites the target to a normal form of RFC 3986 section
	// 6 before next runs: r.RequestURI, r.URL.Path, r.URL.RawPath and
	// r.URL.RawQuery (and, for absolute-form, r.URL.Scheme, r.URL.Host
	// and r.Host) then hold it, and so does the request a
	// httputil.ReverseProxy behind the middleware sends. NormalizeSyntax
	// is what Envoy's normalize_path does, held to RFC 3986: %HH in
	// uppercase, %HH of unreserved characters decoded (%2E among them),
	// then dot segments removed; it never decodes a reserved %HH such as
	// %2F. Where Envoy (through Chromium's canonicalizer) also turns '\'
	// into '/', a '\' is refused here, as RFC 3986 allows it nowhere.
	Normalize Normalize

	// MergeSlashes replaces each run of '/' in the path with one, after
	// Normalize: Envoy's merge_slashes. RFC 3986 does not make "//" and
	// "/" equal; this is a policy for backends that do.
	MergeSlashes bool

	// CheckHost refuses a request whose Host names another host than its
	// target (IDNA-aware, default ports ignored), has more than one value,
	// or is not uri-host [ ":" port ] (RFC 9112 section 3.2 and 7.2;
	// RFC 9113 section 8.3.1 for HTTP/2's :authority). Go's HTTP/1 server
	// drops the Host header of an absolute-form request before any
	// handler runs and sets r.Host from the target (RFC 9112 3.2.2 says
	// to ignore it), so there the two cannot disagree; over HTTP/2 the
	// Host header field and :authority can, and are compared.
	CheckHost bool

	// Interop refuses a request target that RFC 3986, the WHATWG URL
	// Standard (browsers, Node) and net/url read as another scheme, host
	// or port (InteropDestination), or also another path (InteropPath):
	// the gap SSRF filter bypasses live in, where this server's check and
	// the backend's parser read two hosts. The target is read as it came,
	// against the request's scheme and Host (package interop); a refusal
	// has code "interop", and its problem+json body lists each reader's
	// reading and the causes. Authority-form and asterisk-form targets
	// are not read. A target whose bytes show no rule that can make the
	// readings differ, which is most, costs one pass over it and no
	// allocation.
	Interop Interop

	// NoContext skips storing the parsed target for FromContext, which
	// saves the two allocations that storing costs.
	NoContext bool

	// ErrorHandler, when not nil, writes the response to a refused
	// request instead of the problem+json body. It must not call the
	// next handler.
	ErrorHandler func(w http.ResponseWriter, r *http.Request, err *Error)

	// Logger, when not nil, receives one record per refused request at
	// level Info, with the target escaped to printable ASCII so that no
	// control or bidi character reaches a terminal or a log file.
	Logger *slog.Logger
}

// Normalize says which normal form Options.Normalize rewrites to.
type Normalize uint8

// Normal forms.
const (
	// NormalizeOff leaves the target as the client sent it (the zero
	// value).
	NormalizeOff Normalize = iota
	// NormalizeSyntax is syntax-based normalization (RFC 3986 6.2.2):
	// Envoy's normalize_path.
	NormalizeSyntax
	// NormalizeScheme adds scheme-based normalization (RFC 3986 6.2.3)
	// for absolute-form targets: default port removed, empty path made
	// "/", host through IDNA (RFC 3987 5.3.3).
	NormalizeScheme
)

// EscapedSlashes is the action on %2F and %5C in the path; the names are
// Envoy's path_with_escaped_slashes_action values. Unescaping makes %5C a
// '/' too, not a '\': RFC 3986 allows no raw '\', and Envoy (with
// normalize_path), WHATWG URL parsers and Windows servers read one as '/'.
type EscapedSlashes uint8

// Actions.
const (
	// KeepEscapedSlashes forwards them as they are (the zero value;
	// Envoy's KEEP_UNCHANGED).
	KeepEscapedSlashes EscapedSlashes = iota
	// RejectEscapedSlashes refuses the request with 400 and code
	// "escaped-slash" (REJECT_REQUEST).
	RejectEscapedSlashes
	// UnescapeAndRedirect answers 307 Temporary Redirect (which keeps the
	// method and body) to the target with each %2F and %5C made '/' and
	// then Normalize and MergeSlashes applied; next does not run
	// (UNESCAPE_AND_REDIRECT).
	UnescapeAndRedirect
	// UnescapeAndForward makes each %2F and %5C a '/' and forwards
	// (UNESCAPE_AND_FORWARD). Do not use it when anything in front of
	// the middleware decides on the path: it changes which resource the
	// path names.
	UnescapeAndForward
)

var normalizeNames = [...]string{"off", "syntax", "scheme"}

// String returns "off", "syntax" or "scheme".
func (n Normalize) String() string { return enumName(normalizeNames[:], int(n), "Normalize") }

// ParseNormalize returns the Normalize that String names s, for
// configuration files.
func ParseNormalize(s string) (Normalize, bool) {
	i, ok := enumValue(normalizeNames[:], s)
	return Normalize(i), ok
}

var escapedSlashesNames = [...]string{"keep", "reject", "unescape_and_redirect", "unescape_and_forward"}

// String returns "keep", "reject", "unescape_and_redirect" or
// "unescape_and_forward": Envoy's names, in lowercase.
func (e EscapedSlashes) String() string {
	return enumName(escapedSlashesNames[:], int(e), "EscapedSlashes")
}

// ParseEscapedSlashes returns the EscapedSlashes that String names s.
func ParseEscapedSlashes(s string) (EscapedSlashes, bool) {
	i, ok := enumValue(escapedSlashesNames[:], s)
	return EscapedSlashes(i), ok
}

func enumName(names []string, i int, typ string) string {
	if i < len(names) {
		return names[i]
	}
	return typ + "(" + strconv.Itoa(i) + ")"
}

func enumValue(names []string, s string) (int, bool) {
	for i, n := range names {
		if n == s {
			return i, true
		}
	}
	return 0, false
}
