package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/irikit/iri/httpiri"
)

// iri serve: the playground page and the JSON API over HTTP.

var cmdServe = &command{
	Usage: []string{"serve [--addr HOST:PORT] [--max-body SIZE]"},
	Short: "Serve the playground page and the JSON API of the line commands over HTTP",
	Long:  helpText("serve"),
	Flags: func(fs *pflag.FlagSet, f *flags) {
		fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "the address to listen on; the loopback interface unless this names another")
		f.maxBody.n = defaultMaxBody
		fs.Var(&f.maxBody, "max-body", "the largest request body, in bytes or with K, M or G (powers of 1024); a larger one gets 413")
	},
	NotRefs: true,
	Refuse:  refuseServe,
	Start:   startServe,
}

// runLine is run, for the API: set in init, as the command table that run
// reads holds serve.
var runLine func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

func init() { runLine = run }

// defaultMaxBody is --max-body's default: a few megabyte lines.
const defaultMaxBody = 4 << 20

// refuseServe refuses the flags of the line commands: each request says
// its own.
func refuseServe(set func(string) bool, f *flags) error {
	return refuseAny("serve", set, "each request to the JSON API gives its own, as a query parameter", "rule", "allow-bidi", "json", "json-in", "max-line", "jobs")
}

// startServe listens on --addr and serves until SIGINT or SIGTERM, then
// shuts down gracefully. It runs in Start: serve reads no lines.
func startServe(f *flags, args []string, r *lineRun) (handler, error) {
	if len(args) != 0 {
		return nil, fmt.Errorf("serve takes no files: the page and the API read what is sent to them")
	}
	if f.maxBody.n <= 0 {
		return nil, fmt.Errorf("--max-body must be more than 0")
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return nil, fmt.Errorf("--addr: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(r.stderr, "iri serve: listening on http://%s/\n", ln.Addr())
	if !isLoopback(ln.Addr()) {
		fmt.Fprintf(r.stderr, "iri serve: %s is not a loopback address: anyone who can reach it can use the page and the API\n", ln.Addr())
	}
	if err := serveOn(ctx, ln, int64(f.maxBody.n)); err != nil {
		fmt.Fprintf(r.stderr, "iri serve: %v\n", err)
		r.status = exitError
		return nil, nil
	}
	r.status = exitOK
	return nil, nil
}

// serveOn serves the playground on ln until ctx is done, then shuts the
// server down, waiting for the requests in flight.
func serveOn(ctx context.Context, ln net.Listener, maxBody int64) error {
	h := newPlayground(maxBody)
	if isLoopback(ln.Addr()) {
		h = loopbackHosts(h, ln.Addr().(*net.TCPAddr).Port)
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// isLoopback reports whether the server listens on a loopback address.
func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}

// loopbackHosts answers only requests whose Host names the loopback
// address the server listens on, so that a page elsewhere cannot reach
// the API through a name of its own that resolves to 127.0.0.1 (DNS
// rebinding).
func loopbackHosts(h http.Handler, port int) http.Handler {
	ok := map[string]bool{}
	for _, name := range []string{"127.0.0.1", "localhost", "[::1]"} {
		ok[name+":"+strconv.Itoa(port)] = true
		if port == 80 {
			ok[name] = true
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ok[strings.ToLower(r.Host)] {
			http.Error(w, "iri: this server answers requests for its loopback address only", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// sameOrigin refuses a request a page of another site sent: the page's
// own requests, and those of programs, which send no Origin, pass.
func sameOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site := r.Header.Get("Sec-Fetch-Site")
		origin := r.Header.Get("Origin")
		if site == "cross-site" || site == "same-site" || origin != "" && origin != "http://"+r.Host && origin != "https://"+r.Host {
			http.Error(w, "iri: requests from another site are refused", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// maxWorking bounds the API requests at work at once; the others wait
// for a turn, or for their client to give up.
var maxWorking = 2 * runtime.GOMAXPROCS(0)

// working is the semaphore of the requests at work.
var working = make(chan struct{}, maxWorking)

// turn waits for a turn to work on r, and reports false if r's client
// gave up first.
func turn(r *http.Request) bool {
	select {
	case working <- struct{}{}:
		return true
	case <-r.Context().Done():
		return false
	}
}

// maxAnswer is how much larger than the largest body an answer may be:
// every command's records are a bounded multiple of their input, but
// lint's violations, each a record, can be many for a line.
const maxAnswer = 16

// maxViolationsAPI is the most violations of a check /v1/lint lists for
// a line (its --max-violations): past it, the answer counts them.
const maxViolationsAPI = 1000

// newPlayground returns the server's handler: the page, its files and the
// API, behind httpiri, which checks each request target.
func newPlayground(maxBody int64) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /{$}", pageFile("index.html"))
	mux.Handle("GET /app.js", pageFile("app.js"))
	mux.Handle("GET /app.css", pageFile("app.css"))
	mux.Handle("GET /favicon.svg", pageFile("favicon.svg"))
	mux.HandleFunc("POST /v1/explain", func(w http.ResponseWriter, r *http.Request) { serveExplain(w, r, maxBody) })
	for _, name := range apiCommands {
		mux.HandleFunc("POST /v1/"+name, func(w http.ResponseWriter, r *http.Request) { serveCommand(w, r, name, maxBody) })
	}
	return securityHeaders(sameOrigin(httpiri.Middleware(httpiri.Options{NoContext: true})(mux)))
}

// contentSecurityPolicy lets the page load its own script and style and
// talk to its own API, and nothing else: no inline script or style, no
// eval, no frames, no forms.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'"

// securityHeaders sets the headers every response carries.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", contentSecurityPolicy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cross-Origin-Resource-Policy", "same-origin")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.ServeHTTP(w, r)
	})
}

// apiCommands are the line commands the API runs, each at /v1/NAME.
var apiCommands = []string{"parse", "check", "to-uri", "to-iri", "normalize", "resolve", "relativize", "key", "compare", "lint", "display", "whatwg", "interop"}

// apiFlags are the query parameters the API passes on to each command as
// its flags: the rest are refused.
var apiFlags = map[string][]string{
	"":           {"rule", "allow-bidi"},
	"to-uri":     {"idna"},
	"to-iri":     {"idna"},
	"normalize":  {"level", "uri", "nfc", "nfkc", "decode", "no-idna"},
	"resolve":    {"base"},
	"relativize": {"base"},
	"lint":       {"profile", "max-violations"},
	"display":    {"isolate"},
	"whatwg":     {"base"},
	"interop":    {"base", "request-target"},
}

// serveCommand runs the line command name on the request body as
// "iri NAME --json-in --json" would on standard input, with the query
// parameters as its flags: the body is JSON strings (or the objects the
// command reads), one a line, and the response its JSON records, one a
// line. The command's exit status is in the Iri-Exit-Status header; a
// usage error (an unknown parameter, a bad value) is a 400 with its
// message.
func serveCommand(w http.ResponseWriter, r *http.Request, name string, maxBody int64) {
	body, ok := readBody(w, r, maxBody)
	if !ok {
		return
	}
	args := []string{name, "--json-in", "--json", "--jobs", "1"}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		// url.Values would drop the pair quietly (a ';' in an unencoded
		// base, say), and the command run without it.
		http.Error(w, "iri: the query: "+err.Error()+" (percent-encode the values)", http.StatusBadRequest)
		return
	}
	for key, values := range q {
		allowed := slices.Contains(apiFlags[""], key) || slices.Contains(apiFlags[name], key)
		if !allowed || len(values) != 1 || (name == "whatwg" || name == "interop") && (key == "rule" || key == "allow-bidi") {
			http.Error(w, fmt.Sprintf("iri: /v1/%s takes no parameter %q (or it is given twice)", name, key), http.StatusBadRequest)
			return
		}
		if key == "max-violations" {
			if n, err := strconv.Atoi(values[0]); err == nil && (n == 0 || n > maxViolationsAPI) {
				http.Error(w, fmt.Sprintf("iri: /v1/lint lists at most %d violations of a check a line (max-violations from 1 to %d)", maxViolationsAPI, maxViolationsAPI), http.StatusBadRequest)
				return
			}
		}
		args = append(args, "--"+key+"="+values[0])
	}
	if !turn(r) {
		return
	}
	defer func() { <-working }()
	out := &cappedBuffer{max: max(maxAnswer*maxBody, 1<<20)}
	var errOut bytes.Buffer
	status := runLine(args, bytes.NewReader(body), out, &errOut)
	if out.over {
		http.Error(w, fmt.Sprintf("iri: the answer would be larger than %d bytes", out.max), http.StatusRequestEntityTooLarge)
		return
	}
	if status == exitError && out.Len() == 0 {
		msg := strings.TrimSuffix(errOut.String(), "Run 'iri --help' for usage.\n")
		http.Error(w, strings.TrimSpace(msg), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Iri-Exit-Status", strconv.Itoa(status))
	w.Write(out.Bytes())
}

// cappedBuffer is a bytes.Buffer that takes at most max bytes; past that
// its writes fail, which ends the command's run.
type cappedBuffer struct {
	bytes.Buffer
	max  int64
	over bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if int64(b.Len()+len(p)) > b.max {
		b.over = true
		return 0, errAnswerTooLarge
	}
	return b.Buffer.Write(p)
}

var errAnswerTooLarge = errors.New("the answer is too large")

// readBody reads the request body, up to maxBody bytes; past that it
// answers 413 and returns false.
func readBody(w http.ResponseWriter, r *http.Request, maxBody int64) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, fmt.Sprintf("iri: the request body is larger than --max-body (%d bytes)", maxBody), http.StatusRequestEntityTooLarge)
		return nil, false
	case err != nil:
		http.Error(w, "iri: reading the request body: "+err.Error(), http.StatusBadRequest)
		return nil, false
	}
	return body, true
}
