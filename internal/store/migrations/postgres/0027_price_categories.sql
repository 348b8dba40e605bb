-- Price categories, extras, travellers and the operator's questions (issue #23).
-- A tour's booking_form (JSON: categories, extras, travellers, questions,
-- answersCutoffHours) is edited with the tour and versioned with it; a departure's
-- prices (JSON: category id -> minor units) override the categories' prices on that
-- date. A booking keeps what it was sold and asked as JSON snapshots (units, extras,
-- travellers, answers): they are read and written whole with the booking, never
-- queried one by one, and a later edit of the tour never changes them. '' is none.
-- Every existing tour gets one category, "Adult", at what a participant pays today
-- (price less discount); existing bookings have no units and read as that many adults
-- at an equal share of what they paid (booking.Booking.UnitsOf).
ALTER TABLE tours ADD COLUMN booking_form TEXT NOT NULL DEFAULT '';
ALTER TABLE tour_start_dates ADD COLUMN prices TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN units TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN extras TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN travellers TEXT NOT NULL DEFAULT '';
ALTER TABLE bookings ADD COLUMN answers TEXT NOT NULL DEFAULT '';

UPDATE tours SET booking_form = '{"categories":[{"id":"adult","name":"Adult","price":'
    || (price_minor - discount_minor)::text || ',"takesSeat":true}]}';
