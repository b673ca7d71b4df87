import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, scrubSecrets } from './log';

describe('log scrubbing', () => {
  it('replaces secret values at any depth and keeps the rest', () => {
    const input = {
      headers: { Authorization: 'Bearer abc', 'access-token': 'abc', cookie: 'a=b', host: 'x' },
      body: { email: 'a@b.test', password: 'Demo@1234', nested: [{ otp: '123456', refresh_token: 'r' }] },
      n: 1,
    };
    expect(scrubSecrets(input)).toEqual({
      headers: { Authorization: '[redacted]', 'access-token': '[redacted]', cookie: '[redacted]', host: 'x' },
      body: {
        email: 'a@b.test',
        password: '[redacted]',
        nested: [{ otp: '[redacted]', refresh_token: '[redacted]' }],
      },
      n: 1,
    });
    expect(input.body.password).toBe('Demo@1234'); // the caller's object is not changed
  });

  it('is what the app logger writes', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink).child({ reqId: 'r1' });
    log.info({ body: { new_password: 'Secret@123', current_password: 'Old@1234' }, user: 'u1' }, 'changed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('Secret@123');
    expect(lines[0]).not.toContain('Old@1234');
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'r1', user: 'u1', msg: 'changed' });
  });
});
