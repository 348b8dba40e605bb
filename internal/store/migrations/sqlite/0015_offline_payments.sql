-- The operator's everyday (issue #21): a booking taken by phone waits for its money
-- ('awaiting_payment', holding its seats, not revenue) until an operator records it;
-- what a booking has received (paid_minor) is kept apart from its price (amount_minor),
-- so a changed booking shows a balance due or owed; every sum received is a payment row
-- (online, a payment link, cash, bank transfer; one per idempotency key); money owed
-- back outside the site is a refund 'owed' until the operator records it paid back; the
-- lead traveller's contact, notes and the reason for a changed price live on the
-- booking, and each traveller's name in booking_travellers.
--
-- SQLite cannot alter a CHECK constraint: bookings and refunds are rebuilt (SQLite's
-- "making other kinds of table schema changes"). Migrate runs SQLite's migrations with
-- foreign keys off, so dropping the old tables cascades nothing, and checks every
-- foreign key before it commits.

CREATE TABLE bookings_new (
    id                  TEXT PRIMARY KEY,
    tour_id             TEXT NOT NULL REFERENCES tours (id),
    user_id             TEXT NOT NULL REFERENCES users (id),
    start_date          TEXT NOT NULL,
    participants        INTEGER NOT NULL CHECK (participants > 0),
    amount_minor        INTEGER NOT NULL CHECK (amount_minor >= 0),
    currency            TEXT NOT NULL,
    provider            TEXT NOT NULL DEFAULT '',
    checkout_id         TEXT NOT NULL DEFAULT '',
    payment_ref         TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL
                        CHECK (status IN ('pending', 'awaiting_payment', 'paid', 'refund_due', 'refunded', 'cancelled')),
    hold_until          TEXT NOT NULL,
    created_at          TEXT NOT NULL,
    paid_at             TEXT,
    source              TEXT NOT NULL DEFAULT 'online' CHECK (source IN ('online', 'cash', 'bank_transfer')),
    refunded_minor      INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0),
    cancellation_policy TEXT,
    paid_minor          INTEGER NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
    pay_by              TEXT,
    contact_name        TEXT NOT NULL DEFAULT '',
    contact_email       TEXT NOT NULL DEFAULT '',
    contact_phone       TEXT NOT NULL DEFAULT '',
    notes               TEXT NOT NULL DEFAULT '',
    price_note          TEXT NOT NULL DEFAULT ''
);
INSERT INTO bookings_new (id, tour_id, user_id, start_date, participants, amount_minor, currency,
        provider, checkout_id, payment_ref, status, hold_until, created_at, paid_at, source,
        refunded_minor, cancellation_policy, paid_minor)
    SELECT id, tour_id, user_id, start_date, participants, amount_minor, currency,
        provider, checkout_id, payment_ref, status, hold_until, created_at, paid_at, source,
        refunded_minor, cancellation_policy, CASE WHEN paid_at IS NOT NULL THEN amount_minor ELSE 0 END
    FROM bookings;
DROP TABLE bookings;
ALTER TABLE bookings_new RENAME TO bookings;
CREATE UNIQUE INDEX bookings_checkout ON bookings (provider, checkout_id) WHERE checkout_id <> '';
CREATE INDEX bookings_tour_date_status ON bookings (tour_id, start_date, status);
CREATE INDEX bookings_user ON bookings (user_id, created_at);
CREATE INDEX bookings_created ON bookings (created_at, id);
CREATE INDEX bookings_list_status ON bookings (status, created_at, id, paid_at, hold_until);
CREATE INDEX bookings_list_tour ON bookings (tour_id, created_at, id, status, paid_at, hold_until);
-- The dashboard's bookings awaiting offline payment, by departure.
CREATE INDEX bookings_awaiting ON bookings (start_date) WHERE status = 'awaiting_payment';

CREATE TABLE refunds_new (
    id           TEXT PRIMARY KEY,
    booking_id   TEXT NOT NULL REFERENCES bookings (id),
    idem_key     TEXT NOT NULL UNIQUE,
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency     TEXT NOT NULL,
    provider     TEXT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'owed')),
    error        TEXT NOT NULL DEFAULT '',
    actor_id     TEXT NOT NULL,
    reason       TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    settled_at   TEXT,
    settled_ref  TEXT NOT NULL DEFAULT ''
);
INSERT INTO refunds_new (id, booking_id, idem_key, amount_minor, currency, provider, provider_ref,
        status, error, actor_id, reason, created_at, updated_at)
    SELECT id, booking_id, idem_key, amount_minor, currency, provider, provider_ref,
        status, error, actor_id, reason, created_at, updated_at
    FROM refunds;
DROP TABLE refunds;
ALTER TABLE refunds_new RENAME TO refunds;
CREATE INDEX refunds_booking ON refunds (booking_id, created_at);
CREATE INDEX refunds_owed ON refunds (created_at) WHERE status = 'owed';

CREATE TABLE payments (
    id           TEXT PRIMARY KEY,
    booking_id   TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    idem_key     TEXT NOT NULL UNIQUE,
    method       TEXT NOT NULL CHECK (method IN ('online', 'link', 'cash', 'bank_transfer')),
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency     TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('pending', 'received', 'expired')),
    provider     TEXT NOT NULL DEFAULT '',
    checkout_id  TEXT NOT NULL DEFAULT '',
    reference    TEXT NOT NULL DEFAULT '',
    received_on  TEXT,
    actor_id     TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
CREATE INDEX payments_booking ON payments (booking_id, created_at);
CREATE UNIQUE INDEX payments_checkout ON payments (provider, checkout_id) WHERE checkout_id <> '';

CREATE TABLE booking_travellers (
    booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CHECK (position >= 0),
    name       TEXT NOT NULL,
    PRIMARY KEY (booking_id, position)
);
