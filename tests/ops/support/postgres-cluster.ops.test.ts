import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';

describe('the ops suite’s own PostgreSQL server', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(() => cluster?.destroy());

  it('answers, refuses connections while stopped, and keeps its data across a crash and a start', async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query('create table kept (id int primary key)');
    await client.query('insert into kept values (1)');
    await client.end();

    cluster.crash();
    const refused = new pg.Client({ connectionString: cluster.url });
    await expect(refused.connect()).rejects.toThrow(/ECONNREFUSED/);

    cluster.start();
    const again = new pg.Client({ connectionString: cluster.url });
    await again.connect();
    const { rows } = await again.query<{ id: number }>('select id from kept');
    await again.end();
    expect(rows).toEqual([{ id: 1 }]);
  });
});
