// Package caddyiri is a Caddy v2 HTTP handler, module ID http.handlers.iri
// and Caddyfile directive iri, that puts the request-target check of
// package github.com/irikit/iri/httpiri in front of the rest of a route:
// a malformed target is answered 400 with an application/problem+json
// body, and one that passes goes on, in normal form when the options say
// so, to reverse_proxy, file_server or any other handler.
//
// It lives in a module of its own so that the iri module, which most
// users import, does not require Caddy.
//
// Caddyfile (every subdirective is optional; with none, targets are only
// held to RFC 3986 and RFC 9112 section 3.2):
//
//	iri {
//		iri                              # accept RFC 3987 targets, forwarded as URIs
//		reject           warning         # refuse lint findings of this severity or above
//		profile          strict          # rfc3987 (default), iuri, strict or interop
//		severity         userinfo off    # one check's severity, by its name
//		normalize        syntax          # off, syntax or scheme
//		merge_slashes
//		escaped_slashes  reject          # keep, reject, unescape_and_redirect, unescape_and_forward
//		check_host
//		interop          destination     # off, destination or path
//	}
//
// An unknown subdirective, an empty argument (reject "{$UNSET}" with the
// variable unset), an unknown name and a subdirective given twice are
// errors, with the file and line: none of them may turn a check off
// without a word.
package caddyiri

import (
	"fmt"
	"net/http"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
	"github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/irikit/iri/httpiri"
	"github.com/irikit/iri/lint"
)

func init() {
	caddy.RegisterModule(Handler{})
	httpcaddyfile.RegisterHandlerDirective("iri", parseCaddyfile)
	// First of the ordered handlers, so that nothing reads a target
	// before it is checked.
	httpcaddyfile.RegisterDirectiveOrder("iri", httpcaddyfile.Before, "map")
}

// Handler is the http.handlers.iri module. Its JSON fields map one to one
// to httpiri.Options; the names of severities, profiles, checks and
// actions are the ones the lint and httpiri packages print.
type Handler struct {
	// IRI accepts RFC 3987 request targets (httpiri.Options.IRI).
	IRI bool `json:"iri,omitempty"`
	// Reject is "off" (or empty), "info", "warning" or "error".
	Reject string `json:"reject,omitempty"`
	// Profile is "rfc3987" (or empty), "iuri", "strict" or "interop".
	Profile string `json:"profile,omitempty"`
	// Severities overrides the profile's severity of checks, by name.
	Severities map[string]string `json:"severities,omitempty"`
	// Normalize is "off" (or empty), "syntax" or "scheme".
	Normalize string `json:"normalize,omitempty"`
	// MergeSlashes is httpiri.Options.MergeSlashes.
	MergeSlashes bool `json:"merge_slashes,omitempty"`
	// EscapedSlashes is "keep" (or empty), "reject",
	// "unescape_and_redirect" or "unescape_and_forward".
	EscapedSlashes string `json:"escaped_slashes,omitempty"`
	// CheckHost is httpiri.Options.CheckHost.
	CheckHost bool `json:"check_host,omitempty"`
	// Interop is "off" (or empty), "destination" or "path"
	// (httpiri.Options.Interop): refuse a target that RFC 3986, the WHATWG
	// URL Standard and net/url read as another scheme, host or port (or
	// also path).
	Interop string `json:"interop,omitempty"`

	checker *httpiri.Checker
}

// CaddyModule returns the module's information.
func (Handler) CaddyModule() caddy.ModuleInfo {
	return caddy.ModuleInfo{ID: "http.handlers.iri", New: func() caddy.Module { return new(Handler) }}
}

// Provision turns the fields into httpiri.Options, and fails on a name it
// does not know.
func (h *Handler) Provision(ctx caddy.Context) error {
	o, err := h.options()
	if err != nil {
		return err
	}
	o.Logger = ctx.Slogger()
	// Built once: a request costs only what the check itself does.
	h.checker = httpiri.NewChecker(o)
	return nil
}

