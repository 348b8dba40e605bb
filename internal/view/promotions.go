package view

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/money"
	"tourbook/internal/promotion"
	"tourbook/internal/tour"
)

// PromoQuote is the booking panel's answer to "Apply": what the code takes off.
type PromoQuote struct {
	Code          string `json:"code"`
	Price         string `json:"price"`    // before, "$994.00"
	Discount      string `json:"discount"` // "-$99.40"
	Total         string `json:"total"`    // to pay
	DiscountMinor int64  `json:"discountMinor"`
	TotalMinor    int64  `json:"totalMinor"`
}

// NewPromoQuote formats q.
func NewPromoQuote(q booking.PromoQuote) PromoQuote {
	return PromoQuote{Code: q.Code, Price: money.Format(q.PriceMinor, q.Currency), Discount: money.Format(-q.DiscountMinor, q.Currency),
		Total: money.Format(q.TotalMinor, q.Currency), DiscountMinor: q.DiscountMinor, TotalMinor: q.TotalMinor}
}

// PromotionForm is a promotion as its form edits it (promotion.Input's fields).
type PromotionForm struct {
	ID              string   `json:"id"`
	Code            string   `json:"code"`
	Kind            string   `json:"kind"` // "percent" or "amount"
	Percent         int      `json:"percent"`
	Amount          string   `json:"amount"` // decimal, "20.50"; "" for a percentage
	Currency        string   `json:"currency"`
	TourIDs         []string `json:"tourIds"`
	ValidFrom       string   `json:"validFrom"` // YYYY-MM-DD or ""
	ValidUntil      string   `json:"validUntil"`
	DeparturesFrom  string   `json:"departuresFrom"`
	DeparturesUntil string   `json:"departuresUntil"`
	MaxUses         int      `json:"maxUses"`
	MaxPerCustomer  int      `json:"maxPerCustomer"`
	MinTravellers   int      `json:"minTravellers"`
	Active          bool     `json:"active"`
}

func optDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// NewPromotionForm is p's form.
func NewPromotionForm(p promotion.Promotion) PromotionForm {
	f := PromotionForm{ID: p.ID, Code: p.Code, Kind: "percent", Percent: p.Percent, Currency: strings.ToUpper(p.Currency),
		TourIDs: append([]string{}, p.TourIDs...), ValidFrom: optDate(p.ValidFrom), ValidUntil: optDate(p.ValidUntil),
		DeparturesFrom: optDate(p.DeparturesFrom), DeparturesUntil: optDate(p.DeparturesUntil),
		MaxUses: p.MaxUses, MaxPerCustomer: p.MaxPerCustomer, MinTravellers: p.MinTravellers, Active: p.Active}
	if p.Percent == 0 {
		f.Kind, f.Amount = "amount", money.Decimal(p.AmountMinor, p.Currency)
	}
	return f
}

// AdminPromotionRow is one line of /admin/promotions.
type AdminPromotionRow struct {
	Form PromotionForm `json:"form"`
	// Off is what it takes off ("10 %", "€20.00"); Rules the rest in words.
	Off   string `json:"off"`
	Rules string `json:"rules"`
	// Uses (paid or to be paid) and Held (checkouts open with it now); Given is the
	// discount given so far ("€120.00", per currency), "" for none.
	Uses  int    `json:"uses"`
	Held  int    `json:"held"`
	Given string `json:"given"`
}

// PromotionTour is a tour the form offers to choose.
type PromotionTour struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Currency string `json:"currency"`
}

// AdminPromotionsProps are the props of /admin/promotions.
type AdminPromotionsProps struct {
	Promotions []AdminPromotionRow `json:"promotions"`
	Tours      []PromotionTour     `json:"tours"`
}

// NewAdminPromotions builds /admin/promotions' props.
func NewAdminPromotions(list []promotion.Listed, tours []tour.Tour) AdminPromotionsProps {
	names := map[string]string{}
	props := AdminPromotionsProps{Promotions: make([]AdminPromotionRow, 0, len(list)), Tours: make([]PromotionTour, 0, len(tours))}
	for _, t := range tours {
		names[t.ID] = t.Name
		props.Tours = append(props.Tours, PromotionTour{ID: t.ID, Name: t.Name, Currency: strings.ToUpper(t.Currency)})
	}
	for _, l := range list {
		var given []string
		currencies := make([]string, 0, len(l.DiscountMinor))
		for c := range l.DiscountMinor {
			currencies = append(currencies, c)
		}
		sort.Strings(currencies)
		for _, c := range currencies {
			given = append(given, money.Format(l.DiscountMinor[c], c))
		}
		props.Promotions = append(props.Promotions, AdminPromotionRow{Form: NewPromotionForm(l.Promotion), Off: l.OffText(),
			Rules: promotionRules(l.Promotion, names), Uses: l.Uses, Held: l.Held, Given: strings.Join(given, " + ")})
	}
	return props
}

// promotionRules says p's rules in a line: "All tours · bookings 1 March–31 March 2027 ·
// departures from 1 June 2027 · at most 100 uses, 1 per customer · 4 travellers or more".
func promotionRules(p promotion.Promotion, names map[string]string) string {
	const layout = "2 January 2006"
	parts := []string{"All tours"}
	if len(p.TourIDs) > 0 {
		var ts []string
		for _, id := range p.TourIDs {
			if n, ok := names[id]; ok {
				ts = append(ts, n)
			}
		}
		parts[0] = strings.Join(ts, ", ")
		if parts[0] == "" {
			parts[0] = "No tour now"
		}
	}
	span := func(what string, from, until time.Time) {
		switch {
		case !from.IsZero() && !until.IsZero():
			parts = append(parts, what+" "+from.Format(layout)+" to "+until.Format(layout))
		case !from.IsZero():
			parts = append(parts, what+" from "+from.Format(layout))
		case !until.IsZero():
			parts = append(parts, what+" until "+until.Format(layout))
		}
	}
	span("booked", p.ValidFrom, p.ValidUntil)
	span("departures", p.DeparturesFrom, p.DeparturesUntil)
	if p.MaxUses > 0 {
		parts = append(parts, "at most "+strconv.Itoa(p.MaxUses)+" uses")
	}
	if p.MaxPerCustomer > 0 {
		parts = append(parts, strconv.Itoa(p.MaxPerCustomer)+" per customer")
	}
	if p.MinTravellers > 1 {
		parts = append(parts, strconv.Itoa(p.MinTravellers)+" travellers or more")
	}
	return strings.Join(parts, " · ")
}
