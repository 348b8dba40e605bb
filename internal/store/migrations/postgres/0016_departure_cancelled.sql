-- A cancelled departure (its bookings cancelled and refunded by the operator) is a state
-- of its own, not "closed for sale": it cannot be reopened or edited. NULL while it runs.
ALTER TABLE tour_start_dates ADD COLUMN cancelled_at TIMESTAMPTZ;
-- The calendar and the guides' screen read departures by day across tours.
CREATE INDEX tour_start_dates_day ON tour_start_dates (start_date);
