-- Pay run chunks (issue 22, bench/README.md): a chunk takes a run's pending payslips in id order,
-- 200 at a time. With only the (run_id, status) index the server read and sorted every payslip still
-- pending to take 200 (quadratic in the run's size: 42 ms a chunk with 5,000 pending); this index
-- hands them over in id order, so the scan stops after the chunk. Partial: computed payslips leave it.
CREATE INDEX payslips_pending_by_id ON payslips (run_id, id) WHERE status = 'pending';
