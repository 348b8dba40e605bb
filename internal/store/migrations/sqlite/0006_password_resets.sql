-- Password reset links: only the SHA-256 of each link's token is kept, like sessions.
-- A link works once, for a limited time; using one spends every other of the user's.
CREATE TABLE password_resets (
    token_hash BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX password_resets_user ON password_resets (user_id);
CREATE INDEX password_resets_expires ON password_resets (expires_at);
