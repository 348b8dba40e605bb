// Package mail is the transactional email outbox: the Message a feature writes in the
// same database transaction as the event that causes it, the Sender that delivers due
// messages in the background with retries and back-off, and the SMTP transport.
//
// An email is never sent from a request: the request's transaction writes a row, and
// the Sender delivers it later, so an email exists if and only if its event committed.
package mail

import (
	"encoding/json"
	"errors"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"
)

// Status is where an email is in its life.
type Status string

const (
	// Pending waits for its NextAttemptAt (first try or retry).
	Pending Status = "pending"
	// Sending is taken by a sender until LockedUntil; past that it is due again.
	Sending Status = "sending"
	// Sent was accepted by the SMTP server.
	Sent Status = "sent"
	// Failed was refused for good (5xx) or ran out of attempts.
	Failed Status = "failed"
	// Held was not sent because no SMTP server is configured; an operator may resend it.
	Held Status = "held"
)

// Statuses lists every status, for filters and validation.
var Statuses = []Status{Pending, Sending, Sent, Failed, Held}

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	for _, v := range Statuses {
		if s == v {
			return true
		}
	}
	return false
}

// Outcomes of one attempt, as recorded in the attempt history.
const (
	OutcomeSent      = "sent"
	OutcomeRetry     = "retry"     // a temporary failure; tried again later
	OutcomeFailed    = "failed"    // a permanent refusal, or the last attempt
	OutcomeHeld      = "held"      // no SMTP server configured
	OutcomeAbandoned = "abandoned" // the sender stopped (crash, kill -9) before recording an outcome
	OutcomeReleased  = "released"  // the sender shut down before trying it; not counted
)

// Errors the store returns.
var (
	ErrNotFound = errors.New("email not found")
	// ErrLeaseLost: the row is no longer held by this sender's attempt (its lease
	// expired and another sender took it), so the outcome was recorded in the history
	// but did not change the row.
	ErrLeaseLost = errors.New("email lease lost")
	// ErrInFlight: a sender holds the email right now; it cannot be resent.
	ErrInFlight = errors.New("email is being sent")
)

// Limits checked by Validate.
const (
	MaxSubjectLen     = 998 // RFC 5322's line limit
	MaxAttachmentSize = 10 << 20
)

// Attachment is a file sent with an email, such as a calendar (.ics) file.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
}

// Message is one email of the outbox. A feature fills IdemKey, Kind, To, Subject, HTML
// and/or Text and Attachments; the store fills the rest.
//
// A draft is a message whose content is only known inside the event's transaction (a
// waiting-list offer): the feature fills IdemKey, Kind, To and Props, the data the
// email is rendered from, and no Subject or bodies, so that nothing slow runs while the
// transaction holds the database's writer. It is rendered after the commit (Drafts) or,
// if the process stopped before that, by the Sender when it is due: a crash loses nothing.
type Message struct {
	ID string
	// IdemKey names the event that causes the email ("booking-paid:<booking id>"): the
	// same key is written once, so retried requests and webhooks never make two emails.
	IdemKey string
	Kind    string // what the email is for, e.g. "booking_confirmed"; for the admin list and logs
	To      string // one address, "Name <addr>" or "addr"
	Subject string
	HTML    string
	Text    string

	Attachments []Attachment
	// Props is a draft's data (JSON) for rendering Kind; empty once it is rendered or
	// for a message written rendered.
	Props []byte

	Status        Status
	Attempts      int       // delivery attempts begun, including one in flight
	Resends       int       // times an operator resent it; part of the Message-ID
	NextAttemptAt time.Time // when it is due; a feature may set a later time to delay it
	LockedUntil   time.Time // the lease of the sender holding it (Sending)
	LastError     string
	CreatedAt     time.Time
	SentAt        time.Time
}

// BodyRemoved reports whether the email was sent and has lost its body since, as the
// retention period wants (internal/privacy): it can no longer be read or sent again.
func (m Message) BodyRemoved() bool {
	return m.Status == Sent && m.HTML == "" && m.Text == "" && len(m.Attachments) == 0
}

// Attempt is one line of an email's delivery history.
type Attempt struct {
	EmailID string
	At      time.Time
	Outcome string // one of the Outcome constants
	Error   string
}

// Filter selects emails for the admin list; empty fields match everything.
type Filter struct {
	Status Status
	Kind   string
	To     string // part of the address, without regard to case
}

// Backlog is what the outbox still has to do, for the operator's metrics.
type Backlog struct {
	Pending, Sending, Failed int
	// OldestDue is when the longest-waiting due pending email became due; zero when
	// none is due.
	OldestDue time.Time
}

// Drafted reports whether m still has to be rendered from its Props.
func (m *Message) Drafted() bool { return m.Subject == "" && len(m.Props) > 0 }

// Validate checks what a feature filled in, so that a bad email fails the transaction
// that writes it rather than every later attempt to send it.
func (m *Message) Validate() error {
	switch {
	case strings.TrimSpace(m.IdemKey) == "":
		return errors.New("email: an idempotency key is required")
	case strings.TrimSpace(m.Kind) == "":
		return errors.New("email: a kind is required")
	case m.Drafted():
		if !json.Valid(m.Props) {
			return fmt.Errorf("email %s: a draft's props must be JSON", m.IdemKey)
		}
	case strings.TrimSpace(m.Subject) == "" || len(m.Subject) > MaxSubjectLen || strings.ContainsAny(m.Subject, "\r\n"):
		return fmt.Errorf("email %s: the subject must be one line of 1 to %d bytes", m.IdemKey, MaxSubjectLen)
	case m.HTML == "" && m.Text == "":
		return fmt.Errorf("email %s: an HTML or a text body is required", m.IdemKey)
	}
	if _, err := netmail.ParseAddress(m.To); err != nil {
		return fmt.Errorf("email %s: recipient %q: %w", m.IdemKey, m.To, err)
	}
	for _, a := range m.Attachments {
		if a.Name == "" || strings.ContainsAny(a.Name, "\r\n/\\\"") || a.ContentType == "" {
			return fmt.Errorf("email %s: attachment %q needs a plain file name and a content type", m.IdemKey, a.Name)
		}
		if len(a.Data) > MaxAttachmentSize {
			return fmt.Errorf("email %s: attachment %q is larger than %d bytes", m.IdemKey, a.Name, MaxAttachmentSize)
		}
	}
	return nil
}

// MessageID is the Message-ID header's value (without the angle brackets) for m sent
// from an address in domain. It is the same on every retry of the row, so a copy sent
// twice (see Sender) carries the same Message-ID and can be recognised as a duplicate
// by the receiving side; an operator's resend is a new message and gets a new one.
func MessageID(m Message, domain string) string {
	if domain == "" {
		domain = "localhost"
	}
	return fmt.Sprintf("%s.%d@%s", m.ID, m.Resends, domain)
}
