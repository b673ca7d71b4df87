import { createSessionCache } from './session-cache';

const S = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const A = { roleName: 'Employee', permissions: ['employee_dashboard.view'] };

function setup(opts: { maxAgeMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = createSessionCache({ now: () => now, ...opts });
  return { cache, advance: (ms: number) => (now += ms), at: (ms: number) => new Date(now + ms) };
}

describe('session cache', () => {
  it('trusts nothing until the listener is up', () => {
    const { cache, at } = setup();
    cache.remember(S, U, C, at(60_000), cache.generation(), A);
    expect(cache.isLive(S, U, C)).toBe(false);
    cache.setListening(true);
    expect(cache.isLive(S, U, C)).toBe(false);
    cache.remember(S, U, C, at(60_000), cache.generation(), A);
    expect(cache.isLive(S, U, C)).toBe(true);
  });

  it('answers for the session, user and company it was told, and only until the session expires', () => {
    const { cache, at, advance } = setup({ maxAgeMs: 10 * 60_000 });
    cache.setListening(true);
    cache.remember(S, U, C, at(5_000), cache.generation(), A);
    expect(cache.isLive(S, S, C)).toBe(false);
    expect(cache.isLive(U, U, C)).toBe(false);
    expect(cache.isLive(S, U, S)).toBe(false);
    advance(4_999);
    expect(cache.isLive(S, U, C)).toBe(true);
    advance(1);
    expect(cache.isLive(S, U, C)).toBe(false);
  });

  it('asks the database again after maxAge even without any notification', () => {
    const { cache, at, advance } = setup({ maxAgeMs: 60_000 });
    cache.setListening(true);
    cache.remember(S, U, C, at(3_600_000), cache.generation(), A);
    advance(59_999);
    expect(cache.isLive(S, U, C)).toBe(true);
    advance(1);
    expect(cache.isLive(S, U, C)).toBe(false);
  });

  it('forgets a session, or every session of a user, at once', () => {
    const { cache, at } = setup();
    const other = '33333333-3333-4333-8333-333333333333';
    cache.setListening(true);
    cache.remember(S, U, C, at(60_000), cache.generation(), A);
    cache.remember(other, U, C, at(60_000), cache.generation(), A);
    cache.forget(S);
    expect(cache.isLive(S, U, C)).toBe(false);
    expect(cache.isLive(other, U, C)).toBe(true);
    cache.forgetUser(U);
    expect(cache.isLive(other, U, C)).toBe(false);
  });

  it('does not put back a session whose check raced a revocation', () => {
    const { cache, at } = setup();
    cache.setListening(true);
    const before = cache.generation(); // the database check starts and sees the session live ...
    cache.forget(S); // ... a revocation arrives before its answer is stored
    cache.remember(S, U, C, at(60_000), before, A);
    expect(cache.isLive(S, U, C)).toBe(false);
  });

  it('drops everything when the listener is lost, and a check from before that is ignored', () => {
    const { cache, at } = setup();
    cache.setListening(true);
    cache.remember(S, U, C, at(60_000), cache.generation(), A);
    const before = cache.generation();
    cache.setListening(false);
    expect(cache.isLive(S, U, C)).toBe(false);
    cache.setListening(true);
    cache.remember(S, U, C, at(60_000), before, A);
    expect(cache.isLive(S, U, C)).toBe(false);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { cache, at } = setup({ maxEntries: 2 });
    cache.setListening(true);
    const ids = ['a', 'b', 'c'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
    for (const id of ids) cache.remember(id, U, C, at(60_000), cache.generation(), A);
    expect(cache.size()).toBe(2);
    expect(cache.isLive(ids[0]!, U, C)).toBe(false);
    expect(cache.isLive(ids[2]!, U, C)).toBe(true);
  });
});
