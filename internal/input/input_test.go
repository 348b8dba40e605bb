package input

import (
	"encoding/json"
	"testing"
)

func TestNumber(t *testing.T) {
	var in struct{ A, B, C, D, E, F, G Number }
	if err := json.Unmarshal([]byte(`{"A": 12, "B": " 7 ", "C": "", "D": "2.5", "E": 3.0, "F": "38,72", "G": null}`), &in); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		n           Number
		i           int
		whole       bool
		f           float64
		number, set bool
	}{
		"json number":   {in.A, 12, true, 12, true, true},
		"typed, spaced": {in.B, 7, true, 7, true, true},
		"empty":         {in.C, 0, false, 0, false, true},
		"decimal":       {in.D, 0, false, 2.5, true, true},
		"whole float":   {in.E, 3, true, 3, true, true},
		"decimal comma": {in.F, 0, false, 38.72, true, true},
		"null":          {in.G, 0, false, 0, false, false},
	} {
		i, whole := tc.n.Int()
		f, number := tc.n.Float()
		if i != tc.i || whole != tc.whole || f != tc.f || number != tc.number || tc.n.Set() != tc.set {
			t.Errorf("%s: Int %d %v, Float %v %v, Set %v", name, i, whole, f, number, tc.n.Set())
		}
	}
	if err := json.Unmarshal([]byte(`{"A": true}`), &in); err == nil {
		t.Error("true taken as a number")
	}
}
