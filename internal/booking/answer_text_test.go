package booking

import (
	"testing"

	"tourbook/internal/tour"
)

func TestAnswerText(t *testing.T) {
	for _, c := range []struct {
		a    Answer
		want string
	}{
		{Answer{Type: tour.YesNo, Value: "yes"}, "Yes"},
		{Answer{Type: tour.YesNo, Value: "no"}, "No"},
		{Answer{Type: tour.Choices, Value: "Boots\nPoles"}, "Boots, Poles"},
		{Answer{Type: tour.OneChoice, Value: "Vegan"}, "Vegan"},
		{Answer{Type: tour.LongText, Value: "line one\nline two"}, "line one\nline two"},
		{Answer{Type: tour.DateQ, Value: "2027-06-11"}, "2027-06-11"},
	} {
		if got := c.a.Text(); got != c.want {
			t.Errorf("%s %q: got %q, want %q", c.a.Type, c.a.Value, got, c.want)
		}
	}
}
