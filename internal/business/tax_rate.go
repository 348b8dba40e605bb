package business

import (
	"strconv"
	"strings"
)

// MaxTaxRate is 100 % in basis points.
const MaxTaxRate = 10000

// ParseTaxRate reads a tax rate in percent as an operator types it ("25", "12.5",
// "7,75 %") into hundredths of a percent: at most two decimals, a point or a comma
// before them, from 0 to 100. Empty is 0 (no tax). ok is false for anything else.
func ParseTaxRate(s string) (basisPoints int, ok bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimSuffix(s, "%"))
	if s == "" {
		return 0, true
	}
	whole, frac, hasFrac := strings.Cut(strings.Replace(s, ",", ".", 1), ".")
	if whole == "" || len(whole) > 3 || !digits(whole) || len(frac) > 2 || !digits(frac) || (hasFrac && frac == "") {
		return 0, false
	}
	w, _ := strconv.Atoi(whole)
	f := 0
	if frac != "" {
		f, _ = strconv.Atoi(frac)
		if len(frac) == 1 {
			f *= 10
		}
	}
	bp := w*100 + f
	if bp > MaxTaxRate {
		return 0, false
	}
	return bp, true
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// TaxRateText writes basis points as a percentage without the sign: 2500 is "25",
// 1250 "12.5", 775 "7.75".
func TaxRateText(basisPoints int) string {
	s := strconv.Itoa(basisPoints/100) + "." + strconv.Itoa(100 + basisPoints%100)[1:]
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
