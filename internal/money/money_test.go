package money

import "testing"

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		minor       int64
		currency    string
		want, short string
	}{
		{149100, "usd", "$1,491.00", "$1,491"},
		{5, "eur", "€0.05", "€0.05"},
		{123456789, "GBP", "£1,234,567.89", "£1,234,567.89"},
		{5000, "jpy", "¥5,000", "¥5,000"},
		{1250, "chf", "CHF 12.50", "CHF 12.50"},
		{-990, "usd", "-$9.90", "-$9.90"},
		{0, "usd", "$0.00", "$0"},
		{100000, "usd", "$1,000.00", "$1,000"},
	} {
		if got := Format(tc.minor, tc.currency); got != tc.want {
			t.Errorf("Format(%d, %q) = %q, want %q", tc.minor, tc.currency, got, tc.want)
		}
		if got := FormatShort(tc.minor, tc.currency); got != tc.short {
			t.Errorf("FormatShort(%d, %q) = %q, want %q", tc.minor, tc.currency, got, tc.short)
		}
	}
}

func TestDecimal(t *testing.T) {
	for _, tc := range []struct {
		minor    int64
		currency string
		want     string
	}{
		{149700, "usd", "1497.00"},
		{123456789, "GBP", "1234567.89"},
		{5, "eur", "0.05"},
		{0, "usd", "0.00"},
		{-990, "usd", "-9.90"},
		{5000, "jpy", "5000"},
		{5000, "JPY", "5000"},
	} {
		if got := Decimal(tc.minor, tc.currency); got != tc.want {
			t.Errorf("Decimal(%d, %q) = %q, want %q", tc.minor, tc.currency, got, tc.want)
		}
	}
}
