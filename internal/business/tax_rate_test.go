package business_test

import (
	"testing"

	"tourbook/internal/business"
)

func TestParseTaxRate(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"25", 2500, true}, {"12.5", 1250, true}, {"7,75", 775, true}, {"7.75 %", 775, true}, {" 0 ", 0, true},
		{"", 0, true}, {"100", 10000, true}, {"100.00", 10000, true}, {"0.01", 1, true}, {"025", 2500, true},
		{"100.01", 0, false}, {"101", 0, false}, {"-1", 0, false}, {"7.755", 0, false}, {"7.", 0, false},
		{".5", 0, false}, {"1e2", 0, false}, {"25 percent", 0, false}, {"1,000", 0, false}, {"1.2.3", 0, false},
		{"+5", 0, false}, {"%", 0, true}, {"1000", 0, false},
	} {
		got, ok := business.ParseTaxRate(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseTaxRate(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	for bp, want := range map[int]string{0: "0", 1: "0.01", 775: "7.75", 1250: "12.5", 2500: "25", 10000: "100", 2010: "20.1"} {
		if got := business.TaxRateText(bp); got != want {
			t.Errorf("TaxRateText(%d) = %q, want %q", bp, got, want)
		}
	}
}

// FuzzParseTaxRate: whatever is typed, a rate read is from 0 to 100 % and its text reads
// back as the same rate.
func FuzzParseTaxRate(f *testing.F) {
	for _, s := range []string{"25", "12.5", "7,75 %", "100", "100.01", "", "-0", "0.001", "1e3", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bp, ok := business.ParseTaxRate(s)
		if !ok {
			return
		}
		if bp < 0 || bp > business.MaxTaxRate {
			t.Fatalf("ParseTaxRate(%q) = %d", s, bp)
		}
		text := business.TaxRateText(bp)
		if again, ok := business.ParseTaxRate(text); !ok || again != bp {
			t.Fatalf("%d writes as %q, which reads as %d %v", bp, text, again, ok)
		}
	})
}
