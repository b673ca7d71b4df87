import { ConfigError, DEV_DATA_KEY, DEV_JWT_SECRET, parseConfig } from './config';

const secret = 'a'.repeat(40);

describe('config', () => {
  it('has laptop defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: './data', seedDemo: true });
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

  it('outside production listens on loopback only, unless HOST says otherwise', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '::1' }).host).toBe('::1');
    expect(parseConfig({ HOST: 'localhost' }).host).toBe('localhost');
    const reachable = parseConfig({ HOST: '0.0.0.0', JWT_SECRET: secret, DATA_KEY: `${secret}b` });
    expect(reachable.host).toBe('0.0.0.0');
    // Production keeps listening on every interface (it runs behind a balancer or in a container).
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_KEY: `${secret}b` }).host).toBe(
      '0.0.0.0',
    );
  });

  it('refuses the development secrets whenever the server is reachable from elsewhere, whatever NODE_ENV', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'hr.example.com']) {
        expect(() => parseConfig({ NODE_ENV, HOST })).toThrow(/JWT_SECRET, DATA_KEY must be set.*reachable/);
        expect(() =>
          parseConfig({ NODE_ENV, HOST, JWT_SECRET: DEV_JWT_SECRET, DATA_KEY: DEV_DATA_KEY }),
        ).toThrow(ConfigError);
        expect(() => parseConfig({ NODE_ENV, HOST, JWT_SECRET: secret })).toThrow(/DATA_KEY/);
        expect(parseConfig({ NODE_ENV, HOST, JWT_SECRET: secret, DATA_KEY: `${secret}b` }).host).toBe(HOST);
      }
      // On loopback the development secrets are fine (a laptop run).
      for (const HOST of [undefined, '127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]']) {
        expect(parseConfig({ NODE_ENV, HOST }).jwtSecret).toBe(DEV_JWT_SECRET);
      }
    }
  });
});
