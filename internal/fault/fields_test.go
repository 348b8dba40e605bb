package fault

import (
	"errors"
	"testing"
)

func TestFields(t *testing.T) {
	var f Fields
	if f.Err() != nil {
		t.Fatal("no field, yet an error")
	}
	f.Add("price", "Price per person must be a number, e.g. %s.", "1290")
	f.Add("price", "a second message about the price is dropped")
	if err := f.Err(); err.Error() != "Price per person must be a number, e.g. 1290." {
		t.Errorf("one field: %q", err)
	}
	f.Add("durationDays", "Duration (days) cannot be empty.")
	var fe *Error
	if !errors.As(f.Err(), &fe) || fe.Kind != Invalid {
		t.Fatalf("%#v", f.Err())
	}
	if want := "Please correct 2 fields: Price per person must be a number, e.g. 1290. Duration (days) cannot be empty."; fe.Message != want {
		t.Errorf("summary %q, want %q", fe.Message, want)
	}
	m := fe.FieldMessages()
	if len(m) != 2 || m["durationDays"] != "Duration (days) cannot be empty." || !f.Has("price") || f.Has("name") {
		t.Errorf("fields %v", m)
	}
	if New(Invalid, "x", "y").FieldMessages() != nil {
		t.Error("an error without fields has some")
	}
}
