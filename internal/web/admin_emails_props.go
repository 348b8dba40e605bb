package web

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/mail"
	"strings"

	"golang.org/x/net/html"

	"tourbook/internal/backoffice"
	outbox "tourbook/internal/mail"
)

// The Go mirror of the email outbox's types in ui/src/props.ts.

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

type emailFilters struct {
	Status string `json:"status"`
	Kind   string `json:"kind"`
	To     string `json:"to"`
}

type statusOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

type adminEmailsProps struct {
	Emails   []AdminEmailRow `json:"emails"`
	Filters  emailFilters    `json:"filters"`
	Statuses []statusOption  `json:"statuses"`
	Paging   Paging          `json:"paging"`
}

type adminEmailProps struct {
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

func emailStatuses() []statusOption {
	out := make([]statusOption, 0, len(outbox.Statuses))
	for _, s := range outbox.Statuses {
		out = append(out, statusOption{Value: string(s), Label: EmailStatusLabel(s)})
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

// emailAddressPart keeps a recipient filter to what an address may hold.
func emailAddressPart(s string) string {
	s = strings.TrimSpace(s)
	if a, err := mail.ParseAddress(s); err == nil && strings.Contains(s, "<") {
		return a.Address
	}
	return s
}

// maxStyleHashes bounds the page's CSP header: an email with more distinct inline styles
// is shown without them.
const maxStyleHashes = 200

// EmailPreviewCSP is the Content-Security-Policy of the page that shows an email. Its
// HTML is shown in an <iframe sandbox srcdoc>: the sandbox (no allowances) runs no script,
// submits no form and gives the frame an opaque origin, and the frame inherits this
// policy, which lets in no script, images only from the site itself (a tracking pixel or
// any remote picture is never fetched) and, of styles, only the email's own inline ones,
// by their hashes, so the page itself accepts no other inline style.
func EmailPreviewCSP(htmlBody string) string {
	styles := []string{"'self'"}
	if hashes := styleHashes(htmlBody); len(hashes) > 0 && len(hashes) <= maxStyleHashes {
		styles = append(styles, "'unsafe-hashes'")
		styles = append(styles, hashes...)
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src " + strings.Join(styles, " "),
		"img-src 'self' data:",
		"font-src 'self'",
		"connect-src 'self'",
		"frame-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// styleHashes are the CSP hashes of every style attribute and <style> element of an
// HTML document, each once.
func styleHashes(doc string) []string {
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	add := func(css string) {
		sum := sha256.Sum256([]byte(css))
		h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			if a.Namespace == "" && a.Key == "style" {
				add(a.Val)
			}
		}
		if n.Data == "style" && n.FirstChild != nil && n.FirstChild.Type == html.TextNode {
			add(n.FirstChild.Data)
		}
	}
	return out
}
