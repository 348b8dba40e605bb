package emails

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	tbmail "tourbook/internal/mail"
	"tourbook/internal/waitlist"
)

// engine renders every email as its kind and props, and refuses the kind "broken".
type engine struct{}

func (engine) Render(_ context.Context, page string, props []byte) (string, error) {
	if page == "email:broken" {
		return "", errors.New("no such template")
	}
	out, err := json.Marshal(map[string]string{"Subject": page, "HTML": "<p>" + string(props) + "</p>", "Text": string(props)})
	return string(out), err
}

// drafts is an outbox of drafts, keeping what is rendered of them.
type drafts struct {
	mu    sync.Mutex
	list  []tbmail.Message
	saved map[string]tbmail.Message
}

func (d *drafts) EmailDrafts(context.Context, int) ([]tbmail.Message, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []tbmail.Message
	for _, m := range d.list {
		if _, ok := d.saved[m.ID]; !ok {
			out = append(out, m)
		}
	}
	return out, nil
}

func (d *drafts) SaveRenderedEmail(_ context.Context, m tbmail.Message) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.saved[m.ID]; ok {
		return false, nil
	}
	d.saved[m.ID] = m
	return true, nil
}

// A waiting-list offer is drafted without the engine (inside the transaction), and
// rendered from its props once RenderPending runs; a draft that cannot be rendered is
// left for the sender.
func TestDraftsRenderAfterTheCommit(t *testing.T) {
	w := New(engine{}, Site{Name: "Tourbook", URL: "https://tours.example"})
	offer, err := w.WaitlistOffer(waitlist.Offer{Entry: waitlist.Entry{ID: "e1", BookingID: "b1", Participants: 2},
		TourName: "Fjord Days", TimeZone: "Europe/Oslo", UserName: "Zoë", UserEmail: "zoe@example.com",
		AmountMinor: 99400, Currency: "usd"})
	if err != nil {
		t.Fatal(err)
	}
	if !offer.Drafted() || offer.IdemKey != "waitlist-offer:b1" || !strings.HasSuffix(offer.To, "<zoe@example.com>") || offer.Validate() != nil {
		t.Fatalf("offer draft: %+v (%v)", offer, offer.Validate())
	}
	offer.ID = "m1"
	st := &drafts{list: []tbmail.Message{*offer, {ID: "m2", IdemKey: "x", Kind: "broken", To: "a@example.com", Props: []byte(`{}`)}},
		saved: map[string]tbmail.Message{}}
	NewDrafts(w, st, nil).RenderPending()
	got, ok := st.saved["m1"]
	if !ok || got.Subject != "email:waitlistOffer" || !strings.Contains(got.Text, `"tourName":"Fjord Days"`) ||
		!strings.Contains(got.Text, `"amount":"$994.00"`) || got.Drafted() || len(got.Props) != 0 {
		t.Errorf("rendered offer: %+v", got)
	}
	if _, ok := st.saved["m2"]; ok {
		t.Error("a draft that failed to render was saved")
	}
	if left, _ := st.EmailDrafts(context.Background(), 10); len(left) != 1 || left[0].ID != "m2" {
		t.Errorf("drafts left: %+v", left)
	}
}
