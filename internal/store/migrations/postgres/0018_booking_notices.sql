-- Site settings an admin changes in the back office, one row per key (a missing key is
-- the setting's default). booking_notices: 'immediate' or 'daily'.
CREATE TABLE site_settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- News of bookings (new, changed, cancelled) for the operator and the departure's
-- guides: written after the booking's change commits (once per key), emailed at once
-- or in the next daily digest; sent_at is set in the transaction that queues its emails.
CREATE TABLE booking_notices (
    id         TEXT PRIMARY KEY,
    notice_key TEXT NOT NULL UNIQUE,
    booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    tour_id    TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('new', 'changed', 'cancelled')),
    line       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    sent_at    TIMESTAMPTZ
);
CREATE INDEX booking_notices_unsent ON booking_notices (created_at) WHERE sent_at IS NULL;
