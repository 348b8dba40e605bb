package seed

import (
	"context"
	"fmt"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/legal"
)

// SampleAdmin is the sample administrator, who wrote the sample legal pages.
const SampleAdmin = "laura@example.com"

// sampleLegal are short sample legal pages, so a newcomer sees where the terms appear
// (the footer, sign-up, the booking panel's checkbox, a booking's back-office page).
// They are examples to replace, not advice.
var sampleLegal = map[legal.Kind]string{
	legal.Terms: `# Terms of booking

*Sample terms: replace them with your own under Back office → Legal pages.*

1. **Booking.** A booking is confirmed once it is paid. The price is per person and includes the guide.
2. **Cancelling.** You may cancel from *My bookings*; what is refunded follows the tour's cancellation policy shown on its page and at checkout.
3. **If we cancel.** When weather or safety makes a departure impossible we offer another date or a full refund.
4. **On the trail.** Please follow the guide's instructions and bring what the tour page asks for.`,
	legal.Privacy: `# Privacy notice

*Sample notice: replace it with your own.*

We keep your name, email address, phone number and bookings to run your tours and to send you what belongs to them (confirmations, reminders, receipts). Payments are handled by our payment provider; we never see your card number. Write to us to see, correct or delete what we hold about you.`,
	legal.Imprint: `# Imprint

*Sample imprint: replace it with your business's details.*

Sample Tours Ltd
1 Harbour Street
Example Town

Email: hello@example.com`,
}

// writeLegal saves the sample legal pages as the sample administrator's first versions.
func writeLegal(ctx context.Context, tx Tx, adminID, adminName string, now time.Time) error {
	for _, k := range legal.Kinds() {
		v := &legal.Version{Kind: k, Markdown: sampleLegal[k], CreatedAt: now, AuthorID: adminID, AuthorName: adminName}
		entry := audit.Entry{At: now, ActorID: adminID, ActorName: adminName, Action: "legal.save", ObjectType: "legal", ObjectID: string(k)}
		if err := tx.AddLegalVersion(ctx, v, entry); err != nil {
			return fmt.Errorf("write the sample %s: %w", k, err)
		}
	}
	return nil
}
