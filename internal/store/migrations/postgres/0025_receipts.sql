-- Numbered receipts and credit notes (issue #22 §4). Every sum a booking receives gets a
-- receipt, every refund a credit note, numbered from one gap-free sequence per calendar
-- year ("2027-000042"): receipt_counters keeps the last number of each year, taken and
-- raised in the payment's own transaction, so a rolled-back payment gives its number
-- back. A document keeps what it says as it was issued (details, JSON: seller,
-- customer, tour, departure, travellers), so later changes never rewrite it. Each tour
-- has its tax rate, in basis points (2500 = 25 %), included in its price.

ALTER TABLE tours ADD COLUMN tax_rate_bp INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 10000);

CREATE TABLE receipt_counters (
    year     INTEGER PRIMARY KEY,
    last_seq BIGINT NOT NULL CHECK (last_seq > 0)
);

CREATE TABLE receipts (
    id           TEXT PRIMARY KEY,
    number       TEXT NOT NULL UNIQUE,
    year         INTEGER NOT NULL,
    seq          BIGINT NOT NULL CHECK (seq > 0),
    kind         TEXT NOT NULL CHECK (kind IN ('receipt', 'credit_note')),
    booking_id   TEXT NOT NULL REFERENCES bookings (id),
    source       TEXT NOT NULL UNIQUE,
    refers_to    TEXT NOT NULL DEFAULT '',
    issued_at    TIMESTAMPTZ NOT NULL,
    amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
    tax_minor    BIGINT NOT NULL CHECK (tax_minor >= 0),
    tax_rate_bp  INTEGER NOT NULL CHECK (tax_rate_bp BETWEEN 0 AND 10000),
    currency     TEXT NOT NULL,
    method       TEXT NOT NULL,
    details      TEXT NOT NULL,
    UNIQUE (year, seq)
);
CREATE INDEX receipts_booking ON receipts (booking_id, issued_at);
CREATE INDEX receipts_issued ON receipts (issued_at, seq);
