package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// --field N and --delimiter C: the reference is column N of each record
// of a TSV or CSV file, and each record is written back whole with the
// command's result appended as a new column. A record is a line, or more
// when a quoted field holds a line break (RFC 4180 2.6): both engines
// read whole records, so that the new cell never lands inside a quoted
// field.

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
	// A record whose quoted field goes on past the end of its first
	// line: its lines so far, joined by LF, the number of the first,
	// and the scan's state at the end of the last.
	pending []byte
	first   int
	scan    recordScan
	// The lines are a chunk's (a worker's, with --jobs): one array, in
	// order, which the worker may rewrite, and in which a record is
	// gathered in place, without a copy (gather).
	inPlace bool
}

// recordScan finds where records end, as pickField reads them: a field
// that starts with '"' runs to the next '"' not doubled, over delimiters
// and line breaks; anything but a delimiter after it ends the fields of
// the record (pickField refuses such a record: the rest of it, quotes
// included, is only passed over to its end). Only a
// line break outside a quoted field ends a record. With a cap (--max-line),
// a record also ends at the end of the line inside a quoted field at
// which it is longer than the cap, as fieldLine cuts it: the record is
// refused and the next line starts one.
type recordScan struct {
	delim byte
	max   int // --max-line, the cap on a record's size; 0 for none
	state scanState
	open  int  // the offset of the quote that opened the field at hand
	field int  // the field at hand, from 1
	off   int  // the offset of the next byte, in the record
	crs   int  // the line breaks in the record so far that are CR LF
	last  byte // the last byte fed
}

type scanState uint8

const (
	fieldStart scanState = iota // a field begins at the next byte
	unquoted                    // in a field that did not start with '"'
	quoted                      // in a quoted field
	quoteSeen                   // after a '"' in a quoted field: "" or its end
	dropped                     // the rest of a record after junk behind a quoted field
)

// reset starts a record.
func (sc *recordScan) reset() { sc.state, sc.field, sc.off, sc.crs = fieldStart, 1, 0, 0 }

// feed scans b, which follows what was fed since the record started or
// since the last record end, and returns the offset in b just past the
// last LF that ends a record, or -1. An IndexByte jump passes over the
// bytes between quotes, so that the cost is that of the quotes (and,
// with a cap, of the line breaks inside quoted fields).
func (sc *recordScan) feed(b []byte) (end int) {
	end = sc.scan(b)
	if len(b) > 0 {
		sc.last = b[len(b)-1]
	}
	return end
}

// scan is feed but for the last byte.
func (sc *recordScan) scan(b []byte) (end int) {
	end = -1
	for i := 0; i < len(b); {
		switch sc.state {
		case quoted:
			k := bytes.IndexByte(b[i:], '"')
			if sc.max > 0 {
				n := k
				if k < 0 {
					n = len(b) - i
				}
				if e := sc.capped(b, i, n); e >= 0 {
					end, i = e, e
					sc.reset()
					continue
				}
			}
			if k < 0 {
				sc.off += len(b) - i
				return end
			}
			i += k + 1
			sc.off += k + 1
			sc.state = quoteSeen
		case dropped:
			k := bytes.IndexByte(b[i:], '\n')
			if k < 0 {
				sc.off += len(b) - i
				return end
			}
			i += k + 1
			end = i
			sc.reset()
		case quoteSeen:
			c := b[i]
			i++
			sc.off++
			switch c {
			case '\n':
				end = i
				sc.reset()
			case sc.delim:
				sc.state = fieldStart
				sc.field++
			case '"':
				sc.state = quoted
			default:
				sc.state = dropped
			}
		default: // fieldStart, unquoted
			// To the next quote: it opens a field only at the field's
			// start; LFs and delimiters before it end records and
			// fields.
			k := bytes.IndexByte(b[i:], '"')
			seg := b[i:]
			if k >= 0 {
				seg = b[i : i+k]
			}
			if l := bytes.LastIndexByte(seg, '\n'); l >= 0 {
				end = i + l + 1
				sc.reset()
				seg = seg[l+1:]
			}
			sc.off += len(seg)
			sc.field += bytes.Count(seg, []byte{sc.delim})
			if len(seg) > 0 {
				sc.state = unquoted
				if seg[len(seg)-1] == sc.delim {
					sc.state = fieldStart
				}
			}
			if k < 0 {
				return end
			}
			i += k + 1
			sc.off++
			if sc.state == fieldStart {
				sc.state, sc.open = quoted, sc.off-1
			} else {
				sc.state = unquoted
			}
		}
	}
	return end
}

