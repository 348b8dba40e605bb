package view

import (
	"fmt"

	"tourbook/internal/backoffice"
	outbox "tourbook/internal/mail"
)

// The email outbox as the back office shows it.

type AdminEmailRow struct {
	ID          string `json:"id"`
	CreatedAt   string `json:"createdAt"`
	Kind        string `json:"kind"`
	To          string `json:"to"`
	Subject     string `json:"subject"`
	Status      string `json:"status"`
	StatusLabel string `json:"statusLabel"`
	Attempts    int    `json:"attempts"`
	LastError   string `json:"lastError"`
}

type EmailAttemptRow struct {
	At           string `json:"at"`
	Outcome      string `json:"outcome"`
	OutcomeLabel string `json:"outcomeLabel"`
	Error        string `json:"error"`
}

type EmailAttachmentRow struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int    `json:"size"`
	SizeLabel   string `json:"sizeLabel"`
}

type AdminEmailDetail struct {
	AdminEmailRow
	SentAt        string               `json:"sentAt"`
	NextAttemptAt string               `json:"nextAttemptAt"`
	Resends       int                  `json:"resends"`
	HTML          string               `json:"html"`
	Text          string               `json:"text"`
	Attachments   []EmailAttachmentRow `json:"attachments"`
	History       []EmailAttemptRow    `json:"history"`
}

type EmailFilters struct {
	Status string `json:"status"`
	Kind   string `json:"kind"`
	To     string `json:"to"`
}

type StatusOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

type AdminEmailsProps struct {
	Emails   []AdminEmailRow `json:"emails"`
	Filters  EmailFilters    `json:"filters"`
	Statuses []StatusOption  `json:"statuses"`
	Paging   Paging          `json:"paging"`
}

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
		out = append(out, StatusOption{Value: string(s), Label: EmailStatusLabel(s)})
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

func NewAdminEmailRow(m outbox.Message) AdminEmailRow {
	return AdminEmailRow{ID: m.ID, CreatedAt: FormatTime(m.CreatedAt), Kind: m.Kind, To: m.To, Subject: m.Subject,
		Status: string(m.Status), StatusLabel: EmailStatusLabel(m.Status), Attempts: m.Attempts, LastError: m.LastError}
}

func NewAdminEmailDetail(d backoffice.EmailDetail) AdminEmailDetail {
	out := AdminEmailDetail{AdminEmailRow: NewAdminEmailRow(d.Message), SentAt: FormatTime(d.SentAt),
		Resends: d.Resends, HTML: d.HTML, Text: d.Text,
		Attachments: make([]EmailAttachmentRow, 0, len(d.Attachments)), History: make([]EmailAttemptRow, 0, len(d.History))}
	if d.Status == outbox.Pending {
		out.NextAttemptAt = FormatTime(d.NextAttemptAt)
	}
	for _, a := range d.Attachments {
		out.Attachments = append(out.Attachments, EmailAttachmentRow{Name: a.Name, ContentType: a.ContentType,
			Size: len(a.Data), SizeLabel: sizeLabel(len(a.Data))})
	}
	for _, a := range d.History {
		out.History = append(out.History, EmailAttemptRow{At: FormatTime(a.At), Outcome: a.Outcome,
			OutcomeLabel: emailOutcomeLabel(a.Outcome), Error: a.Error})
	}
	return out
}
