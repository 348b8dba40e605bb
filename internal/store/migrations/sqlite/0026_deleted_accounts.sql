-- Deleted accounts (issue #22 §5): the account stays, for the bookings, receipts and
-- reviews that name it, with placeholders for its name, email and photo; deleted_at says
-- when it was deleted, so it is never let in or reactivated again.
ALTER TABLE users ADD COLUMN deleted_at TEXT;
