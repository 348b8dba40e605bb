package review

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/httpx"
)

// TestInputClean: the rating is a whole 1 to 5; the text is trimmed and counted in
// characters, not bytes, against MinText and MaxText.
func TestInputClean(t *testing.T) {
	for _, c := range []struct {
		in      Input
		text    string // after cleaning, when accepted
		refusal string // the message, when refused
	}{
		{Input{5, "  Ten chars!  "}, "Ten chars!", ""},
		{Input{1, strings.Repeat("é", MinText)}, strings.Repeat("é", MinText), ""},
		{Input{3, strings.Repeat("ü", MaxText)}, strings.Repeat("ü", MaxText), ""},
		{Input{3, "   Nine ch   "}, "", "Please write at least 10 characters about your trip."},
		{Input{3, strings.Repeat("ü", MaxText+1)}, "", "Please keep your review to 2000 characters; it has 2001."},
		{Input{0, "A fine trip overall."}, "", "Please give the tour a rating from 1 to 5 stars."},
		{Input{6, "A fine trip overall."}, "", "Please give the tour a rating from 1 to 5 stars."},
		{Input{4, "First day.\r\n\tSecond day."}, "First day.\r\n\tSecond day.", ""},
		// PostgreSQL refuses a NUL in text: a 400 here, not a 500 from the store.
		{Input{4, "Great trip\x00 overall"}, "", "Your review contains a control character. Please remove it."},
		{Input{4, "Great trip \u202Eevol I"}, "", "Your review contains a control character. Please remove it."},
		{Input{4, "Great trip \xff overall"}, "", "Your review contains a control character. Please remove it."},
	} {
		got, err := c.in.Clean()
		if c.refusal == "" {
			if err != nil || got.Text != c.text || got.Rating != c.in.Rating {
				t.Errorf("Clean(%q) = %+v, %v; want text %q", c.in.Text, got, err, c.text)
			}
			continue
		}
		var fe *fault.Error
		if err == nil || !errors.As(err, &fe) || httpx.StatusOf(fe.Kind) != 400 || fe.Message != c.refusal {
			t.Errorf("Clean(%d, %.20q…) = %v; want 400 %q", c.in.Rating, c.in.Text, err, c.refusal)
		}
	}
}

func TestNotEndedSaysFromWhen(t *testing.T) {
	e := &NotEndedError{First: time.Date(2031, 1, 10, 0, 0, 0, 0, time.UTC)}
	if httpx.StatusOf(e.FaultKind()) != 403 || e.PublicMessage() != "You can review this tour once your trip has ended." {
		t.Errorf("without an end: %d %q", httpx.StatusOf(e.FaultKind()), e.PublicMessage())
	}
	auckland, _ := time.LoadLocation("Pacific/Auckland")
	e.EndsAt = time.Date(2031, 1, 13, 0, 0, 0, 0, auckland)
	if got := e.PublicMessage(); got != "You can review this tour once your trip has ended, from 13 January 2031." {
		t.Errorf("message %q", got)
	}
}
