package main

import (
	"embed"
	"net/http"
	"path"
)

// The playground page: plain HTML, CSS and a script, embedded so that
// the binary serves it offline.
//
//go:embed page/index.html page/app.js page/app.css page/favicon.svg
var pageFiles embed.FS

// pageTypes are the media types of the page's files.
var pageTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
}

// pageFile serves one of the page's files.
func pageFile(name string) http.Handler {
	b, err := pageFiles.ReadFile("page/" + name)
	if err != nil {
		panic("iri: no page file " + name) // embedded: the build has them all
	}
	typ := pageTypes[path.Ext(name)]
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", typ)
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(b)
	})
}
