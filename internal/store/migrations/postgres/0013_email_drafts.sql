-- A draft's data (JSON props; mail.Message.Props): an email whose content is only known
-- inside its event's transaction is written unrendered and rendered after the commit,
-- or by the sender if the process stopped in between. '' for emails written rendered.
ALTER TABLE emails ADD COLUMN props TEXT NOT NULL DEFAULT '';
