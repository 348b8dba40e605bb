-- The back office's bookings: where a booking came from (online, or paid outside the
-- site), what was refunded, each booking's history of operator actions, refunds made
-- through the provider (one row per idempotency key), and hidden reviews.

ALTER TABLE bookings ADD COLUMN source TEXT NOT NULL DEFAULT 'online'
    CHECK (source IN ('online', 'cash', 'bank_transfer'));
ALTER TABLE bookings ADD COLUMN refunded_minor INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0);
-- The bookings list: newest first, filtered by status or tour.
CREATE INDEX bookings_created ON bookings (created_at, id);
CREATE INDEX bookings_status_created ON bookings (status, created_at);

CREATE TABLE booking_events (
    id         TEXT PRIMARY KEY,
    booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    at         TIMESTAMPTZ NOT NULL,
    actor_id   TEXT NOT NULL DEFAULT '',
    actor_name TEXT NOT NULL DEFAULT '',
    kind       TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX booking_events_booking ON booking_events (booking_id, at);

CREATE TABLE refunds (
    id           TEXT PRIMARY KEY,
    booking_id   TEXT NOT NULL REFERENCES bookings (id),
    idem_key     TEXT NOT NULL UNIQUE,
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency     TEXT NOT NULL,
    provider     TEXT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    error        TEXT NOT NULL DEFAULT '',
    actor_id     TEXT NOT NULL,
    reason       TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX refunds_booking ON refunds (booking_id, created_at);

ALTER TABLE reviews ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;
