package promotion

import (
	"encoding/json"
	"errors"
	"testing"

	"tourbook/internal/fault"
)

// FuzzInputRead: any form body is read into a promotion whose rules hold, or refused
// field by field; never a panic.
func FuzzInputRead(f *testing.F) {
	for _, s := range []string{
		`{"code":"spring10","kind":"percent","percent":10,"active":true}`,
		`{"code":"EURO20","kind":"amount","amount":"20,50","currency":"EUR","validFrom":"2031-03-01","validUntil":"2031-03-31"}`,
		`{"code":"x","kind":"amount","amount":"1e400","currency":"eur"}`,
		`{"code":"a b","kind":"percent","percent":101,"maxUses":-1,"departuresFrom":"2031-13-01"}`,
		`{"code":"","kind":"","tourIds":["a"]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var in Input
		if json.Unmarshal([]byte(body), &in) != nil {
			return
		}
		p, err := in.read()
		if err != nil {
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || len(fe.Fields) == 0 {
				t.Fatalf("refused without fields: %v", err)
			}
			return
		}
		if code, ok := NormalCode(p.Code); !ok || code != p.Code {
			t.Errorf("code %q kept", p.Code)
		}
		switch {
		case p.Percent > 0 && (p.Percent > 99 || p.AmountMinor != 0):
			t.Errorf("percent %d with amount %d", p.Percent, p.AmountMinor)
		case p.Percent == 0 && (p.AmountMinor <= 0 || len(p.Currency) != 3):
			t.Errorf("amount %d %q", p.AmountMinor, p.Currency)
		case p.MaxUses < 0 || p.MaxPerCustomer < 0 || p.MinTravellers < 0:
			t.Errorf("negative limits %+v", p)
		case !p.ValidFrom.IsZero() && !p.ValidUntil.IsZero() && p.ValidUntil.Before(p.ValidFrom):
			t.Errorf("valid until before from %+v", p)
		}
	})
}
