-- A sandbox checkout's lines (issue #23: one per price category with a count and one
-- per extra), as JSON: [{"name":"Adult","unitAmount":12000,"quantity":2}, …]. '' is a
-- checkout of one line, unit_amount × quantity of its tour, as before.
ALTER TABLE sandbox_checkouts ADD COLUMN lines TEXT NOT NULL DEFAULT '';
