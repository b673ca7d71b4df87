// The list's search ("filter key and value"): a case-insensitive substring of the name, code or
// email, answered from the suffix index (migration 0014).
import { buildTestApp, callAs, demoSessions, type Session, type TestApp } from '../../test/helper';

let t: TestApp;
let admin: Session;
let globex: Session;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, globex } = await demoSessions(t));
});
afterAll(() => t.close());

async function codes(s: Session, query: string): Promise<string[]> {
  const res = await callAs(t, s, 'GET', `/api/employee?records=100&${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { employee_code: string }[]).map((e) => e.employee_code).sort();
}

describe('employee search', () => {
  it('finds a substring anywhere in a word, in any case', async () => {
    expect(await codes(admin, 'key=name&value=HARM')).toContain('ACM0003'); // Priya Sharma
    expect(await codes(admin, 'key=name&value=iya%20sh')).toEqual(['ACM0003']);
    expect(await codes(admin, 'key=employee_code&value=cm0003')).toEqual(['ACM0003']);
    expect(await codes(admin, 'key=email&value=ployee%40acme')).toEqual(['ACM0003']);
  });

  it('searches only the field named by key, or all three without one', async () => {
    // "acme.test" is in every Acme email but in no name or code.
    expect(await codes(admin, 'key=name&value=acme.test')).toEqual([]);
    const all = await codes(admin, 'value=acme.test');
    const byEmail = await codes(admin, 'key=email&value=acme.test');
    expect(all.length).toBeGreaterThan(50);
    expect(all).toEqual(byEmail);
  });

  it('takes % and _ literally', async () => {
    expect(await codes(admin, 'key=name&value=%25')).toEqual([]);
    expect(await codes(admin, 'key=email&value=_')).toEqual([]);
  });

  it('follows renames, and finds terms longer than the 32 indexed characters', async () => {
    const long = 'Bartholomew-Vanderbiltworthington';
    const created = await callAs(t, admin, 'POST', '/api/employee', {
      employee_code: 'SRCH01',
      first_name: 'Zed',
      last_name: long,
      email: 'zed.search@acme.test',
      date_of_joining: '2024-01-01',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const tail = `zed ${long.toLowerCase()}`; // 37 characters
    expect(await codes(admin, `key=name&value=${encodeURIComponent(tail)}`)).toEqual(['SRCH01']);
    // Same first 32 characters, different end: not a match.
    expect(await codes(admin, `key=name&value=${encodeURIComponent(`${tail.slice(0, 34)}xyz`)}`)).toEqual([]);
    expect((await callAs(t, admin, 'PUT', `/api/employee/${id}`, { first_name: 'Quill' })).statusCode).toBe(
      200,
    );
    expect(await codes(admin, 'key=name&value=quill%20bart')).toEqual(['SRCH01']);
    expect(await codes(admin, 'key=name&value=zed%20bart')).toEqual([]);
    // Deleted (no history yet): gone from the search and from the index.
    expect((await callAs(t, admin, 'DELETE', `/api/employee/${id}`)).statusCode).toBe(200);
    expect(await codes(admin, 'key=name&value=quill')).toEqual([]);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM employee_search_terms WHERE employee_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
    // The total counts the matches, not the page.
    const res = await callAs(t, admin, 'GET', '/api/employee?records=1&key=name&value=a');
    expect(res.json().meta.totalCount).toBeGreaterThan(1);
    expect(res.json().data).toHaveLength(1);
  });

  it('pages and sorts the same whichever way the page is chosen', async () => {
    // Sorted by code over the whole company, the page comes from the suffix index alone; any other
    // sort or filter reads the matching rows. Both must agree.
    const list = async (query: string) =>
      (
        (await callAs(t, admin, 'GET', `/api/employee?key=name&value=ra&${query}`)).json().data as {
          employee_code: string;
        }[]
      ).map((e) => e.employee_code);
    const byCode = await list('records=100');
    const byName = await list('records=100&sortBy=first_name');
    expect(byCode.length).toBeGreaterThan(6);
    expect([...byName].sort()).toEqual([...byCode].sort());
    expect(byCode).toEqual([...byCode].sort());
    expect(await list('records=100&sortOrder=desc')).toEqual([...byCode].reverse());
    expect(await list('records=3&page=2')).toEqual(byCode.slice(3, 6));
    const beyond = await callAs(t, admin, 'GET', '/api/employee?key=name&value=ra&records=10&page=99');
    expect(beyond.json().data).toEqual([]);
    expect(beyond.json().meta.totalCount).toBe(byCode.length);
  });

  it("a manager's search covers only their team", async () => {
    const { manager } = await demoSessions(t);
    const mine = await codes(manager, 'key=email&value=acme.test');
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.length).toBeLessThan(20);
    expect(mine).toContain('ACM0002'); // themselves
    expect(mine).not.toContain('ACM0001'); // their own manager is not in their team
  });

  it("never finds another company's people", async () => {
    expect(await codes(globex, 'key=name&value=priya')).toEqual([]);
    expect(await codes(admin, 'value=globex')).toEqual([]);
  });
});
