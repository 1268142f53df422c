// Command neturl shows how to score a parser with iri generate and iri
// score: it reads the JSON lines iri generate --json writes, parses each
// input with net/url, and writes each line back with "got_valid" and the
// components net/url found in "got".
//
//	iri generate --json --rule URI-reference --n 10000 --invalid 0.5 | go run ./examples/neturl | iri score
//
// net/url has no notion of the RFC 3986 rules, so this program reads
// them as a user of net/url would: url.Parse, plus a scheme where the
// rule needs one, none where it forbids one, and no '#' in the absolute
// rules.
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(in.Bytes(), &rec); err != nil {
			fmt.Fprintln(os.Stderr, "neturl:", err)
			os.Exit(2)
		}
		s, _ := rec["input"].(string)
		// input_base64 holds the exact bytes when they are not UTF-8.
		if b64, ok := rec["input_base64"].(string); ok {
			b, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				fmt.Fprintln(os.Stderr, "neturl:", err)
				os.Exit(2)
			}
			s = string(b)
		}
		rule, _ := rec["rule"].(string)
		u, err := url.Parse(s)
		ok := err == nil && ruleHolds(rule, s, u)
		rec["got_valid"] = ok
		if ok {
			rec["got"] = components(s, u)
		}
		if err := enc.Encode(rec); err != nil {
			fmt.Fprintln(os.Stderr, "neturl:", err)
			os.Exit(2)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "neturl:", err)
		os.Exit(2)
	}
}

// ruleHolds adds to url.Parse what the rule says of a scheme and a
// fragment.
func ruleHolds(rule, s string, u *url.URL) bool {
	switch rule {
	case "IRI", "URI":
		return u.Scheme != ""
	case "absolute-IRI", "absolute-URI":
		return u.Scheme != "" && !strings.Contains(s, "#")
	case "irelative-ref", "relative-ref":
		return u.Scheme == ""
	}
	return true
}

// components returns what net/url makes of each component, nil for an
// absent one, named as iri parse --json names them.
func components(s string, u *url.URL) map[string]*string {
	str := func(v string) *string { return &v }
	c := map[string]*string{"scheme": nil, "userinfo": nil, "host": nil, "port": nil, "query": nil, "fragment": nil}
	if u.Scheme != "" {
		c["scheme"] = str(u.Scheme)
	}
	if u.User != nil {
		c["userinfo"] = str(u.User.String())
	}
	authority := u.Host != "" || strings.HasPrefix(strings.TrimPrefix(s, u.Scheme+":"), "//")
	if authority {
		host := u.Host
		if i := strings.LastIndexByte(host, ':'); i >= 0 && i > strings.LastIndexByte(host, ']') {
			c["port"] = str(host[i+1:])
			host = host[:i]
		}
		c["host"] = str(host)
	}
	c["path"] = str(u.EscapedPath())
	if u.RawQuery != "" || u.ForceQuery {
		c["query"] = str(u.RawQuery)
	}
	if strings.Contains(s, "#") {
		c["fragment"] = str(u.EscapedFragment())
	}
	return c
}
