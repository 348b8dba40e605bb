-- The operator's back office: tours get a status, a version for edits, a time zone for
-- their departures; departures get a start time, their own capacity, a meeting point and
-- can be closed for sale; renamed tours keep their old slugs redirecting; every operator
-- change is audited.

ALTER TABLE tours ADD COLUMN status TEXT NOT NULL DEFAULT 'published'
    CHECK (status IN ('draft', 'published', 'archived'));
ALTER TABLE tours ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tours ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE tours ADD COLUMN updated_at TEXT;

ALTER TABLE tour_start_dates ADD COLUMN start_time TEXT NOT NULL DEFAULT '09:00';
ALTER TABLE tour_start_dates ADD COLUMN capacity INTEGER NOT NULL DEFAULT 0 CHECK (capacity >= 0);
ALTER TABLE tour_start_dates ADD COLUMN meeting_point TEXT NOT NULL DEFAULT '';
ALTER TABLE tour_start_dates ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;
UPDATE tour_start_dates SET capacity = (SELECT max_group_size FROM tours WHERE tours.id = tour_start_dates.tour_id);

CREATE TABLE tour_slug_redirects (
    slug    TEXT PRIMARY KEY,
    tour_id TEXT NOT NULL REFERENCES tours (id) ON DELETE CASCADE
);
CREATE INDEX tour_slug_redirects_tour ON tour_slug_redirects (tour_id);

CREATE TABLE audit_log (
    id          TEXT PRIMARY KEY,
    at          TEXT NOT NULL,
    actor_id    TEXT NOT NULL,
    actor_name  TEXT NOT NULL,
    action      TEXT NOT NULL,
    object_type TEXT NOT NULL,
    object_id   TEXT NOT NULL,
    changes     TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_object ON audit_log (object_type, object_id, at);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at);
CREATE INDEX audit_log_at ON audit_log (at);
