package receipt

import "fmt"

// MaxTaxRate is the highest tax rate a tour may have, in basis points (100 %).
const MaxTaxRate = 10000

// IncludedTax is the tax contained in gross, a price with tax included at rate basis
// points (2500 = 25 %): gross × rate / (10000 + rate), in the same minor units, rounded
// to the nearest unit and a half to the even unit (banker's rounding, so that many
// receipts do not lean one way). Integer arithmetic only: no float ever touches money.
// gross must be at least 0 and rate between 0 and MaxTaxRate.
func IncludedTax(gross int64, rate int) int64 {
	if gross <= 0 || rate <= 0 {
		return 0
	}
	num, den := gross*int64(rate), int64(10000+rate)
	q, rem := num/den, num%den
	switch {
	case 2*rem > den:
		q++
	case 2*rem == den && q%2 == 1:
		q++
	}
	return q
}

// RateLabel writes a rate in basis points as a percentage: "25 %", "12.5 %", "0 %".
func RateLabel(rate int) string {
	whole, frac := rate/100, rate%100
	switch {
	case frac == 0:
		return fmt.Sprintf("%d %%", whole)
	case frac%10 == 0:
		return fmt.Sprintf("%d.%d %%", whole, frac/10)
	}
	return fmt.Sprintf("%d.%02d %%", whole, frac)
}
