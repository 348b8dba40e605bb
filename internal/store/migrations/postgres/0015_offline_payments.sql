-- The operator's everyday (issue #21): a booking taken by phone waits for its money
-- ('awaiting_payment', holding its seats, not revenue) until an operator records it;
-- what a booking has received (paid_minor) is kept apart from its price (amount_minor),
-- so a changed booking shows a balance due or owed; every sum received is a payment row
-- (online, a payment link, cash, bank transfer; one per idempotency key); money owed
-- back outside the site is a refund 'owed' until the operator records it paid back; the
-- lead traveller's contact, notes and the reason for a changed price live on the
-- booking, and each traveller's name in booking_travellers.

ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
    CHECK (status IN ('pending', 'awaiting_payment', 'paid', 'refund_due', 'refunded', 'cancelled'));
ALTER TABLE bookings ADD COLUMN paid_minor BIGINT NOT NULL DEFAULT 0 CHECK (paid_minor >= 0);
UPDATE bookings SET paid_minor = amount_minor WHERE paid_at IS NOT NULL;
ALTER TABLE bookings ADD COLUMN pay_by DATE;
ALTER TABLE bookings ADD COLUMN contact_name TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN contact_email TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN contact_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN price_note TEXT NOT NULL DEFAULT '';
-- The dashboard's bookings awaiting offline payment, by departure.
CREATE INDEX bookings_awaiting ON bookings (start_date) WHERE status = 'awaiting_payment';

ALTER TABLE refunds DROP CONSTRAINT refunds_status_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_status_check
    CHECK (status IN ('pending', 'succeeded', 'failed', 'owed'));
ALTER TABLE refunds ADD COLUMN settled_at TIMESTAMPTZ;
ALTER TABLE refunds ADD COLUMN settled_ref TEXT NOT NULL DEFAULT '';
CREATE INDEX refunds_owed ON refunds (created_at) WHERE status = 'owed';

CREATE TABLE payments (
    id           TEXT PRIMARY KEY,
    booking_id   TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    idem_key     TEXT NOT NULL UNIQUE,
    method       TEXT NOT NULL CHECK (method IN ('online', 'link', 'cash', 'bank_transfer')),
    amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
    currency     TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'received', 'expired')),
    provider     TEXT NOT NULL DEFAULT '',
    checkout_id  TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    received_on  DATE,
    actor_id     TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX payments_booking ON payments (booking_id, created_at);
CREATE UNIQUE INDEX payments_checkout ON payments (provider, checkout_id) WHERE checkout_id <> '';

CREATE TABLE booking_travellers (
    booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CHECK (position >= 0),
    name       TEXT NOT NULL,
    PRIMARY KEY (booking_id, position)
);
