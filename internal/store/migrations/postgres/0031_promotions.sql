-- Promo codes (issue #24 §1). A promotion takes a percentage (1-100) or a fixed amount
-- in one currency off a booking's price; tour_ids is a JSON array of the tours it is
-- valid for ('[]': all); the dates are 'YYYY-MM-DD', '' for an open end; a limit of 0
-- is none. promotion_uses has one row per booking that used a code, written in the
-- transaction that holds the booking's seats: a use counts while its booking holds
-- seats or was paid, so the hold's end (expiry, cancel, replaced) releases it with it.
CREATE TABLE promotions (
    id               TEXT PRIMARY KEY,
    code             TEXT NOT NULL UNIQUE,
    percent          INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
    amount_minor     BIGINT NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
    currency         TEXT NOT NULL DEFAULT '',
    tour_ids         TEXT NOT NULL DEFAULT '[]',
    valid_from       TEXT NOT NULL DEFAULT '',
    valid_until      TEXT NOT NULL DEFAULT '',
    departures_from  TEXT NOT NULL DEFAULT '',
    departures_until TEXT NOT NULL DEFAULT '',
    max_uses         INTEGER NOT NULL DEFAULT 0 CHECK (max_uses >= 0),
    max_per_customer INTEGER NOT NULL DEFAULT 0 CHECK (max_per_customer >= 0),
    min_travellers   INTEGER NOT NULL DEFAULT 0 CHECK (min_travellers >= 0),
    active           BOOLEAN NOT NULL DEFAULT TRUE,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);

CREATE TABLE promotion_uses (
    booking_id     TEXT PRIMARY KEY REFERENCES bookings (id),
    promotion_id   TEXT NOT NULL REFERENCES promotions (id),
    discount_minor BIGINT NOT NULL CHECK (discount_minor > 0),
    created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX promotion_uses_promotion ON promotion_uses (promotion_id);
