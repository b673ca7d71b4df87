-- Payslips' JSON compressed with lz4 instead of pglz (issue 22, bench/README.md): a profile of the
-- server while a 10,000-employee run computed had pglz_compress as its largest single cost (about
-- 15% of a backend's CPU), for the input snapshot, lines and year-to-date written with every
-- payslip. lz4 compresses several times faster for slightly larger values. Only values written from
-- now on change; existing ones stay as they are and read as before. A server built without lz4
-- (e.g. PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE payslips
    ALTER COLUMN input SET COMPRESSION lz4,
    ALTER COLUMN lines SET COMPRESSION lz4,
    ALTER COLUMN ytd SET COMPRESSION lz4,
    ALTER COLUMN employee SET COMPRESSION lz4,
    ALTER COLUMN days SET COMPRESSION lz4,
    ALTER COLUMN notes SET COMPRESSION lz4;
  ALTER TABLE pay_run_chunks ALTER COLUMN employees SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not supported by this server: payslips keep pglz';
END $$;
