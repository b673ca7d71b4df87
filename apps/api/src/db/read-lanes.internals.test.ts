// The read lanes (db/read-lanes.ts, db/lane-query.ts) use internals of pg that are not its public
// interface (listed at the top of read-lanes.ts). pg is pinned exactly; this file, in the default
// suite and without a database server, fails naming what changed when the pinned versions or the
// shape of those internals change, before a lane sends a malformed message or reads rows wrongly.
//
// No mocks of our database layer here: the objects are pg's own (a Client never connected, a
// Connection writing to a buffer), and the bytes checked are what pg-protocol serialises.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { createShapes, LaneQuery } from './lane-query';

const PINNED = { pg: '8.23.1', 'pg-protocol': '1.16.1' } as const;

const WHAT_TO_DO = `The read lanes (apps/api/src/db/read-lanes.ts and lane-query.ts) depend on these pg internals.
To upgrade pg: read the list of private members at the top of read-lanes.ts, check each against the
new pg and pg-protocol source, adapt the lanes, update PINNED and the expectations in this file, and
run read-lanes.test.ts against PostgreSQL (TEST_DB=pg). Until then keep pg at ${PINNED.pg}, or run
with DB_READ_LANES=0 (reads go through the pool; see docs/adr/0012-read-lanes-kept-pinned.md).`;

