-- The legal pages written in the back office (internal/legal): the terms of booking, the
-- privacy notice and the imprint, in Markdown. Every save is a new version, numbered
-- from 1 for each kind; old versions are never changed or deleted, since a booking names
-- the version of the terms its traveller accepted.
CREATE TABLE legal_versions (
    kind        TEXT NOT NULL CHECK (kind IN ('terms', 'privacy', 'imprint')),
    version     INTEGER NOT NULL CHECK (version >= 1),
    markdown    TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    author_id   TEXT NOT NULL,
    author_name TEXT NOT NULL,
    PRIMARY KEY (kind, version)
);

-- The version of the terms of booking the traveller accepted at checkout, and when; NULL
-- for bookings made while no terms were written, and for an operator's bookings.
ALTER TABLE bookings ADD COLUMN terms_version INTEGER;
ALTER TABLE bookings ADD COLUMN terms_accepted_at TIMESTAMPTZ;
