package payment

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"tourbook/internal/money"
)

//go:embed sandbox_checkout.html
var sandboxPageHTML string

var sandboxPage = template.Must(template.New("checkout").Parse(sandboxPageHTML))

// sandboxCSS is the page's only style sheet, inline so the page makes no other request.
// Its own look on purpose: it stands for a third party's page, not for the business's.
const sandboxCSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef0f7;color:#1a1f36}
.testmode{background:#ffb020;color:#1a1f36;text-align:center;font-weight:700;letter-spacing:.05em;padding:.5rem}
.card{max-width:28rem;margin:2rem auto;background:#fff;border-radius:.5rem;box-shadow:0 2px 12px rgba(26,31,54,.12);padding:1.5rem 2rem 2rem}
.brand{font-weight:700;color:#4b45c6;margin-bottom:1rem}.merchant{color:#697386;font-weight:400}
h1{font-size:1.35rem;margin:.25rem 0}
.desc,.unit,.email{color:#4f566b;margin:.25rem 0}
.lines{width:100%;border-collapse:collapse;margin:.5rem 0 0}.lines th{text-align:left;font-weight:400}.lines td{text-align:right;white-space:nowrap}
.lines th,.lines td{padding:.2rem 0;vertical-align:top}.lines .unit{display:block;font-size:.85rem}
.terms{font-size:.85rem;color:#4f566b;background:#f6f8fa;border-radius:.35rem;padding:.5rem .7rem;margin:.75rem 0 0}
.total{font-size:1.15rem;margin:.75rem 0 1rem;border-top:1px solid #e3e8ee;padding-top:.75rem;display:flex;justify-content:space-between}
label{display:block;font-size:.875rem;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.55rem .7rem;border:1px solid #cfd7df;border-radius:.35rem}
input:focus{outline:2px solid #4b45c6;outline-offset:1px}
input[aria-invalid=true]{border-color:#cd3d64}
.row{display:flex;gap:1rem}.row>div{flex:1}
.field-error{color:#cd3d64;font-size:.85rem;margin:.25rem 0 0}
.error{background:#fde8ec;color:#a41c4e;border-radius:.35rem;padding:.6rem .8rem;margin:1rem 0}
.button{display:block;width:100%;margin-top:1.25rem;padding:.75rem;border:0;border-radius:.35rem;background:#4b45c6;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button:hover{background:#3a35a8}.button.secondary{background:#697386}
.cancel{text-align:center;margin:1rem 0 0}.cancel a{color:#4b45c6}
.hint{margin-top:1.5rem;font-size:.85rem;color:#697386}
`

// sandboxCSP allows nothing but the inline style above (by its hash) and posting the
// form back to this origin.
var sandboxCSP = func() string {
	sum := sha256.Sum256([]byte(sandboxCSS))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) +
		"'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
}()

// maxPayForm bounds the pay form's body: four short fields and a token.
const maxPayForm = 8 << 10

type sandboxPageData struct {
	CSS         template.CSS
	Merchant    string // the business paid
	State       string // "form", "expired", "released", "paid", "missing", "unavailable"
	TourName    string
	Description string
	Lines       []sandboxLine
	Total       string
	Email       string
	Terms       string // the cancellation policy the customer agrees to by paying
	Message     string
	FieldErrors map[string]string
	Values      cardForm
	FormToken   string
	PayAction   string
	CancelURL   string
	SuccessURL  string
}

// sandboxLine is one line of the order summary: "2 × Adult · €120.00 … €240.00".
type sandboxLine struct {
	Name       string
	Quantity   int
	UnitAmount string
	Amount     string
}

func sandboxLines(req CheckoutRequest) []sandboxLine {
	items := req.LineItems()
	out := make([]sandboxLine, len(items))
	for i, l := range items {
		out[i] = sandboxLine{Name: l.Name, Quantity: l.Quantity,
			UnitAmount: money.Format(l.UnitAmountMinor, req.Currency), Amount: money.Format(l.AmountMinor(), req.Currency)}
	}
	return out
}

// Handler serves the sandbox checkout pages; mount it at SandboxPath:
//
//	GET  /sandbox/checkout/{id}      the checkout page
//	POST /sandbox/checkout/{id}/pay  a payment attempt
func (s *Sandbox) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+SandboxPath+"{id}", s.showCheckout)
	mux.HandleFunc("POST "+SandboxPath+"{id}/pay", s.pay)
	return mux
}

// load reads a checkout for a page; when it cannot, it renders the page that says so
// and returns false.
func (s *Sandbox) load(w http.ResponseWriter, r *http.Request) (SandboxCheckout, bool) {
	id := r.PathValue("id")
	c, err := s.store.SandboxCheckout(r.Context(), id)
	switch {
	case errors.Is(err, ErrNotFound):
		s.render(w, r, http.StatusNotFound, sandboxPageData{State: "missing"})
		return c, false
	case err != nil:
		s.log.Error("sandbox: load checkout", "checkout_id", id, "err", err)
		s.render(w, r, http.StatusServiceUnavailable, sandboxPageData{State: "unavailable"})
		return c, false
	}
	return c, true
}

func (s *Sandbox) pageData(sess SandboxCheckout) sandboxPageData {
	d := sandboxPageData{
		State:       "form",
		TourName:    sess.Request.TourName,
		Description: sess.Request.Description,
		Lines:       sandboxLines(sess.Request),
		Total:       money.Format(sess.amount(), sess.Request.Currency),
		Email:       sess.Request.CustomerEmail,
		Terms:       sess.Request.Terms,
		FormToken:   sess.FormToken,
		PayAction:   SandboxPath + sess.ID + "/pay",
		CancelURL:   sess.Request.CancelURL,
		SuccessURL:  successURL(sess.Request.SuccessURL, sess.ID),
	}
	switch {
	case sess.Paid():
		d.State = "paid"
	case sess.Expired():
		d.State = "released"
	case !s.now().Before(sess.Request.ExpiresAt):
		d.State = "expired"
	}
	return d
}

func (s *Sandbox) showCheckout(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.load(w, r)
	if !ok {
		return
	}
	d := s.pageData(sess)
	status := http.StatusOK
	if d.State == "expired" || d.State == "released" {
		status = http.StatusGone
	}
	s.render(w, r, status, d)
}

func (s *Sandbox) pay(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.load(w, r)
	if !ok {
		return
	}
	id := sess.ID
	d := s.pageData(sess)
	switch d.State {
	case "paid":
		// A second submit (double click, back button) pays nothing more.
		http.Redirect(w, r, d.SuccessURL, http.StatusSeeOther)
		return
	case "expired", "released":
		s.render(w, r, http.StatusGone, d)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxPayForm)
	if err := r.ParseForm(); err != nil {
		d.Message = "The form could not be read. Please try again."
		s.render(w, r, http.StatusBadRequest, d)
		return
	}
	// The per-session token proves the form came from this page: another site cannot
	// read it, so it cannot make a browser pay by posting here.
	if subtle.ConstantTimeCompare([]byte(r.PostForm.Get("token")), []byte(sess.FormToken)) != 1 {
		d.Message = "This payment form is no longer valid. Please reload the page and try again."
		s.render(w, r, http.StatusForbidden, d)
		return
	}
	f := cardForm{
		Number: r.PostForm.Get("number"),
		Expiry: r.PostForm.Get("expiry"),
		CVC:    r.PostForm.Get("cvc"),
		Name:   r.PostForm.Get("name"),
	}
	if res := evaluateCard(f, s.now()); res.Status != 0 {
		d.Message, d.FieldErrors = res.Message, res.FieldErrors
		d.Values = cardForm{Number: f.Number, Expiry: f.Expiry, Name: f.Name}
		s.render(w, r, res.Status, d)
		return
	}
	ev, first, err := s.markPaid(r.Context(), id, digitsOnly(f.Number) == refundFailsCard)
	if err != nil {
		// Nothing was recorded, so nothing was paid: the same form may be sent again.
		s.log.Error("sandbox: record payment", "checkout_id", id, "err", err)
		d.Message = "The payment could not be recorded, and nothing was charged. Please try again in a moment."
		d.Values = cardForm{Number: f.Number, Expiry: f.Expiry, Name: f.Name}
		s.render(w, r, http.StatusServiceUnavailable, d)
		return
	}
	if !first && !ev.Paid {
		// Its seats were released while the form was filled in: nothing was charged.
		d.State = "released"
		s.render(w, r, http.StatusGone, d)
		return
	}
	if first {
		s.log.Info("sandbox checkout paid", "checkout_id", id, "booking_id", ev.BookingID, "amount", ev.AmountTotal, "currency", ev.Currency)
		// Deliver even if the browser goes away: the payment has happened.
		s.deliver(context.WithoutCancel(r.Context()), ev)
	}
	http.Redirect(w, r, d.SuccessURL, http.StatusSeeOther)
}

func (s *Sandbox) render(w http.ResponseWriter, r *http.Request, status int, d sandboxPageData) {
	d.CSS = template.CSS(sandboxCSS)
	d.Merchant = s.merchant(r.Context())
	var buf bytes.Buffer
	if err := sandboxPage.Execute(&buf, d); err != nil {
		s.log.Error("sandbox page", "err", err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", sandboxCSP)
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

func successURL(tmpl, id string) string {
	return strings.ReplaceAll(tmpl, PlaceholderCheckoutID, id)
}