function fail(problems: string[]): void {
  if (problems.length === 0) return;
  throw new Error(
    `pg no longer matches what the read lanes were written against:\n- ${problems.join('\n- ')}\n\n${WHAT_TO_DO}`,
  );
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The package.json of `name` as Node resolves it from `fromFile` (exports hide pg-protocol's). */
function installedPackage(name: string, fromFile: string): { name: string; version: string } {
  let dir = dirname(createRequire(fromFile).resolve(name));
  for (;;) {
    try {
      const pkg = readJson(join(dir, 'package.json'));
      if (pkg.name === name) return pkg;
    } catch {
      // no package.json at this level: keep walking up
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`package.json of ${name} not found`);
    dir = up;
  }
}

const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);

/** Each [what, value, expected type]; a mismatch becomes one line of the failure. */
function shapeProblems(checks: [string, unknown, string][]): string[] {
  return checks
    .filter(([, value, type]) => typeOf(value) !== type)
    .map(([what, value, type]) => `${what}: expected ${type}, found ${typeOf(value)}`);
}

/** A pg Connection over a stream that keeps what is written; `sent()` names the messages since the last call. */
function bufferedConnection() {
  let written: Buffer[] = [];
  const stream = {
    writable: true,
    write(chunk: Buffer) {
      written.push(Buffer.from(chunk));
      return true;
    },
    cork() {},
    uncork() {},
  };
  const connection = new pg.Connection({ stream } as unknown as pg.ConnectionConfig);
  const sent = () => {
    let buf = Buffer.concat(written);
    written = [];
    const types: string[] = [];
    while (buf.length > 0) {
      types.push(String.fromCharCode(buf[0]!));
      buf = buf.subarray(1 + buf.readInt32BE(1));
    }
    return types.join('');
  };
  return { connection, sent };
}

type Internal = Record<string, unknown>;

describe('pg internals used by the read lanes', () => {
  it(`pg is ${PINNED.pg} and pg-protocol ${PINNED['pg-protocol']}, installed and pinned`, () => {
    const pgEntry = createRequire(import.meta.url).resolve('pg');
    const installedPg = installedPackage('pg', fileURLToPath(import.meta.url)).version;
    const installedProtocol = installedPackage('pg-protocol', pgEntry).version;
    const declared = readJson(join(root, 'package.json')).dependencies?.pg;
    const locked = readJson(join(root, 'package-lock.json')).packages ?? {};
    fail(
      [
        installedPg !== PINNED.pg && `pg installed is ${installedPg}, pinned ${PINNED.pg}`,
        declared !== PINNED.pg && `package.json asks for pg "${declared}", not exactly "${PINNED.pg}"`,
        locked['node_modules/pg']?.version !== PINNED.pg &&
          `package-lock.json locks pg ${locked['node_modules/pg']?.version}, not ${PINNED.pg}`,
        installedProtocol !== PINNED['pg-protocol'] &&
          `pg-protocol installed (as pg resolves it) is ${installedProtocol}, pinned ${PINNED['pg-protocol']}`,
        locked['node_modules/pg-protocol']?.version !== PINNED['pg-protocol'] &&
          `package-lock.json locks pg-protocol ${locked['node_modules/pg-protocol']?.version}, not ${PINNED['pg-protocol']}`,
      ].filter((p): p is string => typeof p === 'string'),
    );
  });

  it('Client, Connection, Query and utils have the members the lanes touch', () => {
    // @ts-expect-error pipeline mode is in pg 8.23 but not yet in @types/pg
    const client = new pg.Client({ pipeline: true });
    const c = client as unknown as Internal;
    const connection = client.connection as unknown as Internal;
    const stream = connection.stream as Internal | undefined;
    const query = new pg.Query('SELECT 1') as unknown as Internal;
    const result = query._result as Internal | undefined;
    const connectionProto = pg.Connection.prototype as unknown as Internal;
    const queryProto = pg.Query.prototype as unknown as Internal;
    const problems = shapeProblems([
      ['Client option pipeline: Client#pipeline', c.pipeline, 'boolean'],
      ['Client#connection', connection, 'object'],
      ['Client#query', c.query, 'function'],
      ['Connection#stream', stream, 'object'],
      ['Connection#stream.cork', stream?.cork, 'function'],
      ['Connection#stream.uncork', stream?.uncork, 'function'],
      ['Connection#stream.destroy', stream?.destroy, 'function'],
      ['Connection#submittedNamedStatements', connection.submittedNamedStatements, 'object'],
      ['Connection#parsedStatements', connection.parsedStatements, 'object'],
      ...(['parse', 'bind', 'describe', 'execute', 'sync'] as const).map((m): [string, unknown, string] => [
        `Connection.prototype.${m}`,
        connectionProto[m],
        'function',
      ]),
      ...(
        [
          'submit',
          'prepare',
          'hasBeenParsed',
          'requiresPreparation',
          'handleRowDescription',
          'handleDataRow',
          'handleCommandComplete',
          'handleError',
          'handleReadyForQuery',
        ] as const
      ).map((m): [string, unknown, string] => [`Query.prototype.${m}`, queryProto[m], 'function']),
      ['Query#text', query.text, 'string'],
      ['Query#_result', result, 'object'],
      ['Query#_result.rows', result?.rows, 'array'],
      ['Query#_canceledDueToError', query._canceledDueToError, 'boolean'],
      ['pg/lib/utils.js prepareValue', (pgUtils as unknown as Internal).prepareValue, 'function'],
    ]);
    if (c.pipeline !== true)
      problems.push('Client#pipeline is not true after new Client({ pipeline: true })');
    if (client.connection && !(client.connection instanceof pg.Connection))
      problems.push('Client#connection is not a pg.Connection');
    if (stream && !(stream instanceof Socket))
      problems.push('Connection#stream is not a net.Socket before connecting');
    // The fields the LaneQuery constructor assigns after super(text) must be pg's own ones.
    for (const field of ['name', 'values', 'callback', 'text']) {
      if (!Object.hasOwn(query, field))
        problems.push(`Query#${field} is no longer an own field of a new Query`);
    }
    fail(problems);
  });

  it('a pipelined Client accepts a LaneQuery (it refuses submittables that are not pg.Query)', async () => {
    // @ts-expect-error pipeline mode is in pg 8.23 but not yet in @types/pg
    const client = new pg.Client({ pipeline: true });
    const errors: string[] = [];
    const lane = new LaneQuery('s_accept', 'SELECT $1::int', [1], createShapes(pg.types), (err) => {
      if (err) errors.push(err.message);
    });
    client.query(lane as unknown as pg.Submittable);
    // A refusal arrives on the next tick through handleError; a never-connected client just queues.
    await new Promise((r) => setImmediate(r));
    fail(errors.map((e) => `pipelined Client#query refused a LaneQuery: ${e}`));
  });

  it("submit sends Parse, Bind, Describe, Execute, Sync once, then no Describe; rows read as pg's", () => {
    const shapes = createShapes(pg.types);
    const { connection, sent } = bufferedConnection();
    const results: { err: Error | null; rows?: unknown[] }[] = [];
    const make = (values: unknown[]) =>
      new LaneQuery('s_wire', 'SELECT $1::int AS i, $2::text AS t', values, shapes, (err, res) =>
        results.push({ err, rows: res?.rows }),
      ) as unknown as Internal & { submit(c: unknown): unknown };
    const fields = [
      { name: 'i', dataTypeID: 23, format: 'text' },
      { name: 't', dataTypeID: 25, format: 'text' },
    ];
    const problems: string[] = [];

    // First execution: shape unknown, statement not yet parsed on this connection.
    const first = make([1, 'a']);
    const submitted = first.submit(connection);
    if (submitted !== null) problems.push(`Query#submit returned ${String(submitted)}, expected null`);
    const firstWire = sent();
    if (firstWire !== 'PBDES') problems.push(`first execution sent ${firstWire}, expected PBDES`);
    const r1 = first as unknown as {
      handleRowDescription(m: unknown): void;
      handleDataRow(m: unknown): void;
      handleCommandComplete(m: unknown, c: unknown): void;
      handleReadyForQuery(c: unknown): void;
    };
    r1.handleRowDescription({ fields });
    r1.handleDataRow({ fields: ['1', 'a'] });
    r1.handleCommandComplete({ text: 'SELECT 1' }, connection);
    r1.handleReadyForQuery(connection);

    // Second execution on the same connection: already parsed, shape learnt, so no Describe and no
    // row description; rows are parsed with the learnt shape.
    const second = make([2, null]) as unknown as typeof r1 & { submit(c: unknown): unknown };
    second.submit(connection);
    const secondWire = sent();
    if (secondWire !== 'BES') problems.push(`second execution sent ${secondWire}, expected BES`);
    second.handleDataRow({ fields: ['2', null] });
    second.handleCommandComplete({ text: 'SELECT 1' }, connection);
    second.handleReadyForQuery(connection);

    // A value pg cannot map fails its own query only, after a Sync that ends its messages.
    const bad = make([
      {
        toPostgres: () => {
          throw new Error('unmappable');
        },
      },
      'x',
    ]);
    bad.submit(connection);
    const badWire = sent();
    if (badWire !== 'S') problems.push(`a failed bind sent ${badWire}, expected S`);

    const expected = [
      { err: null, rows: [{ i: 1, t: 'a' }] },
      { err: null, rows: [{ i: 2, t: null }] },
    ];
    const got = results.map((r) => ({ err: r.err?.message ?? null, rows: r.rows }));
    if (JSON.stringify(got.slice(0, 2)) !== JSON.stringify(expected))
      problems.push(
        `rows handed over were ${JSON.stringify(got.slice(0, 2))}, expected ${JSON.stringify(expected)}`,
      );
    if (got[2]?.err !== 'unmappable') problems.push(`a failed bind reported ${JSON.stringify(got[2])}`);
    fail(problems);
  });
});
