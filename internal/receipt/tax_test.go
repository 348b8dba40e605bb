package receipt

import "testing"

func TestIncludedTax(t *testing.T) {
	tests := []struct {
		name  string
		gross int64
		rate  int
		want  int64
	}{
		{"no tax", 10000, 0, 0},
		{"nothing paid", 0, 2500, 0},
		{"25 % of 125.00 is 25.00", 12500, 2500, 2500},
		{"20 % of 120.00 is 20.00", 12000, 2000, 2000},
		// 100 × 2500 / 12500 = 20 exactly.
		{"a whole unit", 100, 2500, 20},
		// 1 × 2500 / 12500 = 0.2: down.
		{"below a half rounds down", 1, 2500, 0},
		// 3 × 2500 / 12500 = 0.6: up.
		{"above a half rounds up", 3, 2500, 1},
		// 5 × 1000 / 11000 = 0.4545…: down.
		{"10 % of 0.05", 5, 1000, 0},
		// 1 × 10000 / 20000 = 0.5: a half, to the even 0.
		{"a half to even, down", 1, 10000, 0},
		// 3 × 10000 / 20000 = 1.5: a half, to the even 2.
		{"a half to even, up", 3, 10000, 2},
		// 5 × 10000 / 20000 = 2.5: to 2.
		{"2.5 to 2", 5, 10000, 2},
		// 49700 × 2500 / 12500 = 9940.
		{"a tour's price", 49700, 2500, 9940},
		// 1999 × 700 / 10700 = 130.77…: 131.
		{"7 % of 19.99", 1999, 700, 131},
		// 1290 × 1250 / 11250 = 143.33…
		{"12.5 % of 12.90", 1290, 1250, 143},
		// 100 % included: half the price.
		{"all of it", 10000, 10000, 5000},
		// Large sums stay exact in int64: 10^12 × 10^4 fits.
		{"a large sum", 1_000_000_000_000, 2500, 200_000_000_000},
		{"negative gross is none", -500, 2500, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IncludedTax(tt.gross, tt.rate); got != tt.want {
				t.Errorf("IncludedTax(%d, %d) = %d, want %d", tt.gross, tt.rate, got, tt.want)
			}
		})
	}
}

func TestRateLabel(t *testing.T) {
	for rate, want := range map[int]string{0: "0 %", 2500: "25 %", 1250: "12.5 %", 775: "7.75 %", 5: "0.05 %", 10000: "100 %"} {
		if got := RateLabel(rate); got != want {
			t.Errorf("RateLabel(%d) = %q, want %q", rate, got, want)
		}
	}
}
