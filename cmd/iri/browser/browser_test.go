package browser_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/irikit/iri"
	"github.com/irikit/iri/interop"
	"github.com/irikit/iri/lint"
	"github.com/irikit/iri/scanner"
)

var (
	readmeShot = flag.Bool("readme-screenshot", false, "write docs/playground.png, the README's picture of the page")
	artifacts  = flag.String("artifacts", filepath.Join(os.TempDir(), "iri-browser"), "where the screenshot of each state goes")
)

// server is one "iri serve" for all the tests, built from this checkout.
var server struct {
	once sync.Once
	url  string
	cmd  *exec.Cmd
	err  error
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if server.cmd != nil {
		server.cmd.Process.Kill()
		server.cmd.Wait()
	}
	os.Exit(code)
}

// chromium returns the browser to drive, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on PATH; .ci/run installs it from apt")
	return ""
}

// startIRI builds the iri command and runs "iri serve" on a loopback
// port it picks.
func startIRI(t *testing.T) (*exec.Cmd, string, io.ReadCloser) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "iri")
	build := exec.Command("go", "build", "-o", bin, "./cmd/iri")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stderr).ReadString('\n')
	u, ok := strings.CutPrefix(strings.TrimSpace(line), "iri serve: listening on ")
	if err != nil || !ok {
		cmd.Process.Kill()
		t.Fatalf("iri serve said %q (%v)", line, err)
	}
	return cmd, strings.TrimSuffix(u, "/"), stderr
}

func serverURL(t *testing.T) string {
	server.once.Do(func() {
		var stderr io.ReadCloser
		server.cmd, server.url, stderr = startIRI(t)
		go io.Copy(io.Discard, stderr)
	})
	if server.url == "" {
		t.Fatal("iri serve did not start")
	}
	return server.url
}

// page is a browser tab on the playground that records every console
// error, uncaught exception and policy violation.
type page struct {
	t        *testing.T
	ctx      context.Context
	before   int // the answers the page had shown before the last change
	mu       sync.Mutex
	problems []string
}

func newPage(t *testing.T) *page {
	exe := chromium(t)
	base := serverURL(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(1100, 820))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	p := &page{t: t, ctx: ctx}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			switch {
			case m.Type == chromedp.ConsoleError, m.Type == chromedp.ConsoleWarning, m.IsException(), m.Source == "security":
				p.problem(m.String())
			}
		}
	}()
	p.do(chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.ID("refs")))
	return p
}

func (p *page) problem(s string) {
	p.mu.Lock()
	p.problems = append(p.problems, s)
	p.mu.Unlock()
}

// clean fails the test on any problem recorded so far.
func (p *page) clean() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.problems {
		p.t.Errorf("the page reported: %s", s)
	}
	p.problems = nil
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression on the page.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("%.80s: %v", expr, err)
	}
	return v
}

// typeIn replaces the text of the field with s, typed as a user's input
// method would insert it.
func (p *page) typeIn(id, s string) {
	p.t.Helper()
	p.before = p.done()
	p.do(chromedp.Focus(chromedp.ID(id)))
	eval[bool](p, `(document.getElementById(`+strconv.Quote(id)+`).select(), true)`)
	if s == "" {
		p.do(chromedp.KeyEvent("\b"))
		return
	}
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: s})
		return err
	}))
}

