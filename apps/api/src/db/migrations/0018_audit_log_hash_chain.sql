-- Tamper-evident audit log. Each entry gets, per company and in insertion order, a sequence number
-- and a hash chained to the previous entry's: hash = sha256(prev_hash || canonical text of the entry),
-- the first entry of a company chaining from 64 zeros. Editing, removing or reordering an entry
-- then breaks the chain from that entry on; `npm run audit:verify` walks it and names the first
-- broken link. (The append-only trigger stops ordinary updates; this catches someone who got past it.)
ALTER TABLE audit_log ADD COLUMN seq bigint, ADD COLUMN prev_hash text, ADD COLUMN hash text;

-- The canonical serialisation: a JSON array of the fields as text (jsonb's text form is fixed:
-- keys sorted, one spacing), the time in UTC with microseconds. The verifier hashes this same text.
CREATE FUNCTION audit_log_canonical(e audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    e.id::text, e.company_id::text, e.seq::text, e.actor_user_id::text, e.action, e.entity, e.entity_id,
    e.changes, e.ip, e.request_id,
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
$$;

CREATE FUNCTION audit_log_link(prev text, e audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || audit_log_canonical(e), 'UTF8')), 'hex')
$$;

-- Entries written before this migration are chained here, per company in (created_at, id) order.
-- Company by company with app.company_id set, so that forced row-level security lets a
-- non-superuser owner see the rows too.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
DO $$
DECLARE
  c uuid;
  r audit_log;
  n bigint;
  prev text;
BEGIN
  FOR c IN SELECT id FROM companies ORDER BY id LOOP
    PERFORM set_config('app.company_id', c::text, true);
    n := 0;
    prev := repeat('0', 64);
    FOR r IN SELECT * FROM audit_log WHERE company_id = c ORDER BY created_at, id LOOP
      n := n + 1;
      r.seq := n;
      r.prev_hash := prev;
      r.hash := audit_log_link(prev, r);
      UPDATE audit_log SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
      prev := r.hash;
    END LOOP;
  END LOOP;
  PERFORM set_config('app.company_id', '', true);
END $$;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL,
  ALTER COLUMN prev_hash SET NOT NULL,
  ALTER COLUMN hash SET NOT NULL;
-- Two entries can never take the same place in a company's chain (a fork fails instead).
CREATE UNIQUE INDEX audit_log_company_seq ON audit_log (company_id, seq);

-- Chains every new entry, whoever writes it. The transaction-scoped advisory lock (one per company)
-- makes concurrent writers of a company take their turn until commit, and each statement in this
-- (volatile) function reads a fresh snapshot, so it sees the entry the previous holder committed.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(72540018, hashtext(NEW.company_id::text));
  SELECT seq, hash INTO last_seq, last_hash
    FROM audit_log WHERE company_id = NEW.company_id ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_log_link(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;

CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
