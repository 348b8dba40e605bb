package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tourbook/internal/httpx"
)

// Any body a checkout's POST may carry is read into a checkout or refused with a 4xx
// and a message a person can read: never a 500, never a panic.
func FuzzCheckoutBody(f *testing.F) {
	for _, seed := range []string{
		`{"date":"2027-06-15","units":"adult:2,child:1","extras":"wetsuit:2","terms":3,"details":{"travellers":[{"category":"adult","name":"Ann","phone":"+47 1"}],"answers":[{"question":"diet","traveller":1,"value":"None"}]}}`,
		`{"participants":2}`,
		`{"participants":0}`,
		`{"participants":"two"}`,
		`{"units":"adult:-1"}`,
		`{"terms":-1}`,
		`{"price":1}`,
		`{"details":{"travellers":[`,
		`{} {}`,
		`[]`,
		`null`,
		``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest(http.MethodPost, "/api/v1/bookings/checkout-session/t1", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		var in checkoutRequest
		err := decodeJSONStrict(httptest.NewRecorder(), r, &in, maxDetailsBody)
		if err == nil {
			if _, err = in.checkout("t1"); err == nil {
				return
			}
		}
		if status, msg := httpx.Classify(err); status < 400 || status >= 500 || msg == "" {
			t.Fatalf("%q: %d %q (%v)", body, status, msg, err)
		}
	})
}
