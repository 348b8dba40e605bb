-- One place for a booking's travellers (issue #23): the names an operator's "New
-- booking" recorded in booking_travellers (migration 0015) move into the booking's
-- travellers (JSON, one entry per traveller, migration 0027), where online bookings keep
-- theirs with their category. booking_travellers is no longer read or written; it stays
-- for instances of the previous release until every instance runs this one, and a later
-- migration drops it. A booking that named only its lead reads one traveller per seat
-- (details.TravellersOf).
UPDATE bookings b SET travellers = (
    SELECT json_agg(json_build_object('category', 'adult', 'name', bt.name) ORDER BY bt.position)::text
    FROM booking_travellers bt WHERE bt.booking_id = b.id
)
WHERE b.travellers = '' AND EXISTS (SELECT 1 FROM booking_travellers bt WHERE bt.booking_id = b.id);
