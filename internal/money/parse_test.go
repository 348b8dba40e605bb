package money

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

type parseCase struct {
	Text     string `json:"text"`
	Currency string `json:"currency"`
	Minor    *int64 `json:"minor"`
	Error    string `json:"error"`
}

// parseCases is the table the UI's preview is tested against too (ui/src/lib/amount.test.ts).
func parseCases(t testing.TB) []parseCase {
	b, err := os.ReadFile("testdata/parse-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []parseCase }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	return f.Cases
}

var errorNames = map[string]error{"not-amount": ErrNotAmount, "decimals": ErrDecimals, "too-large": ErrTooLarge}

func TestParse(t *testing.T) {
	cases := parseCases(t)
	if len(cases) < 40 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, tc := range cases {
		got, err := Parse(tc.Text, tc.Currency)
		switch {
		case tc.Error != "":
			if want := errorNames[tc.Error]; !errors.Is(err, want) {
				t.Errorf("Parse(%q, %s) = %d, %v; want error %v", tc.Text, tc.Currency, got, err, want)
			}
		case tc.Minor == nil:
			t.Errorf("case %q has neither minor nor error", tc.Text)
		case err != nil || got != *tc.Minor:
			t.Errorf("Parse(%q, %s) = %d, %v; want %d", tc.Text, tc.Currency, got, err, *tc.Minor)
		}
	}
}

func TestAmountJSON(t *testing.T) {
	var in struct{ A, B, C, D Amount }
	if err := json.Unmarshal([]byte(`{"A": 129000, "B": "1.290,00", "C": "", "D": 12.5}`), &in); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		a           Amount
		emptyIsZero bool
		want        int64
		err         error
	}{
		"minor units":            {in.A, false, 129000, nil},
		"typed":                  {in.B, false, 129000, nil},
		"empty, optional":        {in.C, true, 0, nil},
		"empty, not optional":    {in.C, false, 0, ErrNotAmount},
		"minor units, not whole": {in.D, false, 0, ErrNotAmount},
	} {
		got, err := tc.a.Minor("eur", tc.emptyIsZero)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("%s: %d, %v; want %d, %v", name, got, err, tc.want, tc.err)
		}
	}
	if err := json.Unmarshal([]byte(`{"A": true}`), &in); err == nil {
		t.Error("true taken as an amount")
	}
}

// Read says every refusal in the words of the field's label, and reads both ways in.
func TestAmountRead(t *testing.T) {
	for _, tc := range []struct {
		a       Amount
		want    int64
		problem string
	}{
		{TypedAmount("1.290,00"), 129000, ""},
		{TypedAmount("€ 1,290"), 129000, ""},
		{MinorAmount(12000), 12000, ""},
		{TypedAmount("  "), 0, "Amount received cannot be empty."},
		{TypedAmount("ten"), 0, "Amount received must be a number, e.g. 1290 or 1290.50."},
		{TypedAmount("10,5055"), 0, "Amount received can have at most 2 decimals, e.g. 1290.50."},
		{TypedAmount("1234567890123456"), 0, "Amount received is too large."},
	} {
		text, _ := tc.a.Typed()
		got, problem := tc.a.Read("Amount received", "eur")
		if got != tc.want || problem != tc.problem {
			t.Errorf("Read(%q) = %d, %q; want %d, %q", text, got, problem, tc.want, tc.problem)
		}
	}
	if !TypedAmount(" ").Blank() || TypedAmount("0").Blank() || MinorAmount(0).Blank() {
		t.Error("Blank is true only for empty text")
	}
}

// FuzzParse: no text makes Parse panic or give a number it would not give back; what
// it reads stays within its digits; and every amount the site writes reads back as itself.
func FuzzParse(f *testing.F) {
	for _, tc := range parseCases(f) {
		f.Add(tc.Text, int64(0))
	}
	f.Add("1.290,00", int64(129000))
	f.Add("", int64(-990))
	f.Fuzz(func(t *testing.T, text string, minor int64) {
		for _, cur := range []string{"eur", "usd", "jpy", "chf"} {
			n, err := Parse(text, cur)
			if err != nil {
				if n != 0 {
					t.Fatalf("Parse(%q, %s) = %d with error %v", text, cur, n, err)
				}
				if !errors.Is(err, ErrNotAmount) && !errors.Is(err, ErrDecimals) && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("Parse(%q, %s): unknown error %v", text, cur, err)
				}
			} else if n >= 1e15 || n <= -1e15 {
				t.Fatalf("Parse(%q, %s) = %d: more than %d digits", text, cur, n, maxDigits)
			}
			if minor >= 1e15 || minor <= -1e15 {
				continue
			}
			for _, written := range []string{Format(minor, cur), Decimal(minor, cur), FormatShort(minor, cur)} {
				if got, err := Parse(written, cur); err != nil || got != minor {
					t.Fatalf("Parse(%q, %s) = %d, %v; want %d", written, cur, got, err, minor)
				}
			}
		}
	})
}
