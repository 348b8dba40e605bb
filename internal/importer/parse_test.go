package importer

import (
	"slices"
	"testing"
)

func TestSplitRecords(t *testing.T) {
	tests := []struct {
		name, data string
		lines      []int  // start line of each record
		problem    string // "" when the file is fine
	}{
		{"empty", "", nil, ""},
		{"blank", " \n\t\n", nil, ""},
		{"array", "[\n {\"a\":1},\n\n {\"a\":2}\n]\n", []int{2, 4}, ""},
		{"empty array", "[]", nil, ""},
		{"one per line", "{\"a\":1}\n{\"a\":2}\r\n\n{\"a\":3}", []int{1, 2, 4}, ""},
		{"byte order mark", "\xef\xbb\xbf[{\"a\":1}]", []int{1}, ""},
		{"unclosed array", "[\n{\"a\":1},\n{\"a\":2}\n", []int{2, 3}, "f:record 3 (line 4, column 1): invalid JSON: unexpected end of file"},
		{"truncated object", "{\"a\":1}\n{\"a\":", []int{1}, "f:record 2 (line 2, column 6): invalid JSON: unexpected end of file"},
		{"data after array", "[{\"a\":1}]\n{\"b\":2}", []int{1}, "f:line 2, column 1: invalid JSON: unexpected data after the closing ]"},
		{"missing comma", "[\n{\"a\":1}\n{\"a\":2}]", []int{2}, "f:record 2 (line 3, column 1): invalid JSON: expected comma after array element"},
		{"accented column", "{\"é\": tru}", nil, "f:record 1 (line 1, column 10): invalid JSON: invalid character '}' in literal true (expecting 'e')"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, p := splitRecords("f", []byte(tt.data))
			var lines []int
			for i, r := range recs {
				lines = append(lines, r.line)
				if r.n != i+1 {
					t.Errorf("record %d numbered %d", i+1, r.n)
				}
			}
			if !slices.Equal(lines, tt.lines) {
				t.Errorf("record lines = %v, want %v", lines, tt.lines)
			}
			got := ""
			if p != nil {
				got = p.Error()
			}
			if got != tt.problem {
				t.Errorf("problem = %q\n           want %q", got, tt.problem)
			}
		})
	}
}

func TestSlugify(t *testing.T) {
	for name, want := range map[string]string{
		"The Forest Hiker":              "the-forest-hiker",
		"  Crème Brûlée -- Tour!  ":     "creme-brulee-tour",
		"Japan's Old Post Roads":        "japans-old-post-roads",
		"Þingvellir & Geysir — Straße":  "thingvellir-geysir-strasse",
		"Ålesund, Ærø and Øresund 2027": "alesund-aero-and-oresund-2027",
		"Łódź":                          "lodz",
		"富士山":                           "tour",
	} {
		if got := slugify(name); got != want {
			t.Errorf("slugify(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestDateValue(t *testing.T) {
	for in, want := range map[string]string{
		`"2021-04-25,10:00"`:                        "2021-04-25T10:00:00Z",
		`"2021-04-25"`:                              "2021-04-25T00:00:00Z",
		`"2021-04-25T10:00:00.000Z"`:                "2021-04-25T10:00:00Z",
		`"2021-04-25T10:00:00+02:00"`:               "2021-04-25T08:00:00Z",
		`{"$date":"2021-04-25T10:00:00Z"}`:          "2021-04-25T10:00:00Z",
		`{"$date":{"$numberLong":"1619344800000"}}`: "2021-04-25T10:00:00Z",
		`1619344800000`:                             "2021-04-25T10:00:00Z",
	} {
		got, err := dateValue([]byte(in))
		if err != nil || got.Format("2006-01-02T15:04:05Z07:00") != want {
			t.Errorf("dateValue(%s) = %v, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{`"25/04/2021"`, `true`, `{"$date":true}`, `1.5`} {
		if _, err := dateValue([]byte(in)); err == nil {
			t.Errorf("dateValue(%s) accepted", in)
		}
	}
}
