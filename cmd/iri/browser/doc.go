// Package browser tests the page of "iri serve" in a real browser: its
// tests build the iri command, start it on a loopback port and drive
// Chromium through the DevTools protocol (github.com/chromedp/chromedp).
// It is a module of its own so that the iri module does not require
// chromedp.
package browser
