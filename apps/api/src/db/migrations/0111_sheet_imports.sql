-- Sheet imports (issue 22, ADR 0017): every previewed or uploaded sheet of a kind and a scope (a pay
-- run's attendance, one-time payouts or TDS; a financial year's opening year-to-date figures), kept
-- with its rows as read from the file and the row errors found, and identified by the hash of that
-- content, so the same sheet previewed or uploaded again is the same import and doubles nothing.
-- At most one import of a kind and scope is the current one ('committed'); the rows it made
-- (pay_run_items, pay_run_tds_overrides, payroll_opening_ytd) name it.
CREATE TABLE sheet_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  -- 'payrun_attendance', 'payrun_onetime', 'payrun_tds', 'opening_ytd'.
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
  -- What the sheet is for: the run's id, or the financial year ('2026-27').
  scope text NOT NULL,
  -- The run a pay-run sheet belongs to: deleting the run deletes its sheets.
  run_id uuid REFERENCES pay_runs(id) ON DELETE CASCADE,
  -- sha256 (hex) of the rows as read (column keys and cell texts), not of the file's bytes: the same
  -- content saved again by a spreadsheet program, or as CSV, is the same import.
  content_hash text NOT NULL CHECK (content_hash ~ '^[0-9a-f]{64}$'),
  file_name text NOT NULL,
  -- previewed: read and checked, not in force; committed: the scope's current sheet; replaced: a
  -- later sheet took its place; removed: taken away by "remove".
  status text NOT NULL DEFAULT 'previewed' CHECK (status IN ('previewed', 'committed', 'replaced', 'removed')),
  -- The rows as read: [{ row, values: { column_key: text } }] (checked again when committed).
  rows jsonb NOT NULL,
  rows_total integer NOT NULL CHECK (rows_total >= 0),
  rows_valid integer NOT NULL CHECK (rows_valid >= 0),
  -- Row errors of the last check: [{ row, column, message }].
  errors jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz NOT NULL DEFAULT now(),
  committed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  committed_at timestamptz,
  removed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  removed_at timestamptz,
  UNIQUE (company_id, kind, scope, content_hash)
);
-- One current sheet per kind and scope (two uploads at once: the second finds the first's).
CREATE UNIQUE INDEX sheet_imports_current ON sheet_imports (company_id, kind, scope) WHERE status = 'committed';
CREATE INDEX sheet_imports_run ON sheet_imports (run_id) WHERE run_id IS NOT NULL;

ALTER TABLE sheet_imports ENABLE ROW LEVEL SECURITY;
ALTER TABLE sheet_imports FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sheet_imports
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON sheet_imports TO hr_app;