// capped walks the line breaks of b[i:i+n], which is inside a quoted
// field, and returns the offset in b just past the first that ends a
// line at which the record is longer than sc.max, or -1. A record's size
// is fieldLine's: its lines without their CR LF or LF, and one byte for
// each line break between them.
func (sc *recordScan) capped(b []byte, i, n int) int {
	for j := i; ; {
		k := bytes.IndexByte(b[j:i+n], '\n')
		if k < 0 {
			return -1
		}
		p := j + k
		if (p > 0 && b[p-1] == '\r') || (p == 0 && sc.last == '\r') {
			sc.crs++
		}
		if sc.off+p-i-sc.crs > sc.max {
			return p + 1
		}
		j = p + 1
	}
}

// inQuotes says whether the record goes on past the bytes fed so far.
func (sc *recordScan) inQuotes() bool { return sc.state == quoted }

// recordCut tells the parallel engine's reader where the last record of
// a chunk ends, so that no record is split between chunks; nil without
// --field, when lines are records.
type recordCut struct {
	sc   recordScan
	fed  int // the bytes of the chunk fed so far
	last int // the offset just past the last record end, or 0
}

// cutter returns a recordCut for c's delimiter and the cap on a
// record's size, --max-line (nil when c is).
func (c *columns) cutter(maxLine int) *recordCut {
	if c == nil {
		return nil
	}
	return &recordCut{sc: recordScan{delim: c.delim, max: maxLine}}
}

// start starts a chunk, which starts a record.
func (k *recordCut) start() {
	if k != nil {
		k.sc.reset()
		k.sc.last = 0
		k.fed, k.last = 0, 0
	}
}

// feed scans what data holds beyond the bytes fed so far.
func (k *recordCut) feed(data []byte) {
	if k == nil {
		return
	}
	if end := k.sc.feed(data[k.fed:]); end >= 0 {
		k.last = k.fed + end
	}
	k.fed = len(data)
}

// rescan scans data again from its start: the reader took a BOM off,
// which is no part of the first field.
func (k *recordCut) rescan(data []byte) {
	k.start()
	k.feed(data)
}

// ended says whether a record ended in what was fed: without --field,
// any line does.
func (k *recordCut) ended() bool { return k == nil || k.last > 0 }

// end returns where the chunk is to be cut: lineEnd, past its last LF,
// without --field.
func (k *recordCut) end(lineEnd int) int {
	if k == nil {
		return lineEnd
	}
	return k.last
}

func newColumns(field int, delim byte, header bool, name string) *columns {
	c := &columns{field: field, delim: delim, header: header, name: name, scan: recordScan{delim: delim}}
	c.out = bufio.NewWriterSize(&c.buf, 4<<10)
	c.json = json.NewEncoder(c.out)
	c.json.SetEscapeHTML(false)
	return c
}

// fieldFault is why pickField found no field: field is the field at
// fault, 0 when there is none; junk is the offset in the record of the
// text after the closing quote of that field, a quoted one, or -1 when
// the record has fewer fields than the one asked for.
type fieldFault struct {
	field, junk int
}

