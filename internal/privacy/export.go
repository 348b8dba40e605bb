package privacy

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"tourbook/internal/account"
)

// Export is a copy of what the site holds about one account, as the downloaded JSON file
// reads: the account without its password hash or sessions, each booking as its row
// holds it with its travellers, payments and refunds, the reviews, the waiting-list
// entries and the consents the bookings record. Emails are left out: the outbox knows
// only the address each went to, and an account's address may have been someone else's
// before (an address is changed with the password alone), so listing them by address
// would show one person another's mail.
type Export struct {
	ExportedAt  string   `json:"exportedAt"`
	Account     Account  `json:"account"`
	Bookings    []Record `json:"bookings"`
	Reviews     []Record `json:"reviews"`
	WaitingList []Record `json:"waitingList"`
	Consents    []Record `json:"consents"`
}

// Account is the account as exported.
type Account struct {
	ID                string `json:"id"`
	Name              string `json:"name"`
	Email             string `json:"email"`
	Photo             string `json:"photo"`
	Role              string `json:"role"`
	Active            bool   `json:"active"`
	CreatedAt         string `json:"createdAt"`
	PasswordChangedAt string `json:"passwordChangedAt,omitempty"`
	DeletedAt         string `json:"deletedAt,omitempty"`
}

// derived are booking columns the export leaves out: those the store computes from the
// others (the back office's search), nothing of the person's that the rest does not
// hold, and the operator's internal notes, which are never sent to the customer.
var derived = []string{"search_names", "search_codes", "search_phones", "search_version", "notes"}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func (s *Service) export(ctx context.Context, u account.User) (Export, error) {
	recs, err := s.store.PersonalData(ctx, u.ID)
	if err != nil {
		return Export{}, fmt.Errorf("export user %s: %w", u.ID, err)
	}
	x := Export{
		ExportedAt: stamp(s.now()),
		Account: Account{ID: u.ID, Name: u.Name, Email: u.Email, Photo: u.Photo, Role: string(u.Role),
			Active: u.Active, CreatedAt: stamp(u.CreatedAt), PasswordChangedAt: stamp(u.PasswordChangedAt),
			DeletedAt: stamp(u.DeletedAt)},
		Bookings:    nest(recs),
		Reviews:     orEmpty(recs.Reviews),
		WaitingList: orEmpty(recs.Waitlist),
		Consents:    consents(recs.Bookings),
	}
	return x, nil
}

// jsonColumns are the booking columns that hold JSON text: the export gives their
// values, not the text (” is none).
var jsonColumns = []string{"units", "extras", "travellers", "answers"}

// nest puts each booking's payments and refunds under it, and its travellers, answers,
// units and extras as values.
func nest(recs Records) []Record {
	byBooking := func(list []Record) map[any][]Record {
		m := map[any][]Record{}
		for _, r := range list {
			id := r["booking_id"]
			delete(r, "booking_id")
			m[id] = append(m[id], r)
		}
		return m
	}
	payments, refunds := byBooking(recs.Payments), byBooking(recs.Refunds)
	out := make([]Record, 0, len(recs.Bookings))
	for _, b := range recs.Bookings {
		nb := Record{}
		for k, v := range b {
			nb[k] = v
		}
		for _, k := range derived {
			delete(nb, k)
		}
		for _, k := range jsonColumns {
			var v any = []any{}
			if text, ok := nb[k].(string); ok && text != "" {
				if err := json.Unmarshal([]byte(text), &v); err != nil {
					v = text // kept as written rather than lost
				}
			}
			nb[k] = v
		}
		nb["payments"] = orEmpty(payments[b["id"]])
		nb["refunds"] = orEmpty(refunds[b["id"]])
		out = append(out, nb)
	}
	return out
}

// consents are what the bookings record of terms accepted: each column named terms_…
// (the version accepted and when), with the booking it belongs to.
func consents(bookings []Record) []Record {
	out := []Record{}
	for _, b := range bookings {
		var keys []string
		for k, v := range b {
			if strings.HasPrefix(k, "terms_") && v != nil && v != "" {
				keys = append(keys, k)
			}
		}
		if len(keys) == 0 {
			continue
		}
		sort.Strings(keys)
		c := Record{"what": "terms of booking", "booking_id": b["id"]}
		for _, k := range keys {
			c[strings.TrimPrefix(k, "terms_")] = b[k]
		}
		out = append(out, c)
	}
	return out
}

func orEmpty(list []Record) []Record {
	if list == nil {
		return []Record{}
	}
	return list
}
