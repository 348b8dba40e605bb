-- A sandbox checkout closed because its seat hold was released (Stripe's "expire a
-- session"): it can no longer be paid. NULL while open.
ALTER TABLE sandbox_checkouts ADD COLUMN expired_at TIMESTAMPTZ;
