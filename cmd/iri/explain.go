package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"unicode/utf8"

	"github.com/irikit/iri"
	"github.com/irikit/iri/interop"
	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/scanner"
	"github.com/irikit/iri/whatwg"
)

// /v1/explain is the page's question: everything about one reference in
// one object. The line commands' endpoints answer each part in the CLI's
// contract; this one puts the parts together, with the components' byte
// offsets, which no line command writes.

// explainRequest is the body of a /v1/explain request.
type explainRequest struct {
	Input string  `json:"input"`
	Base  *string `json:"base,omitempty"`  // resolve the input against it
	Other *string `json:"other,omitempty"` // compare the input with it
	Rule  string  `json:"rule,omitempty"`  // IRI-reference if empty
}

// maxShown is the most of one string an explanation holds; a longer one
// is cut at a character boundary and "truncated" set, so that a
// megabyte line costs the page a bounded answer.
const maxShown = 64 << 10

// maxFindings is the most lint findings an explanation lists; the rest
// are counted.
const maxFindings = 200

// explanation is the answer of /v1/explain.
type explanation struct {
	Input      string            `json:"input"`
	Bytes      int               `json:"bytes"` // the input's length
	Rule       string            `json:"rule"`
	Valid      bool              `json:"valid"`
	Components []span            `json:"components,omitempty"`
	HostKind   string            `json:"host_kind,omitempty"`
	Error      *explainError     `json:"error,omitempty"`
	Forms      map[string]string `json:"forms,omitempty"` // uri, iri, display, syntax, scheme, key, resolved
	FormErrors map[string]string `json:"form_errors,omitempty"`
	Lint       []lint.Violation  `json:"lint"`
	LintMore   int               `json:"lint_omitted,omitempty"`
	Interop    *interop.Report   `json:"interop,omitempty"`
	WHATWG     *whatwgAnswer     `json:"whatwg,omitempty"`
	Compare    *compareAnswer    `json:"compare,omitempty"`
	Truncated  bool              `json:"truncated,omitempty"`
}

