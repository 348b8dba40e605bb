// Package money formats amounts kept in integer minor units (cents) for people. It is done
// in Go, once, so the server render and the browser never disagree (ARCHITECTURE.md: Intl
// in the server's JS engine can differ from the browser's and break hydration).
package money

import (
	"strconv"
	"strings"
)

// zeroDecimal currencies have no minor unit: Stripe takes their amounts as whole units.
var zeroDecimal = map[string]bool{
	"bif": true, "clp": true, "djf": true, "gnf": true, "jpy": true, "kmf": true,
	"krw": true, "mga": true, "pyg": true, "rwf": true, "ugx": true, "vnd": true,
	"vuv": true, "xaf": true, "xof": true, "xpf": true,
}

var symbols = map[string]string{"usd": "$", "eur": "€", "gbp": "£", "jpy": "¥"}

// Format formats an amount in minor units in English style: Format(149700, "usd") is
// "$1,497.00"; unknown currencies get their code, Format(1250, "chf") is "CHF 12.50".
func Format(minor int64, currency string) string {
	cur := strings.ToLower(currency)
	neg := minor < 0
	if neg {
		minor = -minor
	}
	var s string
	if zeroDecimal[cur] {
		s = group(minor)
	} else {
		s = group(minor/100) + "." + pad2(minor%100)
	}
	if sym, ok := symbols[cur]; ok {
		s = sym + s
	} else {
		s = strings.ToUpper(cur) + " " + s
	}
	if neg {
		s = "-" + s
	}
	return s
}

func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func pad2(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// FormatShort is Format without a whole amount's ".00", for prices on cards and pages:
// FormatShort(49700, "usd") is "$497", FormatShort(49750, "usd") is "$497.50".
func FormatShort(minor int64, currency string) string {
	return strings.TrimSuffix(Format(minor, currency), ".00")
}

// Decimal is an amount as a plain decimal number in major units, with the currency's
// decimals and no symbol or grouping, as machines read prices (schema.org's price):
// Decimal(149700, "usd") is "1497.00", Decimal(5000, "jpy") is "5000".
func Decimal(minor int64, currency string) string {
	if zeroDecimal[strings.ToLower(currency)] {
		return strconv.FormatInt(minor, 10)
	}
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return sign + strconv.FormatInt(minor/100, 10) + "." + pad2(minor%100)
}
