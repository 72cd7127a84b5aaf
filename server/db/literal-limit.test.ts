import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { literalLimit } from './literal-limit';
import { posts } from './schema';

describe('literalLimit', () => {
  const db = drizzle({ connection: 'postgres://nobody@127.0.0.1:1/none' });

  it('writes the row count into the statement instead of binding it', () => {
    const query = db.select({ id: posts.id }).from(posts).limit(literalLimit(21)).toSQL();
    expect(query.sql).toMatch(/ limit 21$/);
    expect(query.params).toEqual([]);
  });

  it('refuses anything but a whole, non-negative count', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => literalLimit(bad)).toThrow(RangeError);
    }
    expect(() => literalLimit('1; drop table posts' as unknown as number)).toThrow(RangeError);
  });
});
