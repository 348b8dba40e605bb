-- The waiting list of sold-out departures: one active entry (waiting or offered) per user
-- and departure; an offer holds its seats as a pending booking (booking_id) until
-- offer_until. Finished entries (booked, left, lapsed) stay for the record.
CREATE TABLE waitlist_entries (
    id           TEXT PRIMARY KEY,
    tour_id      TEXT NOT NULL REFERENCES tours (id),
    start_date   DATE NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users (id),
    participants INTEGER NOT NULL CHECK (participants > 0),
    status       TEXT NOT NULL CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'lapsed')),
    created_at   TIMESTAMPTZ NOT NULL,
    passes       INTEGER NOT NULL DEFAULT 0,
    booking_id   TEXT REFERENCES bookings (id),
    offered_at   TIMESTAMPTZ,
    offer_until  TIMESTAMPTZ,
    checkout_url TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX waitlist_one_per_user ON waitlist_entries (tour_id, start_date, user_id)
    WHERE status IN ('waiting', 'offered');
CREATE INDEX waitlist_departure ON waitlist_entries (tour_id, start_date, status, created_at);
CREATE INDEX waitlist_user ON waitlist_entries (user_id, status);
CREATE INDEX waitlist_booking ON waitlist_entries (booking_id) WHERE booking_id IS NOT NULL;