// pickField returns field n (1-based) of line, a record, split at delim;
// a field that starts with '"' is quoted as RFC 4180 says, '""' standing
// for '"' and delim inside it kept, and is unquoted into dst's memory,
// which comes back as scratch for the next call. It reads every field of
// the record: one that starts with '"' must end at its closing quote,
// followed by delim or the end of the record, as encoding/csv has it
// (ErrQuote); a record with text after a closing quote, in any field,
// has no fields (fault names the field and the text's offset), and so
// has a record with fewer than n fields (fault.junk is -1). A quote the
// record does not close runs to its end.
func pickField(dst, line []byte, n int, delim byte) (field, scratch []byte, fault fieldFault) {
	found := false
	for k, off := 1, 0; ; k++ {
		var f []byte
		rest := -1
		if len(line) > 0 && line[0] == '"' {
			if k == n {
				f = dst[:0]
			}
			i := 1
			for i < len(line) {
				if k != n {
					// Not the field asked for: only its end matters.
					j := bytes.IndexByte(line[i:], '"')
					if j < 0 {
						i = len(line)
						break
					}
					i += j
				}
				if line[i] == '"' {
					if i+1 < len(line) && line[i+1] == '"' {
						if k == n {
							f = append(f, '"')
						}
						i += 2
						continue
					}
					i++
					if i < len(line) && line[i] != delim {
						return nil, dst[:0], fieldFault{field: k, junk: off + i}
					}
					break
				}
				f = append(f, line[i])
				i++
			}
			if k == n {
				dst = f
			}
			if i < len(line) {
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
			field, found = f, true
		}
		if rest < 0 {
			break
		}
		line, off = line[rest:], off+rest
	}
	if !found {
		return nil, dst[:0], fieldFault{field: n, junk: -1}
	}
	return field, dst[:0], fieldFault{}
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

// keepBuffer is the capacity past which a record's buffers are dropped
// once it is written, so that a long record's memory is not kept (by
// each worker, with --jobs).
const keepBuffer = readBufferSize

// fieldLine takes line n of a file: a record, or a part of one that
// fieldRecord gets once whole. A record is as long as --max-line at
// most, as a line is: its lines without their line breaks, and one byte
// for each between them. A longer one is refused at the line that makes
// it so (fieldLong), and the line after that one starts a record. It
// returns a write error.
func (r *lineRun) fieldLine(h handler, display string, n int, line []byte) error {
	c := r.cols
	if len(c.pending) == 0 {
		if bytes.IndexByte(line, '"') < 0 {
			return r.fieldRecord(h, display, n, line) // no quoted field
		}
		c.first = n
		c.scan.reset()
	} else {
		if r.maxLine > 0 && len(c.pending)+1+len(line) > r.maxLine {
			return r.fieldLong(display, n, line)
		}
		c.scan.feed([]byte{'\n'})
	}
	c.scan.feed(line)
	c.gather(line)
	if c.scan.inQuotes() {
		return nil // the record goes on on the next line
	}
	rec := c.endRecord()
	err := r.fieldRecord(h, display, c.first, rec)
	if cap(c.line) > keepBuffer {
		c.line = nil
	}
	return err
}

// gather adds line to the pending record, after an LF unless it is the
// first. With inPlace the line moves back in its array over the line
// break (and CR) before it, next to the record's lines: line may then
// be overwritten.
func (c *columns) gather(line []byte) {
	n := len(c.pending)
	switch {
	case c.inPlace && n == 0:
		c.pending = line
	case c.inPlace:
		// The line is after the record in the same array.
		rec := c.pending[:n+1+len(line)]
		rec[n] = '\n'
		copy(rec[n+1:], line)
		c.pending = rec
	case n == 0:
		c.pending = append(c.pending, line...)
	default:
		c.pending = append(append(c.pending, '\n'), line...)
	}
}

// endRecord returns the pending record and ends it, dropping a long
// record's buffer and, with inPlace, the chunk's array. The record stays
// valid until the next line.
func (c *columns) endRecord() []byte {
	rec := c.pending
	c.pending = c.pending[:0]
	if c.inPlace || cap(c.pending) > keepBuffer {
		c.pending = nil
	}
	return rec
}

// quoteAt returns the line of the quote that opened the field at hand in
// the pending record, and its byte in that line.
func (c *columns) quoteAt() (line, col int) {
	line, col = c.first, c.scan.open
	if i := bytes.LastIndexByte(c.pending[:c.scan.open], '\n'); i >= 0 {
		line += bytes.Count(c.pending[:i+1], []byte{'\n'})
		col = c.scan.open - i - 1
	}
	return line, col
}

// fieldEOF ends the record at hand where the file ends, or before a line
// the run cannot read (longer than --max-line): one still open, whose
// quoted field is not closed, is reported and written back as it was,
// without a new cell, since one after it would land inside the field. It
// returns a write error.
func (r *lineRun) fieldEOF(display string) error {
	c := r.cols
	if c == nil || len(c.pending) == 0 {
		return nil
	}
	line, col := c.quoteAt()
	fmt.Fprintf(r.stderr, "%s:%d: field %d: the quoted field that starts at byte %d of line %d has no closing '\"' before the file ends or a line it cannot read (see --max-line); its %d lines are written back as they are, without a new cell\n",
		display, c.first, c.scan.field, col, line, bytes.Count(c.pending, []byte{'\n'})+1)
	return r.fieldRefused(nil)
}

// fieldLong refuses the record at hand, whose quoted field runs on to
// line n: with it, the record is longer than --max-line. It is reported
// and written back as it was, without a new cell, as an unclosed one is,
// and the next line starts a record. It returns a write error.
func (r *lineRun) fieldLong(display string, n int, line []byte) error {
	c := r.cols
	qline, col := c.quoteAt()
	fmt.Fprintf(r.stderr, "%s:%d: field %d: record longer than --max-line (%d bytes): the quoted field that starts at byte %d of line %d runs on to line %d; its %d lines are written back as they are, without a new cell, and the next line starts a record\n",
		display, c.first, c.scan.field, r.maxLine, col, qline, n, n-c.first+1)
	return r.fieldRefused(line)
}

// fieldRefused writes back the pending record, and last after it unless
// nil, without a cell, and ends the record. It returns a write error.
func (r *lineRun) fieldRefused(last []byte) error {
	rec := r.cols.endRecord()
	r.failed = true
	if r.stats != nil {
		r.stats.unreadable()
	}
	if _, err := r.out.Write(rec); err != nil {
		return err
	}
	if last != nil {
		if err := r.out.WriteByte('\n'); err != nil {
			return err
		}
		if _, err := r.out.Write(last); err != nil {
			return err
		}
	}
	return r.out.WriteByte('\n')
}

// fieldRecord runs h on field r.cols.field of a record, which begins on
// line n, and writes the record back with what h wrote appended as a
// cell. It returns a write error.
func (r *lineRun) fieldRecord(h handler, display string, n int, line []byte) error {
	c := r.cols
	out := append(c.line[:0], line...)
	out = append(out, c.delim)
	switch {
	case c.header && n == 1:
		out = append(out, c.name...)
	default:
		var cell, base []byte
		var fault fieldFault
		cell, c.cell, fault = pickField(c.cell, line, c.field, c.delim)
		if fault.field == 0 && c.baseField > 0 {
			base, c.base, fault = pickField(c.base, line, c.baseField, c.delim)
		}
		if fault.field != 0 {
			msg := fmt.Sprintf("%s:%d: no field %d", display, n, fault.field)
			if fault.junk >= 0 {
				// The place of the text, in the record's lines.
				at, col := n, fault.junk
				if i := bytes.LastIndexByte(line[:fault.junk], '\n'); i >= 0 {
					at += bytes.Count(line[:i+1], []byte{'\n'})
					col = fault.junk - i - 1
				}
				msg = fmt.Sprintf("%s:%d: field %d: text after the closing quote at byte %d of line %d (a quoted field ends at its closing '\"', which the delimiter or the end of the record follows; a '\"' inside it is written \"\")", display, n, fault.field, col, at)
			}
			fmt.Fprintf(r.stderr, "%s\n", msg)
			r.failed = true
			if r.stats != nil {
				r.stats.unreadable()
			}
			out = r.unreadableCell(out, msg, 0)
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

// fieldPlaceholder writes what stands in the place of record n, which
// could not be kept (a line longer than --max-line): an empty record
// with its new cell, the delimiter and unreadableCell's cell (the
// command's name for a --header record), so that the output keeps a
// record for each record of the input. It returns a write error.
func (r *lineRun) fieldPlaceholder(n int, msg string, off int) error {
	c := r.cols
	out := append(c.line[:0], c.delim)
	if c.header && n == 1 {
		out = append(out, c.name...)
	} else {
		out = r.unreadableCell(out, msg, off)
	}
	out = append(out, '\n')
	c.line = out
	_, err := r.out.Write(out)
	return err
}

// unreadableCell appends the new cell of a record that cannot be read
// (msg, reported on standard error, says why): empty in text, and with
// --json the error record of a line that cannot be read, input "",
// valid false, error.offset off and error.message msg.
func (r *lineRun) unreadableCell(out []byte, msg string, off int) []byte {
	if !r.json {
		return out
	}
	c := r.cols
	c.json.Encode(jsonInvalid{Error: jsonError{Offset: off, Message: msg}})
	c.out.Flush()
	out = appendCell(out, bytes.TrimSuffix(c.buf.Bytes(), []byte("\n")), c.delim)
	c.buf.Reset()
	return out
}
