package booking

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"tourbook/internal/tour"
)

// Order is what a booking of a departure costs and takes (issue #23 §1), worked out on
// the server from the counts asked: nothing the browser says about money is used.
type Order struct {
	// Units are the categories with a count, in the tour's order, each with its name and
	// the departure's price snapshotted.
	Units []Unit
	// Extras are the extras chosen, in the tour's order, with their names and prices.
	Extras []ExtraLine
	// Seats is how many of the travellers take a seat (the booking's Participants).
	Seats int
	// TotalMinor is the price of the whole booking, in the tour's currency.
	TotalMinor int64
}

// Travelling is how many people the order is for, seated or not.
func (q Order) Travelling() int {
	n := 0
	for _, u := range q.Units {
		n += u.Count
	}
	return n
}

// Price prices a booking of departure d of t with units (category id → travellers)
// and extras (extra id → quantity; 0 is not chosen). Every rule it breaks is a 400
// (*Error, fault.Invalid) naming the category or extra: ids the tour does not have,
// negative counts, nobody taking a seat, a chosen category's minimum, its maximum and
// "only with", the tour's group size, more travellers without a seat than with one, more
// of a per-traveller extra than travellers, more of an extra than a departure has. The stock held by other bookings is Hold's to check.
func Price(t tour.Tour, d tour.StartDate, units, extras map[string]int) (Order, error) {
	cats := t.PriceCategoriesOf()
	if err := unknownIDs(units, func(id string) bool { _, ok := t.Category(id); return ok },
		"This tour has no price category %s. Please reload the page and choose again."); err != nil {
		return Order{}, err
	}
	if err := unknownIDs(extras, func(id string) bool { _, ok := t.Extra(id); return ok },
		"This tour has no extra %s. Please reload the page and choose again."); err != nil {
		return Order{}, err
	}
	var q Order
	var total sum
	for _, c := range cats {
		n := units[c.ID]
		switch {
		case n < 0:
			return Order{}, badRequest(fmt.Sprintf("The number of %s cannot be negative.", plural(c.Name)))
		case n > 0 && c.Max > 0 && n > c.Max:
			return Order{}, badRequest(fmt.Sprintf("At most %s can be booked at once.", count(c.Max, c.Name)))
		case n > 0 && c.Min > 0 && n < c.Min:
			// A minimum holds when the category is chosen (a family ticket for two or
			// more); "only with" is how a category is made necessary for another.
			return Order{}, badRequest(fmt.Sprintf("Please choose at least %s.", count(c.Min, c.Name)))
		case n == 0:
			continue
		}
		price := t.PriceOn(d, c)
		total.add(price, n)
		q.Units = append(q.Units, Unit{CategoryID: c.ID, Name: c.Name, Count: n, PriceMinor: price, TakesSeat: c.TakesSeat})
		if c.TakesSeat {
			q.Seats += n
		}
	}
	if len(q.Units) == 0 {
		return Order{}, badRequest("Please choose at least one traveller.")
	}
	for _, c := range cats {
		if units[c.ID] == 0 || c.OnlyWith == "" || units[c.OnlyWith] > 0 {
			continue
		}
		with := c.OnlyWith
		if o, ok := t.Category(c.OnlyWith); ok {
			with = o.Name
		}
		return Order{}, badRequest(fmt.Sprintf("%s travel only with at least one %s.", plural(c.Name), with))
	}
	if q.Seats == 0 {
		var seated []string
		for _, c := range cats {
			if c.TakesSeat {
				seated = append(seated, c.Name)
			}
		}
		return Order{}, badRequest(fmt.Sprintf("A booking needs at least one traveller who takes a seat (%s).", strings.Join(seated, ", ")))
	}
	if q.Seats > t.MaxGroupSize {
		return Order{}, badRequest(fmt.Sprintf("Please choose between 1 and %d participants.", t.MaxGroupSize))
	}
	// Those without a seat travel on a lap or a knee: at most one for each who has one,
	// which also bounds a booking's travellers at twice the group size.
	if unseated := q.Travelling() - q.Seats; unseated > q.Seats {
		var names []string
		for _, u := range q.Units {
			if !u.TakesSeat {
				names = append(names, plural(u.Name))
			}
		}
		return Order{}, badRequest(fmt.Sprintf("At most %s can travel without a seat: one for each traveller with a seat (%s).",
			count(q.Seats, "traveller"), strings.Join(names, ", ")))
	}
	travelling := q.Travelling()
	for _, e := range t.Extras {
		n := extras[e.ID]
		switch {
		case n < 0:
			return Order{}, badRequest(fmt.Sprintf("The number of %s cannot be negative.", lowerPlural(e.Name)))
		case n == 0:
			continue
		case e.Per == tour.PerTraveller && n > travelling:
			return Order{}, badRequest(fmt.Sprintf("%s: at most one per traveller, and this booking has %s.",
				e.Name, count(travelling, "traveller")))
		case e.Stock > 0 && n > e.Stock:
			return Order{}, badRequest(fmt.Sprintf("At most %s can be booked on one departure.", lowerCount(e.Stock, e.Name)))
		}
		total.add(e.PriceMinor, n)
		q.Extras = append(q.Extras, ExtraLine{ExtraID: e.ID, Name: e.Name, Per: e.Per, Quantity: n, PriceMinor: e.PriceMinor})
	}
	if total.overflow {
		return Order{}, badRequest("This booking is too large to be paid online. Please contact us.")
	}
	q.TotalMinor = total.n
	return q, nil
}

