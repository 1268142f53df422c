package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// --field N and --delimiter C: the reference is column N of each line of
// a TSV or CSV file, and each line is written back whole with the
// command's result appended as a new column.

// columns holds a run's --field settings and the buffers that catch what
// the handler writes for one line.
type columns struct {
	field     int  // 1-based; 0 when off
	baseField int  // resolve, relativize: the base's column, or 0
	delim     byte // the column separator
	header    bool // the first line of each file names the columns
	name      string
	cell      []byte        // the unquoted --field, when quoted
	base      []byte        // the unquoted --base-field, when quoted
	buf       bytes.Buffer  // the handler's output for the line at hand
	out       *bufio.Writer // writes into buf
	json      *json.Encoder // writes into out
	line      []byte
}

func newColumns(field int, delim byte, header bool, name string) *columns {
	c := &columns{field: field, delim: delim, header: header, name: name}
	c.out = bufio.NewWriterSize(&c.buf, 4<<10)
	c.json = json.NewEncoder(c.out)
	c.json.SetEscapeHTML(false)
	return c
}

// pickField returns field n (1-based) of line, split at delim; a field
// that starts with '"' is quoted as RFC 4180 says, '""' standing for '"'
// and delim inside it kept, and is unquoted into dst's memory, which
// comes back as scratch for the next call. ok is false when the line has
// fewer fields.
func pickField(dst, line []byte, n int, delim byte) (field, scratch []byte, ok bool) {
	for k := 1; ; k++ {
		var f []byte
		rest := -1
		if len(line) > 0 && line[0] == '"' {
			f = dst[:0]
			i := 1
			for i < len(line) {
				if line[i] == '"' {
					if i+1 < len(line) && line[i+1] == '"' {
						f = append(f, '"')
						i += 2
						continue
					}
					i++
					break
				}
				f = append(f, line[i])
				i++
			}
			dst = f
			if i < len(line) && line[i] == delim {
				rest = i + 1
			}
		} else {
			i := bytes.IndexByte(line, delim)
			f = line
			if i >= 0 {
				f, rest = line[:i], i+1
			}
		}
		if k == n {
			return f, dst[:0], true
		}
		if rest < 0 {
			return nil, dst[:0], false
		}
		line = line[rest:]
	}
}

// appendCell appends v as one field: quoted as RFC 4180 says when it
// holds the delimiter, a '"' at its start, or a line break.
func appendCell(dst, v []byte, delim byte) []byte {
	if !bytes.ContainsAny(v, string([]byte{delim, '\r', '\n'})) && (delim != ',' || bytes.IndexByte(v, '"') < 0) && (len(v) == 0 || v[0] != '"') {
		return append(dst, v...)
	}
	dst = append(dst, '"')
	for _, c := range v {
		if c == '"' {
			dst = append(dst, '"')
		}
		dst = append(dst, c)
	}
	return append(dst, '"')
}

// fieldLine runs h on field r.cols.field of line and writes the line back
// with what h wrote appended as a cell. It returns a write error.
func (r *lineRun) fieldLine(h handler, display string, n int, line []byte) error {
	c := r.cols
	out := append(c.line[:0], line...)
	out = append(out, c.delim)
	switch {
	case c.header && n == 1:
		out = append(out, c.name...)
	default:
		var cell, base []byte
		var ok bool
		cell, c.cell, ok = pickField(c.cell, line, c.field, c.delim)
		if ok && c.baseField > 0 {
			base, c.base, ok = pickField(c.base, line, c.baseField, c.delim)
		}
		if !ok {
			fmt.Fprintf(r.stderr, "%s:%d: no field %d\n", display, n, max(c.field, c.baseField))
			r.failed = true
			if r.stats != nil {
				r.stats.unreadable()
			}
			break
		}
		// The handler writes into the cell's buffer instead of the
		// output; its text is the reference, read as text even with
		// --json (which makes the cell a JSON record).
		saveOut, saveJSON, saveMode := r.out, r.jsonOut, r.jsonIn
		r.out, r.jsonOut, r.jsonIn = c.out, c.json, false
		err := r.decoded(h, display, n, cell, base)
		c.out.Flush()
		r.out, r.jsonOut, r.jsonIn = saveOut, saveJSON, saveMode
		if err != nil {
			return err
		}
		out = appendCell(out, bytes.TrimSuffix(c.buf.Bytes(), []byte("\n")), c.delim)
		c.buf.Reset()
	}
	out = append(out, '\n')
	c.line = out
	_, err := r.out.Write(out)
	return err
}
