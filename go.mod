module github.com/irikit/iri

go 1.26
