package store

import (
	"context"
	"testing"

	"tourbook/internal/store/testdb"
)

// Migration 0015 rebuilds bookings and refunds on SQLite to widen their status checks:
// the rows, and everything that refers to them (tickets, history, refunds), come through
// on both engines, and what a paid booking received is its price.
func TestUpgrade0015KeepsBookings(t *testing.T) {
	t.Parallel()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			databaseURL, dataDir := testdb.Database(t, engine)
			s, err := Open(ctx, databaseURL, dataDir, nil)
			must(t, err)
			t.Cleanup(func() { _ = s.Close() })
			must(t, s.migrate(ctx, 14))
			for _, q := range []string{
				`INSERT INTO users (id, name, email, role, password_hash, created_at)
					VALUES ('u1', 'Zoë', 'zoe@example.com', 'user', 'x', '2026-01-01T00:00:00Z')`,
				`INSERT INTO tours (id, slug, name, duration_days, max_group_size, difficulty, price_minor, currency,
					start_lng, start_lat, created_at)
					VALUES ('t1', 'forest', 'Forest', 3, 10, 'easy', 49700, 'eur', -9.1, 38.7, '2026-01-01T00:00:00Z')`,
				`INSERT INTO bookings (id, tour_id, user_id, start_date, participants, amount_minor, currency, status,
					hold_until, created_at, paid_at, source)
					VALUES ('b-paid', 't1', 'u1', '2027-05-01', 2, 99400, 'eur', 'paid', '2026-01-01T00:30:00Z',
						'2026-01-01T00:00:00Z', '2026-01-01T00:10:00Z', 'online'),
					('b-held', 't1', 'u1', '2027-05-01', 1, 49700, 'eur', 'cancelled', '2026-01-01T00:30:00Z',
						'2026-01-01T00:00:00Z', NULL, 'online')`,
				`INSERT INTO tickets (booking_id, code, created_at) VALUES ('b-paid', 'CODE1', '2026-01-01T00:10:00Z')`,
				`INSERT INTO booking_events (id, booking_id, at, kind) VALUES ('e1', 'b-paid', '2026-01-01T00:10:00Z', 'recorded')`,
				`INSERT INTO refunds (id, booking_id, idem_key, amount_minor, currency, provider, status, actor_id,
					created_at, updated_at)
					VALUES ('r1', 'b-paid', 'k1', 100, 'eur', 'sandbox', 'succeeded', 'u1', '2026-01-02T00:00:00Z',
						'2026-01-02T00:00:00Z')`,
			} {
				if _, err := s.write.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			must(t, s.Migrate(ctx))

			var tickets, events, refunds int
			must(t, s.read.QueryRowContext(ctx, `SELECT
				(SELECT COUNT(*) FROM tickets), (SELECT COUNT(*) FROM booking_events), (SELECT COUNT(*) FROM refunds)`).
				Scan(&tickets, &events, &refunds))
			if tickets != 1 || events != 1 || refunds != 1 {
				t.Errorf("after the upgrade: %d tickets, %d events, %d refunds; want 1 of each", tickets, events, refunds)
			}
			paid, err := s.BookingByID(ctx, "b-paid")
			must(t, err)
			if paid.PaidMinor != 99400 || paid.AmountMinor != 99400 || paid.Participants != 2 {
				t.Errorf("paid booking after the upgrade: %+v; want 99400 received of 99400", paid)
			}
			held, err := s.BookingByID(ctx, "b-held")
			must(t, err)
			if held.PaidMinor != 0 {
				t.Errorf("a booking never paid received %d after the upgrade; want 0", held.PaidMinor)
			}
			if _, err := s.write.ExecContext(ctx, `UPDATE bookings SET status = 'awaiting_payment' WHERE id = 'b-held'`); err != nil {
				t.Errorf("awaiting_payment refused after the upgrade: %v", err)
			}
			if _, err := s.write.ExecContext(ctx, `UPDATE refunds SET status = 'owed' WHERE id = 'r1'`); err != nil {
				t.Errorf("an owed refund refused after the upgrade: %v", err)
			}
			// Foreign keys are enforced again once migrated.
			if _, err := s.write.ExecContext(ctx, `INSERT INTO tickets (booking_id, code, created_at)
				VALUES ('nobody', 'CODE2', '2026-01-01T00:10:00Z')`); err == nil {
				t.Error("a ticket of a missing booking was stored after the upgrade: foreign keys are off")
			}
		})
	}
}
