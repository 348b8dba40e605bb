-- Gift cards (issue #24 §2). A card is bought through the payment provider (pending
-- until paid, then active), spent at checkout, given back when a hold lapses or a
-- booking paid with it is refunded, adjusted or voided by an admin. gift_card_entries is
-- the ledger of every movement, one row per idempotency key, each with the balance it
-- left; the card's balance is the last one and can never go below zero.
CREATE TABLE gift_cards (
    id              TEXT PRIMARY KEY,
    code            TEXT NOT NULL UNIQUE,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'active', 'void')),
    currency        TEXT NOT NULL,
    amount_minor    INTEGER NOT NULL CHECK (amount_minor > 0),
    balance_minor   INTEGER NOT NULL CHECK (balance_minor >= 0),
    buyer_id        TEXT NOT NULL DEFAULT '',
    buyer_name      TEXT NOT NULL DEFAULT '',
    buyer_email     TEXT NOT NULL,
    recipient_name  TEXT NOT NULL,
    recipient_email TEXT NOT NULL,
    message         TEXT NOT NULL DEFAULT '',
    deliver_on      TEXT NOT NULL,
    delivered_at    TEXT,
    expires_at      TEXT NOT NULL,
    provider        TEXT NOT NULL DEFAULT '',
    checkout_id     TEXT NOT NULL DEFAULT '',
    payment_ref     TEXT NOT NULL DEFAULT '',
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX gift_cards_checkout ON gift_cards (provider, checkout_id);
CREATE INDEX gift_cards_buyer_email ON gift_cards (lower(buyer_email));
CREATE INDEX gift_cards_recipient_email ON gift_cards (lower(recipient_email));

CREATE TABLE gift_card_entries (
    id            TEXT PRIMARY KEY,
    card_id       TEXT NOT NULL REFERENCES gift_cards (id),
    idem_key      TEXT NOT NULL UNIQUE,
    kind          TEXT NOT NULL CHECK (kind IN ('purchase', 'spend', 'release', 'refund', 'adjust', 'void')),
    amount_minor  INTEGER NOT NULL,
    balance_minor INTEGER NOT NULL CHECK (balance_minor >= 0),
    booking_id    TEXT NOT NULL DEFAULT '',
    reason        TEXT NOT NULL DEFAULT '',
    actor_id      TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL
);
CREATE INDEX gift_card_entries_card ON gift_card_entries (card_id, created_at);
CREATE INDEX gift_card_entries_booking ON gift_card_entries (booking_id) WHERE booking_id <> '';
