-- Deposits and balance payments (issue #24 §3). A tour's deposit settings live in its
-- booking_form JSON ("deposit": kind, percent or amountMinor per seat, balanceDays),
-- edited and versioned with the tour. A booking sold with a deposit keeps what its
-- checkout charged (deposit_minor; 0: the whole price) and the day its balance is due
-- (balance_due_on, the tour's local day; NULL: paid in full at checkout). The index
-- finds the paid bookings whose balance is still due, for reminders and the overdue list.
ALTER TABLE bookings ADD COLUMN deposit_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE bookings ADD COLUMN balance_due_on TEXT;
CREATE INDEX bookings_balance_due ON bookings (balance_due_on) WHERE balance_due_on IS NOT NULL;