// unknownIDs refuses the first id (in sorted order, so the message is the same every
// time) that known does not know.
func unknownIDs(counts map[string]int, known func(string) bool, format string) error {
	ids := make([]string, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if !known(id) {
			return badRequest(fmt.Sprintf(format, quoteID(id)))
		}
	}
	return nil
}

// quoteID shows an id sent by the browser in a message: in quotes, cut short.
func quoteID(id string) string {
	if utf8.RuneCountInString(id) > maxIDLen {
		id = string([]rune(id)[:maxIDLen]) + "…"
	}
	return "“" + id + "”"
}

// sum adds prices in minor units, noting an overflow rather than wrapping.
type sum struct {
	n        int64
	overflow bool
}

func (s *sum) add(price int64, n int) {
	if price < 0 || s.overflow {
		s.overflow = s.overflow || price < 0
		return
	}
	if n > 0 && price > (math.MaxInt64-s.n)/int64(n) {
		s.overflow = true
		return
	}
	s.n += price * int64(n)
}

// count is "2 Adults", "1 Adult".
func count(n int, name string) string {
	if n == 1 {
		return "1 " + name
	}
	return fmt.Sprintf("%d %s", n, plural(name))
}

// lowerCount is count in the middle of a sentence: "2 wetsuits".
func lowerCount(n int, name string) string {
	if n == 1 {
		return "1 " + lowerFirst(name)
	}
	return fmt.Sprintf("%d %s", n, lowerPlural(name))
}

func lowerPlural(name string) string { return lowerFirst(plural(name)) }

// lowerFirst lower-cases a name's first letter for the middle of a sentence, unless it
// reads as an abbreviation ("GPS").
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if next, _ := utf8.DecodeRuneInString(s[size:]); unicode.IsUpper(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}

// plural is an English plural of a category or extra name, good enough for a message:
// "Adult" → "Adults", "Child (4–11)" → "Children (4–11)", "Family" → "Families".
func plural(name string) string {
	head, tail := name, ""
	if i := strings.Index(name, " ("); i > 0 {
		head, tail = name[:i], name[i:]
	}
	if head == "" {
		return name
	}
	lower := strings.ToLower(head)
	irregular := map[string]string{"child": "children", "person": "people", "man": "men", "woman": "women"}
	for one, many := range irregular {
		if strings.HasSuffix(lower, one) && (len(lower) == len(one) || !unicode.IsLetter(rune(lower[len(lower)-len(one)-1]))) {
			cut := len(head) - len(one)
			out := many
			if unicode.IsUpper(rune(head[cut])) {
				out = strings.ToUpper(many[:1]) + many[1:]
			}
			return head[:cut] + out + tail
		}
	}
	switch {
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "z"),
		strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return head + "es" + tail
	case len(lower) > 1 && strings.HasSuffix(lower, "y") && !strings.ContainsRune("aeiou", rune(lower[len(lower)-2])):
		return head[:len(head)-1] + "ies" + tail
	}
	return head + "s" + tail
}

// The query form of the counts: `units=adult:2,child:1`, `extras=wetsuit:2`.
const (
	// maxCountsLen bounds the text of one list: ten categories or extras of long ids.
	maxCountsLen = 1000
	// maxIDLen bounds one id.
	maxIDLen = 64
	// maxCount bounds one count: far above any group, far below an overflow.
	maxCount = 10_000
)

// ParseCounts reads a list of `id:n` pairs separated by commas (`adult:2,child:1`), what
// is the list's name in a message ("travellers", "extras"). "" is an empty list. Ids are
// a category's or an extra's (lower-case letters, digits, '-' and '_'); n is a whole
// number from 0. A list too long, a pair that is not one, a count that is not a whole
// number or an id given twice is a 400 (*Error) that says so.
func ParseCounts(s, what string) (map[string]int, error) {
	out := map[string]int{}
	if s == "" {
		return out, nil
	}
	if len(s) > maxCountsLen {
		return nil, badRequest(fmt.Sprintf("The %s chosen are too many to read. Please reload the page and choose again.", what))
	}
	for _, pair := range strings.Split(s, ",") {
		id, n, ok := strings.Cut(pair, ":")
		id, n = strings.TrimSpace(id), strings.TrimSpace(n)
		if !ok || !validID(id) {
			return nil, badRequest(fmt.Sprintf("The %s chosen could not be read: each must be an id and a number, like adult:2. Please reload the page and choose again.", what))
		}
		count, ok := parseCount(n)
		if !ok {
			if strings.HasPrefix(n, "-") {
				return nil, badRequest(fmt.Sprintf("The number for %s cannot be negative.", quoteID(id)))
			}
			return nil, badRequest(fmt.Sprintf("The number for %s must be a whole number from 0 to %d.", quoteID(id), maxCount))
		}
		if _, dup := out[id]; dup {
			return nil, badRequest(fmt.Sprintf("%s is given twice. Please reload the page and choose again.", quoteID(id)))
		}
		out[id] = count
	}
	return out, nil
}

func validID(id string) bool {
	if id == "" || len(id) > maxIDLen {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// parseCount reads digits only (no sign, no space, no exponent) up to maxCount.
func parseCount(s string) (int, bool) {
	if s == "" || len(s) > 5 {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, n <= maxCount
}
