package view

import (
	"fmt"
	"time"

	"tourbook/internal/format"
	"tourbook/internal/notify"

	outbox "tourbook/internal/mail"
	mailoutbox "tourbook/internal/mail/outbox"
)

// The email outbox as the back office shows it.

// AdminEmailRow is one email of the outbox in the back office's list (no bodies).
type AdminEmailRow struct {
	ID string `json:"id"`
	// Formatted time.
	CreatedAt string `json:"createdAt"`
	// What the email is for, e.g. "booking_confirmed".
	Kind        string        `json:"kind"`
	To          string        `json:"to"`
	Subject     string        `json:"subject"`
	Status      outbox.Status `json:"status"`
	StatusLabel string        `json:"statusLabel"`
	// Delivery attempts begun since it was queued or last resent.
	Attempts  int    `json:"attempts"`
	LastError string `json:"lastError"`
}

// EmailAttemptRow is one line of an email's delivery history, oldest first.
type EmailAttemptRow struct {
	At           string `json:"at"`
	Outcome      string `json:"outcome"`
	OutcomeLabel string `json:"outcomeLabel"`
	Error        string `json:"error"`
}

// EmailAttachmentRow is one attachment of an email, without its content.
type EmailAttachmentRow struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int    `json:"size"`
	SizeLabel   string `json:"sizeLabel"`
}

// AdminEmailDetail is one email of the outbox with its bodies and history.
type AdminEmailDetail struct {
	AdminEmailRow
	// '' when not sent.
	SentAt string `json:"sentAt"`
	// When a pending email is due; '' otherwise.
	NextAttemptAt string `json:"nextAttemptAt"`
	// Times an operator resent it.
	Resends int `json:"resends"`
	// The HTML part ('' for none): shown only in a sandboxed iframe, never in the page.
	HTML string `json:"html"`
	// The plain-text part ('' for none)
	Text        string               `json:"text"`
	Attachments []EmailAttachmentRow `json:"attachments"`
	History     []EmailAttemptRow    `json:"history"`
	// The body and attachments were removed after the retention period.
	BodyRemoved bool `json:"bodyRemoved"`
}

// EmailFilters are the outbox list's filters, as the address gave them.
type EmailFilters struct {
	Status string `json:"status" tstype:"EmailStatus | ''"`
	Kind   string `json:"kind"`
	To     string `json:"to"`
}

// StatusOption is one choice of the outbox's status filter.
type StatusOption struct {
	Value outbox.Status `json:"value"`
	Label string        `json:"label"`
}

// AdminEmailsProps are the props of /admin/emails.
type AdminEmailsProps struct {
	Emails   []AdminEmailRow `json:"emails"`
	Filters  EmailFilters    `json:"filters"`
	Statuses []StatusOption  `json:"statuses"`
	Paging   Paging          `json:"paging"`
	// How booking news reach the operator and the guides: at once or one daily digest.
	NoticeMode notify.Mode `json:"noticeMode" tstype:"'immediate' | 'daily'"`
	// When the daily digest goes out: "07:00 WET (Europe/Lisbon)".
	DigestAt string `json:"digestAt"`
	// How many days sent emails keep their bodies and attachments.
	RetentionDays int `json:"retentionDays"`
}

// DigestAt says when the staff's daily digest goes out, in the site's zone:
// "07:00 WET (Europe/Lisbon)".
func DigestAt(zone *time.Location) string {
	if zone == nil {
		zone = time.UTC
	}
	now := time.Now().In(zone)
	return format.Clock(time.Date(now.Year(), now.Month(), now.Day(), notify.DigestHour, 0, 0, 0, zone), zone)
}

// AdminEmailProps are the props of /admin/emails/{id}.
type AdminEmailProps struct {
	Email AdminEmailDetail `json:"email"`
}

// EmailStatusLabel says where an email is, for people.
func EmailStatusLabel(s outbox.Status) string {
	switch s {
	case outbox.Pending:
		return "Pending"
	case outbox.Sending:
		return "Sending"
	case outbox.Sent:
		return "Sent"
	case outbox.Failed:
		return "Failed"
	case outbox.Held:
		return "Held (no SMTP)"
	}
	return string(s)
}

func emailOutcomeLabel(o string) string {
	switch o {
	case outbox.OutcomeSent:
		return "Sent"
	case outbox.OutcomeRetry:
		return "Failed, to be retried"
	case outbox.OutcomeFailed:
		return "Failed"
	case outbox.OutcomeHeld:
		return "Held: no SMTP server"
	case outbox.OutcomeAbandoned:
		return "Abandoned by a stopped sender"
	case outbox.OutcomeReleased:
		return "Released by a stopping sender"
	}
	return o
}

func EmailStatuses() []StatusOption {
	out := make([]StatusOption, 0, len(outbox.Statuses))
	for _, s := range outbox.Statuses {
		out = append(out, StatusOption{Value: s, Label: EmailStatusLabel(s)})
	}
	return out
}

func sizeLabel(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
}

func NewAdminEmailRow(m outbox.Message, loc *time.Location) AdminEmailRow {
	return AdminEmailRow{ID: m.ID, CreatedAt: FormatTime(m.CreatedAt, loc), Kind: m.Kind, To: m.To, Subject: m.Subject,
		Status: m.Status, StatusLabel: EmailStatusLabel(m.Status), Attempts: m.Attempts, LastError: m.LastError}
}

func NewAdminEmailDetail(d mailoutbox.EmailDetail, loc *time.Location) AdminEmailDetail {
	out := AdminEmailDetail{AdminEmailRow: NewAdminEmailRow(d.Message, loc), SentAt: FormatTime(d.SentAt, loc),
		Resends: d.Resends, HTML: d.HTML, Text: d.Text, BodyRemoved: d.BodyRemoved(),
		Attachments: make([]EmailAttachmentRow, 0, len(d.Attachments)), History: make([]EmailAttemptRow, 0, len(d.History))}
	if d.Status == outbox.Pending {
		out.NextAttemptAt = FormatTime(d.NextAttemptAt, loc)
	}
	for _, a := range d.Attachments {
		out.Attachments = append(out.Attachments, EmailAttachmentRow{Name: a.Name, ContentType: a.ContentType,
			Size: len(a.Data), SizeLabel: sizeLabel(len(a.Data))})
	}
	for _, a := range d.History {
		out.History = append(out.History, EmailAttemptRow{At: FormatTime(a.At, loc), Outcome: a.Outcome,
			OutcomeLabel: emailOutcomeLabel(a.Outcome), Error: a.Error})
	}
	return out
}
