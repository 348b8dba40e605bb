package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// record is one top-level JSON value of an export file and where it starts.
type record struct {
	n    int // 1-based position in the file
	line int
	data json.RawMessage
}

// splitRecords cuts an export into records. It accepts a JSON array (mongoexport
// --jsonArray, or a hand-written file) and MongoDB's default of one object per line (any
// whitespace between the objects will do). Unparseable JSON stops the file: the error
// names the record being read and the line and column of the offending byte.
func splitRecords(file string, data []byte) ([]record, *Problem) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a BOM some editors write
	pos := skipSpace(data, 0, false)
	if pos == len(data) {
		return nil, nil
	}
	array := data[pos] == '['
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if array {
		if _, err := dec.Token(); err != nil {
			return nil, syntaxProblem(file, data, 1, pos, err)
		}
	}
	var recs []record
	for {
		start := skipSpace(data, int(dec.InputOffset()), array)
		if start == len(data) {
			if array {
				// The closing bracket never came.
				return recs, syntaxProblem(file, data, len(recs)+1, start, io.ErrUnexpectedEOF)
			}
			return recs, nil
		}
		if array && data[start] == ']' {
			if _, err := dec.Token(); err != nil {
				return recs, syntaxProblem(file, data, len(recs)+1, start, err)
			}
			if end := skipSpace(data, int(dec.InputOffset()), false); end < len(data) {
				return recs, &Problem{File: file, Line: lineOf(data, end), Column: columnOf(data, end),
					Reason: "invalid JSON: unexpected data after the closing ]"}
			}
			return recs, nil
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return recs, syntaxProblem(file, data, len(recs)+1, start, err)
		}
		recs = append(recs, record{n: len(recs) + 1, line: lineOf(data, start), data: raw})
	}
}

// syntaxProblem locates a decoding error. The decoder's own offsets are relative to where
// its buffer happened to start, so the value is scanned again from its first byte, where
// the offset is exact.
func syntaxProblem(file string, data []byte, n, start int, err error) *Problem {
	at := len(data)
	reason := "unexpected end of file"
	var se *json.SyntaxError
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		reason = err.Error()
		at = start
		var raw json.RawMessage
		again := json.NewDecoder(bytes.NewReader(data[start:])).Decode(&raw)
		if errors.As(again, &se) {
			at, reason = start+int(se.Offset)-1, se.Error()
		} else if errors.Is(again, io.ErrUnexpectedEOF) {
			at, reason = len(data), "unexpected end of file"
		}
	}
	return &Problem{File: file, Record: n, Line: lineOf(data, at), Column: columnOf(data, at),
		Reason: "invalid JSON: " + reason}
}

// skipSpace returns the first offset at or after pos that is not white space (nor, between
// array elements, a comma: the decoder leaves it unread before the next element).
func skipSpace(data []byte, pos int, commas bool) int {
	for pos < len(data) {
		switch data[pos] {
		case ' ', '\t', '\r', '\n':
		case ',':
			if !commas {
				return pos
			}
		default:
			return pos
		}
		pos++
	}
	return pos
}

func lineOf(data []byte, off int) int {
	off = min(off, len(data))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// columnOf counts characters, not bytes, so that it matches what an editor shows.
func columnOf(data []byte, off int) int {
	off = min(off, len(data))
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	return utf8.RuneCount(data[lineStart:off]) + 1
}

// Problem is one thing wrong with an export, placed as precisely as the file allows.
type Problem struct {
	File   string
	Record int // 1-based; 0 when the problem is not inside a record
	Line   int // where the record starts, or where invalid JSON was found
	Column int // only for invalid JSON
	Field  string
	Reason string
}

// Error formats the problem as `file:record N (line L): field: reason`.
func (p Problem) Error() string {
	var b bytes.Buffer
	b.WriteString(p.File)
	switch {
	case p.Record > 0 && p.Column > 0:
		fmt.Fprintf(&b, ":record %d (line %d, column %d)", p.Record, p.Line, p.Column)
	case p.Record > 0:
		fmt.Fprintf(&b, ":record %d (line %d)", p.Record, p.Line)
	case p.Column > 0:
		fmt.Fprintf(&b, ":line %d, column %d", p.Line, p.Column)
	}
	b.WriteString(": ")
	if p.Field != "" {
		b.WriteString(p.Field)
		b.WriteString(": ")
	}
	b.WriteString(p.Reason)
	return b.String()
}

// maxProblems bounds the report: past a few dozen, more lines only hide the pattern.
const maxProblems = 50

// Problems is the error Import returns when the export has bad records; nothing was
// written.
type Problems struct {
	List    []Problem
	Omitted int // problems found beyond maxProblems
}

func (ps *Problems) add(p Problem) {
	if len(ps.List) < maxProblems {
		ps.List = append(ps.List, p)
	} else {
		ps.Omitted++
	}
}

func (ps *Problems) Error() string {
	var b bytes.Buffer
	for i, p := range ps.List {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.Error())
	}
	if ps.Omitted > 0 {
		fmt.Fprintf(&b, "\n… and %d more problems", ps.Omitted)
	}
	return b.String()
}
