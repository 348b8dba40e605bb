-- The cancellation policy a sandbox checkout shows beside its pay button, as Stripe's
-- does: the terms in force when the checkout opened ('' for checkouts opened before).
ALTER TABLE sandbox_checkouts ADD COLUMN terms TEXT NOT NULL DEFAULT '';
