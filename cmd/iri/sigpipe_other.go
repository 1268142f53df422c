//go:build !unix

package main

// ignoreSIGPIPE has nothing to do where there is no SIGPIPE.
func ignoreSIGPIPE() {}
