import { ConfigError, DEV_JWT_SECRET, parseConfig } from './config';

const secret = 'a'.repeat(40);

describe('config', () => {
  it('has laptop defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: './data', seedDemo: true });
    expect(c.appUrl).toBe('http://localhost:3000');
  });

  it('reads TRUST_PROXY as off, on, a hop count or addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('lists every bad key', () => {
    expect(() => parseConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('refuses production without real secrets, and never seeds demo users there', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      parseConfig({ NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET, DATA_KEY: secret }),
    ).toThrow(/JWT_SECRET/);
    const c = parseConfig({
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      DATA_KEY: `${secret}b`,
      SEED_DEMO: 'true',
    });
    expect(c.seedDemo).toBe(false);
  });
});