// span is a component: its name and byte offsets in the input.
type span struct {
	Name  string `json:"name"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

type explainError struct {
	Offset    int    `json:"offset"`
	Component string `json:"component,omitempty"`
	Code      string `json:"code"`
	Message   string `json:"message"`
}

type whatwgAnswer struct {
	Href     string   `json:"href,omitempty"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

type compareAnswer struct {
	Other string `json:"other"`
	Rung  string `json:"rung"`
	Error string `json:"error,omitempty"`
}

func serveExplain(w http.ResponseWriter, r *http.Request, maxBody int64) {
	body, ok := readBody(w, r, maxBody)
	if !ok || !turn(r) {
		return
	}
	defer func() { <-working }()
	var req explainRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, "iri: the body is not a JSON object with an \"input\" string: "+err.Error(), http.StatusBadRequest)
		return
	}
	rule := iri.RuleIRIReference
	if req.Rule != "" {
		var ok bool
		if rule, ok = scanner.ParseRule(req.Rule); !ok {
			http.Error(w, "iri: unknown rule "+req.Rule, http.StatusBadRequest)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(explain(req, rule))
}

// explain answers a request.
func explain(req explainRequest, rule iri.Rule) *explanation {
	s := req.Input
	e := &explanation{Input: s, Bytes: len(s), Rule: rule.String(), Lint: []lint.Violation{}}
	cut := func(t string) string {
		if len(t) <= maxShown {
			return t
		}
		e.Truncated = true
		n := maxShown
		for n > 0 && !utf8.RuneStart(t[n]) {
			n--
		}
		return t[:n]
	}
	e.Input = cut(s)
	u, err := iri.ParseRule(s, rule)
	e.Valid = err == nil
	var ie *iri.Error
	if errors.As(err, &ie) {
		e.Error = &explainError{Offset: ie.Offset, Component: ie.Component, Code: ie.Code.String(), Message: cut(ie.Error())}
	}
	if e.Valid {
		// Parse keeps the offsets to itself; a second scan, of a valid
		// input only, gives them.
		res := scanner.Scan(s, rule, 0)
		e.Components = spans(&res, len(s))
		e.HostKind = res.HostKind.String()
		e.Forms, e.FormErrors = map[string]string{}, map[string]string{}
		form := func(name, v string, err error) {
			if err != nil {
				e.FormErrors[name] = cut(err.Error())
				return
			}
			e.Forms[name] = cut(v)
		}
		form("uri", u.URI(), nil)
		form("iri", string(u.AppendIRI(nil)), nil)
		form("display", lint.Display(s), nil)
		v, err := iri.Normalizer{Level: iri.LevelSyntax}.Normalize(s)
		form("syntax", v, err)
		v, err = iri.Normalizer{Level: iri.LevelScheme}.Normalize(s)
		form("scheme", v, err)
		form("key", iri.Key(u), nil)
		if req.Base != nil {
			b, err := iri.Parse(*req.Base)
			if err == nil {
				var t iri.IRI
				t, err = b.ResolveIRI(u)
				form("resolved", t.String(), err)
			} else {
				form("resolved", "", errors.New("base: "+cut(err.Error())))
			}
		}
		if req.Other != nil {
			c := &compareAnswer{Other: cut(*req.Other)}
			if o, err := iri.ParseRule(*req.Other, rule); err != nil {
				c.Error = cut(err.Error())
			} else {
				c.Rung = iri.CompareRung(u, o).String()
			}
			e.Compare = c
		}
	}
	vs, tally := lint.Options{Rule: rule}.AppendViolationsLimit(nil, s, maxFindings)
	if len(vs) > maxFindings {
		vs = vs[:maxFindings]
	}
	for i := range vs {
		vs[i].Message = cut(vs[i].Message)
	}
	e.Lint = append(e.Lint, vs...)
	e.LintMore = tally.Total() - len(vs)
	ctx := interop.Context{}
	if req.Base != nil {
		ctx.Base = *req.Base
	}
	if len(s) <= maxShown && (req.Base == nil || len(*req.Base) <= maxShown) {
		rep := interop.Read(s, ctx)
		e.Interop = &rep
		var wu whatwg.URL
		var werr error
		if req.Base != nil {
			var base whatwg.URL
			if base, werr = whatwg.Parse(*req.Base); werr == nil {
				wu, werr = base.Parse(s)
			}
		} else {
			wu, werr = whatwg.Parse(s)
		}
		wa := &whatwgAnswer{}
		if werr != nil {
			wa.Error = cut(werr.Error())
		} else {
			wa.Href = cut(wu.Href())
			for _, wn := range wu.Warnings() {
				wa.Warnings = append(wa.Warnings, wn.String())
			}
		}
		e.WHATWG = wa
	} else {
		e.Truncated = true // the readings of a reference this long are left out
	}
	return e
}

// spans returns the components of a valid scan of an input of n bytes,
// in order.
func spans(r *scanner.Result, n int) []span {
	var out []span
	add := func(name string, start, end int32) { out = append(out, span{name, int(start), int(end)}) }
	if r.Parts&scanner.HasScheme != 0 {
		add("scheme", 0, r.SchemeEnd)
	}
	if r.Parts&scanner.HasAuthority != 0 {
		if r.Parts&scanner.HasUserinfo != 0 {
			add("userinfo", r.AuthorityStart, r.UserinfoEnd)
		}
		add("host", r.HostStart, r.HostEnd)
		if r.Parts&scanner.HasPort != 0 {
			add("port", r.PortStart, r.PathStart)
		}
	}
	add("path", r.PathStart, r.PathEnd)
	if r.Parts&scanner.HasQuery != 0 {
		add("query", r.QueryStart, r.QueryEnd)
	}
	if r.Parts&scanner.HasFragment != 0 {
		add("fragment", r.FragmentStart, int32(n))
	}
	return out
}
