import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** scripts/check-logs.mjs, which scripts/test.sh runs over the API tests' logs (issue 25). */
const script = fileURLToPath(new URL('../../../../scripts/check-logs.mjs', import.meta.url));

function check(lines: object[]) {
  const dir = mkdtempSync(join(tmpdir(), 'check-logs-'));
  try {
    writeFileSync(join(dir, 'api-1.log'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const r = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    return { code: r.status, out: r.stdout + r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const request = {
  level: 30,
  time: 1795723873085,
  pid: 4242,
  reqId: '0b6d2c1e-5f3a-4a9b-8c7d-123456789012',
  req: { method: 'GET', url: '/api/employee?page=1&records=10' },
  msg: 'incoming request',
};

it('passes ordinary request lines: ids, times and numbers are not personal data', () => {
  const r = check([
    request,
    { ...request, msg: 'request completed', responseTime: 12.5, at: '2026-11-26T10:00:00.123Z' },
  ]);
  expect(r.code).toBe(0);
  expect(r.out).toContain('2 log lines in 1 files');
});

it.each([
  ['a PAN in a search', '/api/employee?search=ABCPK1234Q', 'PAN'],
  ['an Aadhaar number', '/api/employee?search=2345 6789 0123', 'Aadhaar'],
  ['a bank account number in an error', 'account 001234567890123 is closed', 'bank account or phone number'],
  ['a phone number', 'sent to 9876543210', 'bank account or phone number'],
])('fails on %s, naming the field but not the value', (_what, value, kind) => {
  const r = check([request, { ...request, req: { method: 'GET', url: value } }]);
  expect(r.code).toBe(1);
  expect(r.out).toContain(`api-1.log:2 req.url: looks like a ${kind}`);
  expect(r.out).not.toContain(value);
});

it('fails when the tests wrote no logs at all', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-logs-'));
  const r = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('no .log file');
});
