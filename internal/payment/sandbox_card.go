package payment

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// cardForm is what the sandbox checkout form collects.
type cardForm struct {
	Number string
	Expiry string // MM/YY
	CVC    string
	Name   string
}

// cardResult is the outcome of one payment attempt. Status is 0 on success, else the
// HTTP status of the re-rendered page: 400 for malformed input, 402 for a decline.
type cardResult struct {
	Status      int
	Message     string            // shown above the form
	FieldErrors map[string]string // by field name: number, expiry, cvc, name
}

// Messages as Stripe words them, so the sandbox rehearses what real customers read.
const (
	msgDeclined     = "Your card was declined."
	msgInsufficient = "Your card has insufficient funds."
	msgExpired      = "Your card has expired."
	msgCVC          = "Your card's security code is incorrect."
	msgInvalid      = "Your card number is invalid."
	msgLiveCard     = "Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242."
)

// refundFailsCard pays, but refunds of its payment fail, as in Stripe's test mode.
const refundFailsCard = "4000000000005126"

// testCards are Stripe's documented test numbers and what they do. Numbers not listed
// but passing Luhn are declined, as Stripe's test mode declines real cards: nobody
// should type a real card number here, and nothing suggests it would be charged.
var testCards = map[string]string{
	// succeed
	"4242424242424242": "",
	"4000056655665556": "",
	"5555555555554444": "",
	"2223003122003222": "",
	"5200828282828210": "",
	"5105105105105100": "",
	"378282246310005":  "",
	"371449635398431":  "",
	"6011111111111117": "",
	"6011000990139424": "",
	"3056930009020004": "",
	"36227206271667":   "",
	"3566002020360505": "",
	"6200000000000005": "",
	"4000002500003155": "",
	refundFailsCard:    "", // pays; its refunds fail
	// fail
	"4000000000000002": msgDeclined,
	"4000000000009995": msgInsufficient,
	"4000000000009987": msgDeclined, // lost card: Stripe shows the generic decline
	"4000000000009979": msgDeclined, // stolen card
	"4000000000000069": msgExpired,
	"4000000000000127": msgCVC,
	"4000000000000119": "An error occurred while processing your card. Try again in a little bit.",
}

// evaluateCard decides a payment attempt at now. Malformed fields are reported first,
// then an invalid number, a past expiry, and finally the test card's outcome.
func evaluateCard(f cardForm, now time.Time) cardResult {
	number := digitsOnly(f.Number)
	fe := map[string]string{}
	switch {
	case strings.TrimSpace(f.Number) == "":
		fe["number"] = "Please enter your card number."
	case number == "" || len(number) < 12 || len(number) > 19:
		fe["number"] = msgInvalid
	}
	month, year, okExp := parseExpiry(f.Expiry)
	if !okExp {
		fe["expiry"] = "Please enter the expiry date as MM/YY."
	}
	if cvc := strings.TrimSpace(f.CVC); len(cvc) < 3 || len(cvc) > 4 || digitsOnly(cvc) != cvc {
		fe["cvc"] = "Please enter the 3- or 4-digit security code."
	}
	if strings.TrimSpace(f.Name) == "" {
		fe["name"] = "Please enter the name on the card."
	}
	if len(fe) > 0 {
		return cardResult{Status: http.StatusBadRequest, Message: "Please check the highlighted fields.", FieldErrors: fe}
	}
	if !luhn(number) {
		return cardResult{Status: http.StatusBadRequest, Message: msgInvalid, FieldErrors: map[string]string{"number": msgInvalid}}
	}
	// A card is valid to the end of its expiry month.
	if !now.UTC().Before(time.Date(year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC)) {
		return cardResult{Status: http.StatusPaymentRequired, Message: msgExpired}
	}
	msg, known := testCards[number]
	switch {
	case !known:
		return cardResult{Status: http.StatusPaymentRequired, Message: msgLiveCard}
	case msg != "":
		return cardResult{Status: http.StatusPaymentRequired, Message: msg}
	}
	return cardResult{}
}

// digitsOnly drops the spaces and dashes people type in card numbers; any other
// character makes the whole value invalid ("").
func digitsOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
		default:
			return ""
		}
	}
	return b.String()
}

// parseExpiry reads "MM/YY" (also "MM / YY" and "MM/YYYY").
func parseExpiry(s string) (month, year int, ok bool) {
	m, y, found := strings.Cut(strings.ReplaceAll(s, " ", ""), "/")
	if !found || len(m) < 1 || len(m) > 2 || (len(y) != 2 && len(y) != 4) {
		return 0, 0, false
	}
	month, err1 := strconv.Atoi(m)
	year, err2 := strconv.Atoi(y)
	if err1 != nil || err2 != nil || month < 1 || month > 12 || year < 0 {
		return 0, 0, false
	}
	if len(y) == 2 {
		year += 2000
	}
	return month, year, true
}

// luhn reports whether a digit string passes the Luhn check every card number carries.
func luhn(number string) bool {
	if number == "" {
		return false
	}
	sum := 0
	double := false
	for i := len(number) - 1; i >= 0; i-- {
		d := int(number[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}
