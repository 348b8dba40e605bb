-- The back office's bookings list at 100,000 bookings (README, Performance). Each index
-- holds a filter, the list's order (newest first, ties broken by id) and the columns
-- that decide whether a booking is listed at all (status, paid_at, hold_until): a page
-- is read off it in order instead of sorting every match, and a count is answered from
-- it alone, without reading the bookings themselves.
DROP INDEX bookings_status_created;
CREATE INDEX bookings_list_status ON bookings (status, created_at, id, paid_at, hold_until);
CREATE INDEX bookings_list_tour ON bookings (tour_id, created_at, id, status, paid_at, hold_until);
