import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatementCache } from './pglite-statements';

describe('StatementCache (prepared statements on the embedded database)', () => {
  let pglite: PGlite;
  let statements: StatementCache;

  const prepared = async () =>
    (await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  beforeEach(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table notes (id int primary key, body text not null, at timestamptz)`);
    statements = new StatementCache(pglite, 3);
  });

  afterEach(async () => {
    await pglite.close();
  });

  it('prepares a text once and binds each call’s values, typed as PostgreSQL inferred them', async () => {
    const insert = 'insert into notes (id, body, at) values ($1, $2, $3) returning id, body, at';
    const first = await statements.query(insert, [1, 'one', new Date('2026-01-02T03:04:05Z')], {}, false);
    const second = await statements.query(insert, [2, 'two', null], {}, false);
    expect(first.rows).toEqual([{ id: 1, body: 'one', at: new Date('2026-01-02T03:04:05Z') }]);
    expect(second.rows).toEqual([{ id: 2, body: 'two', at: null }]);
    expect(await prepared()).toEqual(['hearth_1']);

    const read = await statements.query(
      'select body from notes where id = $1',
      [2],
      { rowMode: 'array' },
      false,
    );
    expect(read.rows).toEqual([['two']]);
    expect(read.fields.map((field) => field.name)).toEqual(['body']);
  });

  it('keeps only the most recently used statements, closing the others', async () => {
    for (const n of [1, 2, 3]) await statements.query(`select $1::int + ${n} as v`, [1], {}, false);
    // The first is used again, so the second is the least recent when a fourth arrives.
    await statements.query('select $1::int + 1 as v', [1], {}, false);
    const fourth = await statements.query('select $1::int + 4 as v', [1], {}, false);
    expect(fourth.rows).toEqual([{ v: 5 }]);
    expect(statements.size).toBe(3);
    expect(await prepared()).toEqual(['hearth_1', 'hearth_3', 'hearth_4']);
  });

  it('prepares again, once, when the schema changed under a statement', async () => {
    await statements.query('select * from notes where id = $1', [1], {}, false);
    await pglite.exec(`alter table notes add column pinned boolean not null default false;
      insert into notes (id, body) values (1, 'one')`);
    const after = await statements.query('select * from notes where id = $1', [1], {}, false);
    expect(after.rows).toEqual([{ id: 1, body: 'one', at: null, pinned: false }]);
  });

  it('passes errors on with their code and leaves the session usable; a failed text is not kept', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    await statements.query(insert, [1, 'one'], {}, false);
    await expect(statements.query(insert, [1, 'again'], {}, false)).rejects.toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
    });
    await expect(
      statements.query('select nothing from nowhere where x = $1', [1], {}, false),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(statements.size).toBe(1);
    const count = await statements.query(
      'select count(*)::int as n from notes where id > $1',
      [0],
      {},
      false,
    );
    expect(count.rows).toEqual([{ n: 1 }]);
  });

  it('runs inside a transaction and rolls back with it', async () => {
    await expect(
      pglite.transaction(async () => {
        await statements.query('insert into notes (id, body) values ($1, $2)', [7, 'seven'], {}, true);
        const inside = await statements.query('select body from notes where id = $1', [7], {}, true);
        expect(inside.rows).toEqual([{ body: 'seven' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const outside = await statements.query('select body from notes where id = $1', [7], {}, false);
    expect(outside.rows).toEqual([]);
  });
});
