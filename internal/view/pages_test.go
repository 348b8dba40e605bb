package view

import "testing"

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
