-- Verified reviews: travellers edit their own review (updated_at, NULL until edited), and
-- a tour's reviews are read a page at a time, newest first.
ALTER TABLE reviews ADD COLUMN updated_at TEXT;
CREATE INDEX reviews_tour_created ON reviews (tour_id, created_at);
