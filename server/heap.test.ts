import { describe, expect, it } from 'vitest';
import { heapFlags, runsWithFlags } from './heap';

describe('the heap bound (ADR 053)', () => {
  const flags = heapFlags({
    heapMaxMb: 300,
    semiSpaceMb: 4,
    keptReadsMaxBytes: 1,
    pgliteSharedBuffersMb: 32,
  });

  it('is given to V8 as its old generation and young halves', () => {
    expect(flags).toEqual(['--max-old-space-size=300', '--max-semi-space-size=4']);
  });

  it('is in force only when every flag was given, on the command line or in NODE_OPTIONS', () => {
    expect(runsWithFlags(flags, [...flags, '--enable-source-maps'], '')).toBe(true);
    expect(runsWithFlags(flags, [], `--max-semi-space-size=4  --max-old-space-size=300`)).toBe(true);
    expect(runsWithFlags(flags, ['--max-old-space-size=300'], '')).toBe(false);
    expect(runsWithFlags(flags, ['--max-old-space-size=4096', '--max-semi-space-size=4'], '')).toBe(false);
    expect(runsWithFlags(flags, [], '')).toBe(false);
  });
});
