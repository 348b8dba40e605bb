-- The one-time addresses (/setup/<token>) where a new site's first administrator is
-- made in the browser: each start of a site without an administrator adds one, of which
-- only the SHA-256 is kept; it works once, and only while the site has no active admin.
CREATE TABLE setup_tokens (
    token_hash BYTEA PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
