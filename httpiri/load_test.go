package httpiri

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/irikit/iri"
	"github.com/irikit/iri/internal/corpus"
)

// corpusTargets turns the corpora's references into request targets: the
// path and query of each one that has an authority, the reference itself
// for one that starts with "/". Lines with bytes a request line cannot
// carry (space, controls) or that net/url refuses are left out, as
// net/http answers those before any handler.
func corpusTargets(tb testing.TB) []string {
	var out []string
	add := func(t string) {
		for i := 0; i < len(t); i++ {
			if t[i] <= ' ' || t[i] == 0x7F {
				return
			}
		}
		if _, err := url.ParseRequestURI(t); err != nil || !strings.HasPrefix(t, "/") {
			return
		}
		out = append(out, t)
	}
	for _, lines := range corpus.All(tb) {
		for _, l := range lines {
			if f := strings.Split(l, ","); len(f) == 2 && !strings.Contains(l, " ") {
				l = f[1]
			}
			u, err := iri.ParseReference(l)
			switch {
			case err != nil:
				if i := strings.Index(l, "://"); i >= 0 {
					if j := strings.IndexByte(l[i+3:], '/'); j >= 0 {
						add(l[i+3+j:]) // an invalid reference is a test too
					}
				}
			case u.HasAuthority():
				t := u.Path()
				if t == "" {
					t = "/"
				}
				if u.HasQuery() {
					t += "?" + u.Query()
				}
				add(t)
			case strings.HasPrefix(l, "/"):
				add(strings.SplitN(l, "#", 2)[0])
			}
		}
	}
	return out
}

// expectStatus is the status the middleware must give each target.
func expectStatus(opts Options, targets []string) []int {
	want := make([]int, len(targets))
	for i, t := range targets {
		r := request("GET", t)
		if _, err := opts.Check(r); err != nil {
			want[i] = 400
		} else {
			want[i] = 200
		}
	}
	return want
}

type loadResult struct {
	requests, transportErrors, wrongStatus int64
	latencies                              []time.Duration
	elapsed                                time.Duration
}

// load runs clients keep-alive connections against addr for d, each
// sending targets in turn from its own offset, and checks every status.
func load(addr string, targets []string, want []int, clients int, d time.Duration) loadResult {
	var res loadResult
	var mu sync.Mutex
	var wg sync.WaitGroup
	deadline := time.Now().Add(d)
	start := time.Now()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			var lat []time.Duration
			var n, terr, wrong int64
			var conn net.Conn
			var br *bufio.Reader
			for i := c * 997; time.Now().Before(deadline); i++ {
				k := i % len(targets)
				if conn == nil {
					var err error
					if conn, err = net.Dial("tcp", addr); err != nil {
						terr++
						continue
					}
					br = bufio.NewReader(conn)
				}
				t0 := time.Now()
				_, err := fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: load.example\r\n\r\n", targets[k])
				var resp *http.Response
				if err == nil {
					resp, err = http.ReadResponse(br, nil)
				}
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				if err != nil {
					terr++
					conn.Close()
					conn = nil
					continue
				}
				lat = append(lat, time.Since(t0))
				n++
				if resp.StatusCode != want[k] {
					wrong++
				}
				if resp.Close {
					conn.Close()
					conn = nil
				}
			}
			if conn != nil {
				conn.Close()
			}
			mu.Lock()
			res.requests += n
			res.transportErrors += terr
			res.wrongStatus += wrong
			res.latencies = append(res.latencies, lat...)
			mu.Unlock()
		}(c)
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	slices.Sort(res.latencies)
	return res
}

func (r loadResult) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[int(q*float64(len(r.latencies)-1))]
}

// TestLoad runs 64 concurrent keep-alive clients, sending the corpora's
// references as targets, against the same server with and without the
// middleware, and requires no transport error and the expected status
// for every response. It logs p50, p99 and requests per second; it
// asserts no speed (BenchmarkMiddleware measures the cost).
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	d := 2 * time.Second
	targets := corpusTargets(t)
	if len(targets) < 1000 {
		t.Fatalf("only %d targets", len(targets))
	}
	opts := Options{IRI: true}
	bareWant := make([]int, len(targets))
	for i := range bareWant {
		bareWant[i] = 200
	}
	mwWant := expectStatus(opts, targets)
	refused := 0
	for _, s := range mwWant {
		if s == 400 {
			refused++
		}
	}
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	for _, tc := range []struct {
		name    string
		handler http.Handler
		want    []int
	}{
		{"bare", ok, bareWant},
		{"middleware", Middleware(opts)(ok), mwWant},
	} {
		srv := httptest.NewServer(tc.handler)
		res := load(srv.Listener.Addr().String(), targets, tc.want, 64, d)
		srv.Close()
		t.Logf("%-10s %8d requests  %7.0f req/s  p50 %-10v p99 %-10v transport errors %d, wrong status %d (%d of %d targets refused)",
			tc.name, res.requests, float64(res.requests)/res.elapsed.Seconds(), res.quantile(0.5), res.quantile(0.99),
			res.transportErrors, res.wrongStatus, refused, len(targets))
		if res.transportErrors != 0 || res.wrongStatus != 0 || res.requests < 1000 {
			t.Errorf("%s: %d requests, %d transport errors, %d with the wrong status", tc.name, res.requests, res.transportErrors, res.wrongStatus)
		}
	}
}
