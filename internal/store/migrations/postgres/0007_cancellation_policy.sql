-- Cancellation policies: each tour's refund tiers as JSON ([{"daysBefore":30,"percent":100},
-- …], the furthest from departure first), the common 30/7-day steps for the tours there
-- already are; and each booking's copy of the policy it was made under, so a later change
-- never alters what the customer agreed to (NULL: made before policies, none recorded).

ALTER TABLE tours ADD COLUMN cancellation_policy TEXT NOT NULL
    DEFAULT '[{"daysBefore":30,"percent":100},{"daysBefore":7,"percent":50},{"daysBefore":0,"percent":0}]';
ALTER TABLE bookings ADD COLUMN cancellation_policy TEXT;
