package booking

import (
	"fmt"
	"strings"

	"tourbook/internal/money"
)

// What a booking says it bought, as its emails, receipts and the back office print it
// (issue #23): one item per price category, then one per extra.

// Item is one printed line of what a booking bought: Quantity travellers of a price
// category, or Quantity of an extra, at PriceMinor each.
type Item struct {
	Name       string
	Quantity   int
	PriceMinor int64
	// Extra: an extra (a wetsuit, a single room) rather than travellers; an adjustment
	// is listed with the extras.
	Extra bool
	// Adjustment: the difference between the other items and the booking's price (a
	// price agreed apart, a discount, a share that did not divide evenly), so that what
	// is printed adds up to what is charged; Quantity 1, PriceMinor the difference.
	Adjustment bool
}

// AmountMinor is what the item comes to.
func (i Item) AmountMinor() int64 { return int64(i.Quantity) * i.PriceMinor }

// Text is the item as a person reads it: "2 × Adult at €497.00", an adjustment
// "Discount (regular guest): -€200.00".
func (i Item) Text(currency string) string {
	if i.Adjustment {
		return fmt.Sprintf("%s: %s", i.Name, money.Format(i.PriceMinor, currency))
	}
	return fmt.Sprintf("%d × %s at %s", i.Quantity, i.Name, money.Format(i.PriceMinor, currency))
}

// Items is what b bought: its travellers per price category (UnitsOf: a booking made
// before categories existed reads as that many adults), then its extras, then, when
// they do not add up to its price, the difference as an adjustment ("Discount" or
// "Price agreed", with the booking's price note). A category or an extra of none is
// left out.
func (b Booking) Items() []Item {
	items := itemsOf(b.UnitsOf(), b.Extras)
	var sum int64
	for _, it := range items {
		sum += it.AmountMinor()
	}
	if diff := b.AmountMinor - sum; diff != 0 {
		name := "Price agreed"
		if diff < 0 {
			name = "Discount"
		}
		if b.PriceNote != "" {
			name += " (" + b.PriceNote + ")"
		}
		items = append(items, Item{Name: name, Quantity: 1, PriceMinor: diff, Extra: true, Adjustment: true})
	}
	return items
}

// itemsOf is one item per price category with a count, then one per extra taken, at
// their snapshotted prices: what a booking prints and what its checkout lists.
func itemsOf(units []Unit, extras []ExtraLine) []Item {
	var out []Item
	for _, u := range units {
		if u.Count > 0 {
			out = append(out, Item{Name: u.Name, Quantity: u.Count, PriceMinor: u.PriceMinor})
		}
	}
	for _, e := range extras {
		if e.Quantity > 0 {
			out = append(out, Item{Name: e.Name, Quantity: e.Quantity, PriceMinor: e.PriceMinor, Extra: true})
		}
	}
	return out
}

// TravellersText says who travels on b: "3 travellers" for one price category, "4
// travellers: 2 × Adult, 1 × Child, 1 × Infant" for several.
func (b Booking) TravellersText() string {
	head := count(b.Travelling(), "traveller")
	var parts []string
	for _, u := range b.UnitsOf() {
		if u.Count > 0 {
			parts = append(parts, fmt.Sprintf("%d × %s", u.Count, u.Name))
		}
	}
	if len(parts) < 2 {
		return head
	}
	return head + ": " + strings.Join(parts, ", ")
}

// SeatsText is the travellers and seats of b when they differ ("4 travellers · 3
// seats"), else the travellers alone ("3 travellers").
func (b Booking) SeatsText() string {
	travellers := count(b.Travelling(), "traveller")
	if b.Participants == b.Travelling() {
		return travellers
	}
	return travellers + " · " + count(b.Participants, "seat")
}
