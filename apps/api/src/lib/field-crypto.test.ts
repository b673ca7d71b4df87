import { createFieldCrypto, masked } from './field-crypto';

describe('field encryption', () => {
  const crypto = createFieldCrypto('a-test-data-key-0123456789abcdef0123456789');

  it('round-trips, with a fresh IV each time', () => {
    const a = crypto.encrypt('ABCDE1234F');
    const b = crypto.encrypt('ABCDE1234F');
    expect(a).not.toBe(b);
    expect(a).not.toContain('ABCDE1234F');
    expect(crypto.decrypt(a)).toBe('ABCDE1234F');
  });

  it('refuses a tampered value and another key', () => {
    const stored = crypto.encrypt('123456789012');
    const parts = stored.split('.');
    parts[3] = Buffer.from('999999999999').toString('base64url');
    expect(() => crypto.decrypt(parts.join('.'))).toThrow();
    expect(() => createFieldCrypto('another-key-0123456789abcdef0123456789ab').decrypt(stored)).toThrow();
  });

  it('masks all but the last four', () => {
    expect(masked('1234')).toBe('XXXXXX1234');
    expect(masked(null)).toBeNull();
  });
});
