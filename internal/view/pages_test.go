package view

import (
	"testing"
	"time"

	"tourbook/internal/audit"
)

func TestCheckPage(t *testing.T) {
	tests := []struct {
		name  string
		props any
		ok    bool
	}{
		{"overview", OverviewProps{}, true},
		{"login", EmptyProps{}, true},
		{"adminDashboard", DashboardProps{}, true},
		{"overview", TourProps{}, false},
		{"overview", &OverviewProps{}, false},
		{"overview", nil, false},
		{"nowhere", EmptyProps{}, false},
	}
	for _, tt := range tests {
		if err := CheckPage(tt.name, tt.props); (err == nil) != tt.ok {
			t.Errorf("CheckPage(%q, %T) = %v, want ok %v", tt.name, tt.props, err, tt.ok)
		}
	}
}

// TestBackOfficeTimesInTheSiteZone: the back office writes instants in the site's zone
// and names it; UTC reads as before.
func TestBackOfficeTimesInTheSiteZone(t *testing.T) {
	lisbon, err := time.LoadLocation("Europe/Lisbon")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 7, 26, 13, 5, 0, 0, time.UTC)
	for _, c := range []struct {
		loc  *time.Location
		want string
	}{
		{lisbon, "Sun 26 July 2026, 14:05 WEST (Europe/Lisbon)"},
		{time.UTC, "Sun 26 July 2026, 13:05 UTC"},
		{nil, "Sun 26 July 2026, 13:05 UTC"},
	} {
		if got := FormatTime(at, c.loc); got != c.want {
			t.Errorf("FormatTime in %v = %q, want %q", c.loc, got, c.want)
		}
	}
	if got := FormatTime(time.Time{}, lisbon); got != "" {
		t.Errorf("zero time: %q", got)
	}
	row := NewAuditRow(audit.Entry{At: at, ActorName: "Laura"}, lisbon)
	if row.At != "Sun 26 July 2026, 14:05 WEST (Europe/Lisbon)" {
		t.Errorf("audit row: %q", row.At)
	}
}
