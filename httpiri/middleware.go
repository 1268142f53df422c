package httpiri

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/irikit/iri"
	"github.com/irikit/iri/lint"
)

// Middleware returns a function that puts the check of opts in front of a
// handler: a request whose target fails is answered with the problem+json
// body of WriteProblem (or opts.ErrorHandler), and one that passes
// reaches the handler, rewritten as opts say, with its parsed target in
// its context (FromContext). opts is copied; its Lint.Severities map is
// only read.
func Middleware(opts Options) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return &handler{opts: opts, next: next}
	}
}

type handler struct {
	opts Options
	next http.Handler
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r2, ok := h.serve(w, r); ok {
		h.next.ServeHTTP(w, r2)
	}
}

// A Checker is what Middleware puts in front of a handler, for servers
// whose next handler comes with each request (Caddy's, for one): built
// once, it checks and rewrites each request, and the caller calls its
// next handler. It is safe for concurrent use.
type Checker struct {
	h handler
}

// NewChecker returns the Checker of opts, which it copies.
func NewChecker(opts Options) *Checker {
	return &Checker{h: handler{opts: opts}}
}

// Admit checks r as Middleware does. When r passes, it returns the
// request the next handler is to see (r itself, or a copy rewritten as
// the options say, with the parsed target in its context) and true;
// when r is refused or redirected, it has written the response to w and
// returns nil and false.
func (c *Checker) Admit(w http.ResponseWriter, r *http.Request) (*http.Request, bool) {
	return c.h.serve(w, r)
}

// serve is ServeHTTP up to the next handler.
func (h *handler) serve(w http.ResponseWriter, r *http.Request) (*http.Request, bool) {
	o := &h.opts
	tg, err := o.check(r)
	if err != nil {
		h.refuse(w, r, err)
		return nil, false
	}
	changed := false
	if o.rewrites(&tg) {
		nt, unescaped, err := o.rewrite(&tg)
		if err != nil {
			h.refuse(w, r, err)
			return nil, false
		}
		if unescaped && o.EscapedSlashes == UnescapeAndRedirect {
			redirect(w, &nt)
			return nil, false
		}
		changed = nt.IRI.String() != tg.IRI.String()
		// Normalizing can make what Reject refuses ("ߩ%70ߩ" becomes
		// the mixed-direction "ߩpߩ"), and so can unescaping and merging
		// slashes: what goes on is checked again. The IRI-to-URI mapping
		// alone changes nothing lint sees (it judges %HH as what they
		// decode to), but for a label separator U+3002, U+FF0E or U+FF61
		// in the host, which it percent-encodes into an encoded
		// delimiter.
		if changed && o.Reject != lint.SeverityOff && (o.Normalize != NormalizeOff || o.MergeSlashes || unescaped || hasRawSeparator(tg.IRI.Host())) {
			if err := o.lint(&nt); err != nil {
				err.Offset = -1 // not into the client's target
				err.Component = uriComponent(err.Component)
				err.Detail = "the rewritten target: " + err.Detail
				h.refuse(w, r, err)
				return nil, false
			}
		}
		// What goes on is what the backend reads: its readers must agree
		// too (mapping "a://0ۃ" to "a://0%DB%83" is one net/url decodes
		// and RFC 3986 keeps).
		if changed && o.Interop != InteropOff && (nt.Form == FormOrigin || nt.Form == FormAbsolute) {
			if err := o.checkInterop(r, nt.raw()); err != nil {
				err.Detail = "the rewritten target: " + err.Detail
				h.refuse(w, r, err)
				return nil, false
			}
		}
		tg = nt
	}
	r2 := r
	if changed || !o.NoContext {
		ctx := r.Context()
		if !o.NoContext {
			ctx = &targetContext{Context: ctx, target: tg.IRI}
		}
		r2 = r.WithContext(ctx)
		if changed {
			if err := apply(r2, &tg); err != nil {
				h.refuse(w, r, err)
				return nil, false
			}
		}
	}
	return r2, true
}

func (h *handler) refuse(w http.ResponseWriter, r *http.Request, err *Error) {
	if l := h.opts.Logger; l != nil {
		t := r.RequestURI
		if len(t) > 1024 {
			t = t[:1024] // a log line need not hold 1 MiB of target
		}
		l.LogAttrs(r.Context(), slog.LevelInfo, "httpiri: request refused",
			slog.String("code", err.Code),
			slog.Int("offset", err.Offset),
			slog.String("target", printable(t)),
			slog.String("remote", printable(r.RemoteAddr)))
	}
	if h.opts.ErrorHandler != nil {
		h.opts.ErrorHandler(w, r, err)
		return
	}
	WriteProblem(w, r, err)
}

// redirect answers 307 to the rewritten target, which keeps the method
// and body. A path that starts with "//" goes out as "/.//...", so that
// the Location is not read as another host.
func redirect(w http.ResponseWriter, tg *Target) {
	h := w.Header()
	h.Set("Location", tg.IRI.String())
	h.Set("Content-Length", "0")
	w.WriteHeader(http.StatusTemporaryRedirect)
}

type contextKey struct{}

// targetContext is one node that is both the context and the value, so
// that storing the target costs one allocation.
type targetContext struct {
	context.Context
	target iri.IRI
}

func (c *targetContext) Value(key any) any {
	if key == (contextKey{}) {
		return c
	}
	return c.Context.Value(key)
}

func (c *targetContext) String() string { return "httpiri.targetContext" }

// FromContext returns the request target that Middleware checked (and
// rewrote, when its options say so), and whether there was one.
func FromContext(ctx context.Context) (iri.IRI, bool) {
	if c, ok := ctx.Value(contextKey{}).(*targetContext); ok {
		return c.target, true
	}
	return iri.IRI{}, false
}

// hasRawSeparator reports whether the host holds U+3002, U+FF0E or
// U+FF61, which IDNA reads as '.'.
func hasRawSeparator(host string) bool {
	return strings.Contains(host, "\u3002") || strings.Contains(host, "\uFF0E") || strings.Contains(host, "\uFF61")
}