// options turns the fields into httpiri.Options, and fails on a name it
// does not know.
func (h *Handler) options() (httpiri.Options, error) {
	o := httpiri.Options{IRI: h.IRI, MergeSlashes: h.MergeSlashes, CheckHost: h.CheckHost}
	var ok bool
	if h.Reject != "" {
		if o.Reject, ok = lint.ParseSeverity(h.Reject); !ok {
			return o, fmt.Errorf("iri: reject: unknown severity %q (off, info, warning, error)", h.Reject)
		}
	}
	if h.Profile != "" {
		if o.Lint.Profile, ok = lint.ParseProfile(h.Profile); !ok {
			return o, fmt.Errorf("iri: profile: unknown profile %q (rfc3987, iuri, strict, interop)", h.Profile)
		}
	}
	for name, sev := range h.Severities {
		c, ok := lint.ParseCheck(name)
		if !ok {
			return o, fmt.Errorf("iri: severity: unknown check %q", name)
		}
		s, ok := lint.ParseSeverity(sev)
		if !ok {
			return o, fmt.Errorf("iri: severity %s: unknown severity %q", name, sev)
		}
		if o.Lint.Severities == nil {
			o.Lint.Severities = map[lint.Check]lint.Severity{}
		}
		o.Lint.Severities[c] = s
	}
	if h.Normalize != "" {
		if o.Normalize, ok = httpiri.ParseNormalize(h.Normalize); !ok {
			return o, fmt.Errorf("iri: normalize: unknown form %q (off, syntax, scheme)", h.Normalize)
		}
	}
	if h.EscapedSlashes != "" {
		if o.EscapedSlashes, ok = httpiri.ParseEscapedSlashes(h.EscapedSlashes); !ok {
			return o, fmt.Errorf("iri: escaped_slashes: unknown action %q (keep, reject, unescape_and_redirect, unescape_and_forward)", h.EscapedSlashes)
		}
	}
	if h.Interop != "" {
		if o.Interop, ok = httpiri.ParseInterop(h.Interop); !ok {
			return o, fmt.Errorf("iri: interop: unknown level %q (off, destination, path)", h.Interop)
		}
	}
	return o, nil
}

// ServeHTTP checks the request and, when it passes, calls next with it
// (rewritten as the options say, the parsed target in its context for
// httpiri.FromContext). A rewrite is also written into r itself, as
// Caddy's own rewrite handler does, because Caddy's placeholders
// ({uri}, {path}, ...) and logs read the request the server started with.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request, next caddyhttp.Handler) error {
	r2, ok := h.checker.Admit(w, r)
	if !ok {
		return nil // answered: refused, or redirected
	}
	if r2 != r {
		r.RequestURI, r.URL, r.Host = r2.RequestURI, r2.URL, r2.Host
	}
	return next.ServeHTTP(w, r2)
}

// subdirectives maps each subdirective of iri to the number of
// arguments it takes.
var subdirectives = map[string]int{
	"iri": 0, "merge_slashes": 0, "check_host": 0,
	"reject": 1, "profile": 1, "normalize": 1, "escaped_slashes": 1, "interop": 1,
	"severity": 2,
}

const subdirectiveNames = "iri, reject, profile, severity, normalize, merge_slashes, escaped_slashes, check_host, interop"

// UnmarshalCaddyfile reads the iri directive (see the package doc). It
// refuses, with the file and line, a subdirective it does not know, an
// empty argument (reject "{$UNSET}" would otherwise turn the check off
// without a word), a name no option has, and a subdirective given twice
// (severity: twice for one check), where the second would silently win.
func (h *Handler) UnmarshalCaddyfile(d *caddyfile.Dispenser) error {
	d.Next() // the directive's name
	if d.NextArg() {
		return d.ArgErr()
	}
	seen := map[string]bool{}
	for d.NextBlock(0) {
		sub := d.Val()
		want, known := subdirectives[sub]
		if !known {
			return d.Errf("iri: unknown subdirective %q (known: %s)", sub, subdirectiveNames)
		}
		var args []string
		for d.NextArg() {
			if d.Val() == "" {
				return d.Errf("iri: %s: empty argument (an unset environment variable?)", sub)
			}
			args = append(args, d.Val())
		}
		if len(args) != want {
			return d.Errf("iri: %s takes %d argument(s), got %d", sub, want, len(args))
		}
		if d.NextBlock(1) {
			return d.Errf("iri: %s takes no block", sub)
		}
		key := sub
		if sub == "severity" {
			key += " " + args[0]
		}
		if seen[key] {
			return d.Errf("iri: %s given twice", key)
		}
		seen[key] = true
		switch sub {
		case "iri":
			h.IRI = true
		case "merge_slashes":
			h.MergeSlashes = true
		case "check_host":
			h.CheckHost = true
		case "reject":
			h.Reject = args[0]
		case "profile":
			h.Profile = args[0]
		case "normalize":
			h.Normalize = args[0]
		case "escaped_slashes":
			h.EscapedSlashes = args[0]
		case "interop":
			h.Interop = args[0]
		case "severity":
			if h.Severities == nil {
				h.Severities = map[string]string{}
			}
			h.Severities[args[0]] = args[1]
		}
	}
	// The names, checked here too so that the error names the file and
	// line; Provision checks them again for JSON configurations.
	if _, err := h.options(); err != nil {
		return d.Err(err.Error())
	}
	return nil
}

func parseCaddyfile(helper httpcaddyfile.Helper) (caddyhttp.MiddlewareHandler, error) {
	h := new(Handler)
	err := h.UnmarshalCaddyfile(helper.Dispenser)
	return h, err
}

// Interface guards.
var (
	_ caddy.Provisioner           = (*Handler)(nil)
	_ caddyhttp.MiddlewareHandler = (*Handler)(nil)
	_ caddyfile.Unmarshaler       = (*Handler)(nil)
)
