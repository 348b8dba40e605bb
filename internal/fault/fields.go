package fault

import (
	"fmt"
	"strings"
)

// Field is a message about one field of a form: Key names the field as the API does
// ("price", "locations.2.day"), Message says what is wrong with the field's label, as
// the person sees it ("Price per person must be a number, e.g. 1290 or 1290.50.").
type Field struct {
	Key     string
	Message string
}

// Fields collects what is wrong with a form, every field at once, so a person sees all
// of it after one save. The zero value is ready to use.
type Fields struct {
	list []Field
}

// Add notes a message about the field key; a second message about the same field is
// dropped: one thing at a time per field.
func (f *Fields) Add(key, format string, args ...any) {
	if f.Has(key) {
		return
	}
	f.list = append(f.list, Field{Key: key, Message: fmt.Sprintf(format, args...)})
}

// Has reports whether the field key already has a message.
func (f *Fields) Has(key string) bool {
	for _, x := range f.list {
		if x.Key == key {
			return true
		}
	}
	return false
}

// Err is nil when every field is fine, else an Invalid *Error whose message sums the
// fields up and whose Fields carries each one.
func (f *Fields) Err() error {
	if len(f.list) == 0 {
		return nil
	}
	msgs := make([]string, len(f.list))
	for i, x := range f.list {
		msgs[i] = x.Message
	}
	msg := msgs[0]
	if len(msgs) > 1 {
		msg = fmt.Sprintf("Please correct %d fields: %s", len(msgs), strings.Join(msgs, " "))
	}
	return &Error{Kind: Invalid, Message: msg, Fields: append([]Field(nil), f.list...)}
}

// FieldError is an Invalid error about one field.
func FieldError(key, message string) *Error {
	var f Fields
	f.Add(key, "%s", message)
	return f.Err().(*Error)
}

// FieldMessages is each field's message by key, for the API's answer ("fields"); nil
// when the error is not about fields.
func (e *Error) FieldMessages() map[string]string {
	if len(e.Fields) == 0 {
		return nil
	}
	m := make(map[string]string, len(e.Fields))
	for _, x := range e.Fields {
		m[x.Key] = x.Message
	}
	return m
}
