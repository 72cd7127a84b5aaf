import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('writes bytes, then kB, MB and GB in steps of 1024, with one decimal when it matters', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 kB');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(1.2 * 1024 * 1024)).toBe('1.2 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(150.4 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('rounds before choosing the unit, so nothing reads "1024 kB"', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('gives nothing for sizes that are not sizes', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});
