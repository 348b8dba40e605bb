-- The transactional email outbox: an email is written in the same transaction as the
-- event that causes it (one row per idempotency key), and a background sender delivers
-- it. Attachments are a JSON array of {name, contentType, data (base64)}. Every attempt
-- to send is kept in email_attempts.

CREATE TABLE emails (
    id              TEXT PRIMARY KEY,
    idem_key        TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    html            TEXT NOT NULL DEFAULT '',
    text            TEXT NOT NULL DEFAULT '',
    attachments     TEXT NOT NULL DEFAULT '[]',
    status          TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    resends         INTEGER NOT NULL DEFAULT 0 CHECK (resends >= 0),
    next_attempt_at TIMESTAMPTZ NOT NULL,
    locked_until    TIMESTAMPTZ,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    sent_at         TIMESTAMPTZ
);
-- The sender's claim: pending rows by due time, and leased rows whose lease ran out.
CREATE INDEX emails_due ON emails (next_attempt_at) WHERE status = 'pending';
CREATE INDEX emails_leased ON emails (locked_until) WHERE status = 'sending';
-- The admin list: newest first, optionally by status.
CREATE INDEX emails_created ON emails (created_at, id);
CREATE INDEX emails_status_created ON emails (status, created_at);

CREATE TABLE email_attempts (
    id       BIGSERIAL PRIMARY KEY,
    email_id TEXT NOT NULL REFERENCES emails (id) ON DELETE CASCADE,
    at       TIMESTAMPTZ NOT NULL,
    outcome  TEXT NOT NULL,
    error    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX email_attempts_email ON email_attempts (email_id, at);