// paste puts s in the field at once and tells the page, as pasting does:
// for text too long to insert key by key.
func (p *page) paste(id, s string) {
	p.t.Helper()
	p.before = p.done()
	eval[bool](p, fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %s; e.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'})); return true; })()`, id, strconv.QuoteToASCII(s)))
}

// done returns how many times the page has shown its answers.
func (p *page) done() int {
	return eval[int](p, `Number(document.getElementById('results').dataset.done || 0)`)
}

// settle waits until the page shows the answers to the n references in
// its fields now.
func (p *page) settle(n int) {
	p.t.Helper()
	expr := fmt.Sprintf(`(() => { const r = document.getElementById('results'); return r.dataset.busy === '0' && Number(r.dataset.done) > %d && r.querySelectorAll('article.ref').length === %d; })()`, p.before, n)
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		st, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById('status').textContent + ' | ' + document.querySelectorAll('#results article.ref').length`))
		p.t.Fatalf("the page did not show %d answers: %v (status %q)", n, err, st)
	}
}

// shot saves a screenshot of the page's state as a test artifact.
func (p *page) shot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.MkdirAll(*artifacts, 0o755); err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(*artifacts, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", path)
}

// shown is what the page shows of one reference, read back from it.
type shown struct {
	Verdict string                       `json:"verdict"`
	Comps   []shownComp                  `json:"comps"`
	Err     int                          `json:"err"`
	Msg     string                       `json:"msg"`
	Forms   map[string]string            `json:"forms"`
	Lint    int                          `json:"lint"`
	Summary string                       `json:"summary"`
	Readers map[string]map[string]string `json:"readers"`
	Differs []string                     `json:"differs"`
	Causes  string                       `json:"causes"`
	Badges  []string                     `json:"badges"`
	Chars   int                          `json:"chars"`
	Notes   []string                     `json:"notes"`
	Compare string                       `json:"compare"`
}

type shownComp struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Text  string `json:"text"`
}

// readBack returns what the page shows of each reference.
const readBack = `[...document.querySelectorAll('#results article.ref')].map((art) => {
  const textOf = (box) => box ? [...box.querySelectorAll('.ch, .badge')].map((n) => n.classList.contains('badge') ? '<' + n.textContent + '>' : n.textContent).join('') : '';
  const text = art.querySelector(':scope > .text');
  const err = art.querySelector(':scope > .text .err');
  const msg = art.querySelector(':scope > .error-msg');
  const proseOf = (e) => e ? [...e.querySelectorAll('.prose')].map((p) => [...p.childNodes].map((n) => n.nodeType === 3 ? n.data : '<' + n.textContent + '>').join('')).join('') : '';
  const forms = {};
  const ft = art.querySelector(':scope > table');
  if (ft) for (const tr of ft.querySelectorAll('tbody tr')) forms[tr.firstChild.textContent] = textOf(tr.querySelector('td .text')) || tr.lastChild.textContent;
  const readers = {};
  for (const tr of art.querySelectorAll('.interop tbody tr')) {
    const r = {};
    for (const td of tr.querySelectorAll('td')) r[td.dataset.component || 'refuses'] = td.dataset.component ? textOf(td.querySelector('.text')) : td.textContent;
    readers[tr.firstChild.textContent] = r;
  }
  const cmp = art.querySelector('.compare');
  return {
    verdict: art.querySelector('.verdict').textContent,
    comps: text ? [...text.querySelectorAll('.comp')].map((c) => ({name: c.dataset.name, label: c.getAttribute('aria-label'), text: textOf(c)})) : [],
    err: err ? Number(err.dataset.at) : -1,
    msg: proseOf(msg),
    forms,
    lint: art.querySelectorAll('.lint-row').length,
    summary: (art.querySelector('details summary') || {}).textContent || '',
    readers,
    differs: [...art.querySelectorAll('.interop td.differs')].map((td) => td.parentNode.firstChild.textContent + ':' + td.dataset.component),
    causes: (art.querySelector('.causes') || {}).textContent || '',
    badges: [...art.querySelectorAll(':scope > .text .badge')].map((b) => b.textContent),
    chars: art.querySelectorAll(':scope > .text .ch').length,
    notes: [...art.querySelectorAll(':scope > .note')].map((n) => n.textContent),
    compare: cmp ? cmp.textContent : '',
  };
})`

func (p *page) read() []shown {
	p.t.Helper()
	return eval[[]shown](p, readBack)
}

// escape writes s as the page draws it: characters it badges as <U+XXXX>.
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if hiddenRune(r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hiddenRune is the page's list of characters drawn as badges.
func hiddenRune(c rune) bool {
	return c <= 0x20 || (c >= 0x7f && c < 0xa0) || c == 0xa0 || c == 0xad || c == 0x34f || c == 0x61c ||
		(c >= 0x115f && c <= 0x1160) || c == 0x17b4 || c == 0x17b5 || (c >= 0x180b && c <= 0x180f) ||
		(c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) || (c >= 0x205f && c <= 0x206f) ||
		c == 0x3000 || c == 0x3164 || (c >= 0xfe00 && c <= 0xfe0f) || c == 0xfeff || c == 0xffa0 ||
		(c >= 0xfff0 && c <= 0xfffb) || (c >= 0xe000 && c <= 0xf8ff) || (c >= 0xe0000 && c <= 0xe0fff) || c >= 0xf0000
}

// components returns the library's components of s with their offsets,
// as the page labels them.
func components(s string) []shownComp {
	r := scanner.Scan(s, scanner.IRIReference, 0)
	var out []shownComp
	add := func(name string, a, b int32) {
		out = append(out, shownComp{name, fmt.Sprintf("%s, bytes %d to %d", name, a, b), escape(s[a:b])})
	}
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
		add("fragment", r.FragmentStart, int32(len(s)))
	}
	return out
}

// A valid reference: the components drawn over the text are the
// scanner's, the forms are the library's conversions, the findings are
// lint's; and the state is in the fragment.
func TestValidReference(t *testing.T) {
	p := newPage(t)
	s := "http://user@例え.jp:8080/パス/./a?q=値#節"
	p.typeIn("refs", s)
	p.typeIn("base", "http://base.example/x/")
	p.settle(1)
	got := p.read()[0]
	want := components(s)
	if fmt.Sprint(got.Comps) != fmt.Sprint(want) || got.Verdict != "valid IRI-reference" || got.Err != -1 {
		t.Errorf("the page shows %+v\nwant %+v", got, want)
	}
	u := iri.MustParseReference(s)
	syntax, _ := iri.Normalize(s)
	scheme, _ := iri.Normalizer{Level: iri.LevelScheme}.Normalize(s)
	b := iri.MustParseReference("http://base.example/x/")
	res, _ := b.ResolveIRI(u)
	for label, v := range map[string]string{
		"URI form (3.1)": u.URI(), "IRI form (3.2)": string(u.AppendIRI(nil)), "display form": lint.Display(s),
		"normal, syntax": syntax, "normal, scheme": scheme, "key": iri.Key(u), "resolved": res.String(),
	} {
		if got.Forms[label] != escape(v) {
			t.Errorf("%s: the page shows %q, the library %q", label, got.Forms[label], v)
		}
	}
	if n := len(lint.Lint(s, lint.Options{})); got.Lint != n {
		t.Errorf("%d lint rows, lint finds %d", got.Lint, n)
	}
	hash := eval[string](p, `location.hash`)
	q, _ := url.ParseQuery(strings.TrimPrefix(hash, "#"))
	if q.Get("r") != s || q.Get("base") != "http://base.example/x/" {
		t.Errorf("the fragment is %q", hash)
	}
	p.shot("valid")
	if *readmeShot {
		// Scripts the fonts of a bare Debian have: the picture shows no
		// missing glyphs.
		p.typeIn("refs", "http://user@bücher.example:8080/παράδειγμα?q=ü#ç\nhttp://a b/c\nhttp://0x7f.1/%2e%2e/admin")
		p.typeIn("base", "")
		p.settle(3)
		p.do(chromedp.EmulateViewport(1100, 1250))
		png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if len(png) > 200<<10 {
			t.Fatalf("the screenshot is %d bytes, over 200 KB", len(png))
		}
		if err := os.WriteFile(filepath.Join("..", "..", "..", "docs", "playground.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p.clean()
}

// An invalid reference: the caret is under the byte Parse names, with
// its message; a reference that ends too soon gets the caret past its end.
func TestInvalidReference(t *testing.T) {
	p := newPage(t)
	for _, s := range []string{"http://例え.jp/a b", "http://[::1", "%zz"} {
		p.typeIn("refs", s)
		p.settle(1)
		got := p.read()[0]
		_, err := iri.ParseReference(s)
		e := err.(*iri.Error)
		if got.Err != e.Offset || got.Msg != e.Error() || !strings.HasPrefix(got.Verdict, "not a valid") {
			t.Errorf("%q: caret at %d, message %q; Parse says %d, %q", s, got.Err, got.Msg, e.Offset, e.Error())
		}
	}
	p.shot("invalid")
	p.clean()
}

// Bidi overrides, invisible and control characters are badges: the text
// is never reordered or hidden, and no such character reaches the page
// as itself.
func TestHostileCharacters(t *testing.T) {
	p := newPage(t)
	s := "http://example.com/\u202eabc\u05d0\u200b/\u2066x\u2069?a=\u00ad#\ufeff"
	p.typeIn("refs", s)
	p.settle(1)
	got := p.read()[0]
	for _, want := range []string{"U+202E", "U+200B", "U+2066", "U+2069", "U+00AD", "U+FEFF"} {
		if !strings.Contains(strings.Join(got.Badges, " "), want) {
			t.Errorf("no badge %s in %v", want, got.Badges)
		}
	}
	if eval[bool](p, `/[\u202a-\u202e\u2066-\u2069\u200b\ufeff\u00ad]/.test(document.getElementById('results').innerText)`) {
		t.Error("a bidi control or invisible character is on the page as itself")
	}
	// What other readers decode is drawn the same way: net/url reads
	// the host of this ASCII reference as "ex\u202eample.com".
	p.typeIn("refs", "http://ex%E2%80%AEample.com/a")
	p.typeIn("base", "http://b\u202e/")
	p.settle(1)
	if eval[bool](p, `/[\u202a-\u202e\u2066-\u2069]/.test(document.getElementById('results').innerText)`) {
		t.Error("a decoded bidi control is on the page as itself")
	}
	if !eval[bool](p, `[...document.querySelectorAll('.connect .badge')].some((b) => b.textContent === 'U+202E')`) {
		t.Error("the decoded host in the connect line has no badge")
	}
	// A field cannot keep a bidi control from reordering its own text:
	// the page names it under the field.
	if note := eval[string](p, `document.getElementById('base-note').textContent`); !strings.Contains(note, "U+202E") {
		t.Errorf("the base field's note is %q", note)
	}
	p.typeIn("base", "")
	// Markup in the input is text.
	p.typeIn("refs", `http://h/<img src=x onerror=alert(1)>"<script>alert(2)</script>`)
	p.settle(1)
	if elements := eval[int](p, `document.querySelectorAll('#results img, #results script').length`); elements != 0 {
		t.Errorf("the input made %d elements", elements)
	}
	p.shot("hostile")
	p.clean()
}

// A megabyte line keeps the page responsive: the server's answer is
// bounded, the page draws a bounded part, and says so.
func TestMegabyteLine(t *testing.T) {
	p := newPage(t)
	s := "http://h/" + strings.Repeat("a\u05d0", 1<<19) + " x"
	start := time.Now()
	p.paste("refs", s)
	p.settle(1)
	took := time.Since(start)
	got := p.read()[0]
	_, err := iri.ParseReference(s)
	if got.Err != err.(*iri.Error).Offset || got.Chars > 2000+401 || len(got.Notes) == 0 {
		t.Errorf("caret %d (want %d), %d characters drawn, notes %q", got.Err, err.(*iri.Error).Offset, got.Chars, got.Notes)
	}
	t.Logf("a %d-byte line took %v", len(s), took)
	p.shot("megabyte")
	p.clean()
}

// A reference the readers disagree on: the readings table marks the
// host, names the cause, and shows what each reader read, as package
// interop does.
func TestReadersDisagree(t *testing.T) {
	p := newPage(t)
	s := "http://0x7f.1/"
	p.typeIn("refs", s)
	p.settle(1)
	got := p.read()[0]
	rep := interop.Read(s, interop.Context{})
	for _, r := range []interop.Reader{interop.ReaderRFC3986, interop.ReaderRFC3987, interop.ReaderWHATWG, interop.ReaderNetURL} {
		if host := got.Readers[r.String()]["host"]; host != rep.Reading(r).Host {
			t.Errorf("%s reads host %q, the page shows %q", r, rep.Reading(r).Host, host)
		}
	}
	if !strings.Contains(strings.Join(got.Differs, " "), "whatwg:host") || !strings.Contains(got.Causes, interop.CauseIPv4NonDecimal.String()) {
		t.Errorf("differs %v, causes %q", got.Differs, got.Causes)
	}
	p.shot("readers")
	p.clean()
}

// A link with the state in its fragment shows that state: compare mode
// included.
func TestFragmentLink(t *testing.T) {
	p := newPage(t)
	q := url.Values{"r": {"http://a/%7e", "../g"}, "base": {"http://a/b/c"}, "other": {"HTTP://A/~"}}
	p.do(chromedp.Navigate(serverURL(t) + "/#" + q.Encode()))
	p.before = 0 // a new page
	p.settle(2)
	got := p.read()
	a := iri.MustParseReference("http://a/%7e")
	if rung := iri.CompareRung(a, iri.MustParseReference("HTTP://A/~")).String(); !strings.Contains(got[0].Compare, "rung: "+rung) {
		t.Errorf("compare shows %q, want rung %s", got[0].Compare, rung)
	}
	res, _ := iri.MustParseReference("http://a/b/c").Resolve("../g")
	if got[1].Forms["resolved"] != res.String() {
		t.Errorf("resolved %q, want %q", got[1].Forms["resolved"], res)
	}
	p.shot("fragment")
	p.clean()
}

// The page works from the keyboard alone: Tab reaches the text field,
// typing explains, Tab reaches each component, whose name and offsets
// the page then says.
func TestKeyboardOnly(t *testing.T) {
	p := newPage(t)
	eval[bool](p, `document.activeElement.blur(), true`)
	p.do(chromedp.KeyEvent("\t"))
	if active := eval[string](p, `document.activeElement.id`); active != "refs" {
		t.Fatalf("Tab goes to %q first, not the references", active)
	}
	p.before = p.done()
	p.do(chromedp.KeyEvent("http://h:81/p"))
	p.settle(1)
	var detail string
	for i := 0; i < 10 && !strings.HasPrefix(detail, "host,"); i++ {
		p.do(chromedp.KeyEvent("\t"))
		detail = eval[string](p, `document.activeElement.classList.contains('comp') ? document.activeElement.getAttribute('aria-label') + '|' + document.getElementById('detail').textContent : ''`)
		label, said, _ := strings.Cut(detail, "|")
		if label != said {
			t.Errorf("focus on %q, the page says %q", label, said)
		}
		detail = label
	}
	if detail != "host, bytes 7 to 8" {
		t.Errorf("tabbing to the host says %q", detail)
	}
	p.shot("keyboard")
	p.clean()
}

// The policy holds, and the recorder of problems sees a violation: no
// script can be put in the page as text (Trusted Types), and an image
// from elsewhere is refused and reported, so that the tests above would
// see one.
func TestPolicyViolationSeen(t *testing.T) {
	p := newPage(t)
	if !eval[bool](p, `(() => { try { document.createElement('script').textContent = 'window.inlineRan = true'; return false; } catch (e) { return e instanceof TypeError; } })()`) {
		t.Error("a script's text could be set")
	}
	eval[bool](p, `(() => { const i = document.createElement('img'); i.src = 'https://example.invalid/x.png'; document.body.append(i); return true; })()`)
	time.Sleep(300 * time.Millisecond)
	p.mu.Lock()
	n := len(p.problems)
	p.problems = nil
	p.mu.Unlock()
	if n == 0 {
		t.Error("the refused image was not reported")
	}
}

// iri serve stops on SIGTERM, with status 0.
func TestServeStopsOnSignal(t *testing.T) {
	cmd, u, stderr := startIRI(t)
	go io.Copy(io.Discard, stderr)
	resp, err := httpGet(u + "/")
	if err != nil || !strings.Contains(resp, "iri playground") {
		t.Errorf("GET /: %v", err)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("iri serve after SIGTERM: %v", err)
		}
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		t.Error("iri serve did not stop on SIGTERM")
	}
}
