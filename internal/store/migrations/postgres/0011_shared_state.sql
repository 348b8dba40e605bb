-- State every instance shares: the sandbox payment provider's checkouts, refunds and
-- webhook secret, and pictures when they are kept in the database.

-- The sandbox payment provider's checkouts and refunds, so that every instance on the
-- database serves every checkout and a restart forgets none. A checkout keeps what its
-- page shows and its webhook says; payment_ref is set once, when it is paid.
CREATE TABLE sandbox_checkouts (
    id             TEXT PRIMARY KEY,
    booking_id     TEXT NOT NULL,
    tour_id        TEXT NOT NULL,
    user_id        TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    tour_name      TEXT NOT NULL,
    description    TEXT NOT NULL,
    start_date     TEXT NOT NULL,
    image_url      TEXT NOT NULL,
    unit_amount    BIGINT NOT NULL,
    quantity       INTEGER NOT NULL,
    currency       TEXT NOT NULL,
    success_url    TEXT NOT NULL,
    cancel_url     TEXT NOT NULL,
    form_token     TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL,
    expires_at     TIMESTAMPTZ NOT NULL,
    payment_ref    TEXT,
    paid_at        TIMESTAMPTZ
);
CREATE INDEX sandbox_checkouts_expires ON sandbox_checkouts (expires_at);

-- One row per refund idempotency key: a retried refund returns the first one's id.
CREATE TABLE sandbox_refunds (
    idempotency_key TEXT PRIMARY KEY,
    id              TEXT NOT NULL UNIQUE,
    payment_ref     TEXT NOT NULL,
    amount          BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);

-- The secret that signs the sandbox's webhooks when the operator sets none: the first
-- instance to start writes it, and every instance signs and verifies with it.
CREATE TABLE sandbox_webhook_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL
);

-- Pictures kept in the database (-picture-storage database), so that every instance
-- serves every upload and a backup of the database holds them: folder is "tours" or
-- "users", name the file name the pages link to.
CREATE TABLE pictures (
    folder     TEXT NOT NULL,
    name       TEXT NOT NULL,
    data       BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (folder, name)
);
