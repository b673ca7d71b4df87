import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONFIG_KEYS, ConfigError, parseConfig as parse } from './config';

const secret = 'a'.repeat(40);
// Published by earlier releases as development defaults (now refused as a signing secret).
const OLD_DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';
const OLD_DEV_DATA_KEY = 'dev-only-data-key-change-me-0123456789abcdef';

// Outside test mode a start without secrets keeps its own in DATA_DIR: a scratch folder here.
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hr-config-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const parseConfig = (env: Record<string, string | undefined>) => parse({ DATA_DIR: dataDir, ...env });

describe('config', () => {
  it('has laptop defaults', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir, seedDemo: true });
    expect(parse({ NODE_ENV: 'test' }).dataDir).toBe('./data');
    expect(c.appUrl).toBe('http://localhost:3000');
  });

  it('reads TRUST_PROXY as off, on, a hop count or addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('takes DIRECT_DATABASE_URL for the session work, else DATABASE_URL; never without DATABASE_URL', () => {
    const pooler = 'postgres://hr@127.0.0.1:6432/hr';
    const server = 'postgres://hr@127.0.0.1:5432/hr';
    expect(parseConfig({}).directDatabaseUrl).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: server }).directDatabaseUrl).toBe(server);
    const pooled = parseConfig({ DATABASE_URL: pooler, DIRECT_DATABASE_URL: server });
    expect(pooled).toMatchObject({ databaseUrl: pooler, directDatabaseUrl: server });
    expect(() => parseConfig({ DIRECT_DATABASE_URL: server })).toThrow(/DIRECT_DATABASE_URL.*DATABASE_URL/);
    expect(() => parseConfig({ DATABASE_URL: pooler, DIRECT_DATABASE_URL: 'nope' })).toThrow(
      /DIRECT_DATABASE_URL/,
    );
  });

  it('every setting is described in deploy/hr.env.example and the README', () => {
    const root = new URL('../../../', import.meta.url);
    const example = readFileSync(new URL('deploy/hr.env.example', root), 'utf8');
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    for (const key of CONFIG_KEYS) {
      expect(example, `${key} in deploy/hr.env.example`).toMatch(new RegExp(`^#?${key}=`, 'm'));
      expect(readme, `${key} in the README`).toContain(`\`${key}\``);
    }
    // And nothing there that the app does not read.
    const named = [...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(named.filter((k) => !CONFIG_KEYS.includes(k!))).toEqual([]);
  });

  it('lists every bad key', () => {
    expect(() => parseConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('refuses production without real secrets, and never seeds demo users there', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      parseConfig({ NODE_ENV: 'production', JWT_SECRET: OLD_DEV_JWT_SECRET, DATA_KEY: secret }),
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

  it('takes secrets only from the environment whenever the server is reachable from elsewhere, whatever NODE_ENV', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'hr.example.com']) {
        expect(() => parseConfig({ NODE_ENV, HOST })).toThrow(/JWT_SECRET, DATA_KEY must be set.*reachable/);
        expect(() =>
          parseConfig({ NODE_ENV, HOST, JWT_SECRET: OLD_DEV_JWT_SECRET, DATA_KEY: OLD_DEV_DATA_KEY }),
        ).toThrow(ConfigError);
        expect(() => parseConfig({ NODE_ENV, HOST, JWT_SECRET: secret, DATA_KEY: OLD_DEV_DATA_KEY })).toThrow(
          /DATA_KEY/,
        );
        expect(() => parseConfig({ NODE_ENV, HOST, JWT_SECRET: secret })).toThrow(/DATA_KEY/);
        expect(parseConfig({ NODE_ENV, HOST, JWT_SECRET: secret, DATA_KEY: `${secret}b` }).host).toBe(HOST);
      }
    }
  });

  it('never signs with a secret published in the source, not even on loopback', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      expect(() => parseConfig({ NODE_ENV, JWT_SECRET: OLD_DEV_JWT_SECRET })).toThrow(
        /JWT_SECRET is a value published/,
      );
    }
  });
});
