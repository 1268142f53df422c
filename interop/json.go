package interop

import "encoding/json"

// jsonReading is a reading as JSON: each component a string, or null
// where the reading has none.
type jsonReading struct {
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

// byReader holds one value a reader, in the readers' order; a reader
// without one is left out (or null, for readings).
type byReader[T any] struct {
	RFC3986 T `json:"rfc3986"`
	RFC3987 T `json:"rfc3987"`
	WHATWG  T `json:"whatwg"`
	NetURL  T `json:"neturl"`
}

type byReaderOmit struct {
	RFC3986 string `json:"rfc3986,omitempty"`
	RFC3987 string `json:"rfc3987,omitempty"`
	WHATWG  string `json:"whatwg,omitempty"`
	NetURL  string `json:"neturl,omitempty"`
}

type byClient struct {
	RFC3986   string `json:"rfc3986,omitempty"`
	RFC3987   string `json:"rfc3987,omitempty"`
	WHATWG    string `json:"whatwg,omitempty"`
	NetURL    string `json:"neturl,omitempty"`
	NetURLCgo string `json:"neturl-cgo,omitempty"`
}

type jsonReport struct {
	Input    string                 `json:"input"`
	Readings byReader[*jsonReading] `json:"readings"`
	Errors   byReaderOmit           `json:"errors"`
	Differs  []string               `json:"differs"`
	Refused  []string               `json:"refused"`
	Causes   []string               `json:"causes"`
	Connect  byClient               `json:"connect"`
	Versions struct {
		NetURL string `json:"neturl"`
	} `json:"versions"`
}

// MarshalJSON writes the report as iri interop --json does: input,
// readings (one object a reader, null where it refuses; each component
// a string or null), errors (each refusing reader's message), differs,
// refused and causes (lists of names), connect ("host:port" a client),
// and versions (net/url's Go release).
func (rep Report) MarshalJSON() ([]byte, error) {
	j := jsonReport{
		Input:   rep.Input,
		Differs: []string{},
		Refused: []string{},
		Causes:  []string{},
	}
	rs := [numReaders]**jsonReading{&j.Readings.RFC3986, &j.Readings.RFC3987, &j.Readings.WHATWG, &j.Readings.NetURL}
	es := [numReaders]*string{&j.Errors.RFC3986, &j.Errors.RFC3987, &j.Errors.WHATWG, &j.Errors.NetURL}
	for r := range numReaders {
		rd := &rep.readings[r]
		if !rd.OK() {
			*es[r] = rd.Err.Error()
			continue
		}
		jr := new(jsonReading)
		fs := [numComponents]**string{&jr.Scheme, &jr.Userinfo, &jr.Host, &jr.Port, &jr.Path, &jr.Query, &jr.Fragment}
		for c := range numComponents {
			if v, ok := rd.Get(c); ok {
				*fs[c] = &v
			}
		}
		*rs[r] = jr
	}
	for _, c := range rep.Differs.List() {
		j.Differs = append(j.Differs, c.String())
	}
	for _, r := range rep.Refused.List() {
		j.Refused = append(j.Refused, r.String())
	}
	for _, c := range rep.Causes.List() {
		j.Causes = append(j.Causes, c.String())
	}
	cs := [numClients]*string{&j.Connect.RFC3986, &j.Connect.RFC3987, &j.Connect.WHATWG, &j.Connect.NetURL, &j.Connect.NetURLCgo}
	for c := range numClients {
		*cs[c] = rep.endpoints[c].String()
	}
	j.Versions.NetURL = rep.readings[ReaderNetURL].Version
	return json.Marshal(&j)
}
