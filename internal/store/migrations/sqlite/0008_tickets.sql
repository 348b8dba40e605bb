-- Tickets: every paid booking's code, shown to its traveller as text and a QR code, and
-- what the guide recorded at the departure. One row per booking; a check-in is a single
-- conditional UPDATE of it (checked_in_at IS NULL), so two guides scanning one ticket at
-- once record it once. Codes are made in Go from crypto/rand: the store gives each paid
-- booking without one its code when it is paid, and at start-up for older ones.
CREATE TABLE tickets (
    booking_id         TEXT PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
    code               TEXT NOT NULL,
    created_at         TEXT NOT NULL,
    arrived            INTEGER CHECK (arrived >= 0),
    checked_in_at      TEXT,
    checked_in_by      TEXT NOT NULL DEFAULT '',
    checked_in_by_name TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX tickets_code ON tickets (code);
