-- Times are timestamptz (microseconds, like the SQLite text form); start dates are DATE.

CREATE TABLE users (
    id                  TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    email               TEXT NOT NULL,
    photo               TEXT NOT NULL DEFAULT '',
    role                TEXT NOT NULL DEFAULT 'user'
                        CHECK (role IN ('user', 'guide', 'lead-guide', 'admin')),
    password_hash       TEXT NOT NULL,
    password_changed_at TIMESTAMPTZ,
    active              BOOLEAN NOT NULL DEFAULT TRUE,
    created_at          TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

CREATE TABLE sessions (
    token_hash BYTEA PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE login_failures (
    key TEXT NOT NULL,
    at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX login_failures_key_at ON login_failures (key, at);

CREATE TABLE tours (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    slug              TEXT NOT NULL UNIQUE,
    summary           TEXT NOT NULL DEFAULT '',
    description       TEXT NOT NULL DEFAULT '',
    duration_days     INTEGER NOT NULL CHECK (duration_days > 0),
    max_group_size    INTEGER NOT NULL CHECK (max_group_size > 0),
    difficulty        TEXT NOT NULL CHECK (difficulty IN ('easy', 'medium', 'difficult')),
    price_minor       BIGINT NOT NULL CHECK (price_minor >= 0),
    discount_minor    BIGINT NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
    currency          TEXT NOT NULL,
    ratings_average   DOUBLE PRECISION NOT NULL DEFAULT 0,
    ratings_count     INTEGER NOT NULL DEFAULT 0,
    cover_image       TEXT NOT NULL DEFAULT '',
    start_lng         DOUBLE PRECISION NOT NULL,
    start_lat         DOUBLE PRECISION NOT NULL,
    start_description TEXT NOT NULL DEFAULT '',
    created_at        TIMESTAMPTZ NOT NULL,
    CHECK (discount_minor <= price_minor)
);

CREATE TABLE tour_pictures (
    tour_id  TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file     TEXT NOT NULL,
    PRIMARY KEY (tour_id, position)
);

CREATE TABLE tour_locations (
    tour_id     TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    lng         DOUBLE PRECISION NOT NULL,
    lat         DOUBLE PRECISION NOT NULL,
    day         INTEGER NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (tour_id, position)
);

-- One row per departure; CreateHold and FulfilBooking lock it (PostgreSQL) so that
-- seat counting and booking are serialised per departure.
CREATE TABLE tour_start_dates (
    tour_id    TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    start_date DATE NOT NULL,
    PRIMARY KEY (tour_id, start_date)
);

CREATE TABLE tour_guides (
    tour_id  TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (tour_id, user_id)
);
CREATE INDEX tour_guides_user ON tour_guides (user_id);

CREATE TABLE reviews (
    id         TEXT PRIMARY KEY,
    tour_id    TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    text       TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX reviews_tour_user ON reviews (tour_id, user_id);
CREATE INDEX reviews_user ON reviews (user_id);

CREATE TABLE bookings (
    id           TEXT PRIMARY KEY,
    tour_id      TEXT NOT NULL REFERENCES tours (id),
    user_id      TEXT NOT NULL REFERENCES users (id),
    start_date   DATE NOT NULL,
    participants INTEGER NOT NULL CHECK (participants > 0),
    amount_minor BIGINT NOT NULL CHECK (amount_minor >= 0),
    currency     TEXT NOT NULL,
    provider     TEXT NOT NULL DEFAULT '',
    checkout_id  TEXT NOT NULL DEFAULT '',
    payment_ref  TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL
                 CHECK (status IN ('pending', 'paid', 'refund_due', 'refunded', 'cancelled')),
    hold_until   TIMESTAMPTZ NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    paid_at      TIMESTAMPTZ
);
CREATE UNIQUE INDEX bookings_checkout ON bookings (provider, checkout_id) WHERE checkout_id <> '';
CREATE INDEX bookings_tour_date_status ON bookings (tour_id, start_date, status);
CREATE INDEX bookings_user ON bookings (user_id, created_at);
