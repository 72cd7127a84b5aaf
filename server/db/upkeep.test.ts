import { describe, expect, it } from 'vitest';
import { type TableCounters, upkeepOf } from './upkeep';

const table = (counters: Partial<TableCounters>): TableCounters => ({
  schema: 'public',
  table: 'posts',
  reltuples: 1000,
  deadRows: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...counters,
});

describe('upkeepOf: autovacuum’s default thresholds', () => {
  it('vacuums a table never vacuumed nor analysed, whatever its counters', () => {
    expect(upkeepOf(table({ reltuples: -1 }))).toBe('vacuum');
  });

  it('vacuums past 50 dead rows plus a fifth of the table', () => {
    expect(upkeepOf(table({ deadRows: 250 }))).toBeNull();
    expect(upkeepOf(table({ deadRows: 251 }))).toBe('vacuum');
    expect(upkeepOf(table({ reltuples: 0, deadRows: 51 }))).toBe('vacuum');
  });

  it('vacuums past 1,000 inserted rows plus a fifth, so a table only added to is kept too', () => {
    expect(upkeepOf(table({ insertedSinceVacuum: 1200 }))).toBeNull();
    expect(upkeepOf(table({ insertedSinceVacuum: 1201 }))).toBe('vacuum');
  });

  it('analyses past 50 changed rows plus a tenth', () => {
    expect(upkeepOf(table({ modifiedSinceAnalyze: 150 }))).toBeNull();
    expect(upkeepOf(table({ modifiedSinceAnalyze: 151 }))).toBe('analyze');
  });

  it('vacuums (which analyses too) when both are due', () => {
    expect(upkeepOf(table({ deadRows: 500, modifiedSinceAnalyze: 500 }))).toBe('vacuum');
  });
});
