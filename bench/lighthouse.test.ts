import { describe, expect, it } from 'vitest';
import { auditRuns, lighthousePages, lighthousePresets } from './lighthouse';

describe('the lighthouse suite’s settings', () => {
  it('audits each page three times unless told, and refuses a count that is not a small whole number', () => {
    expect(auditRuns(undefined)).toBe(3);
    expect(auditRuns('5')).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'many', '16'])
      expect(() => auditRuns(bad)).toThrow(/BENCH_LIGHTHOUSE_RUNS/);
  });

  it('runs mobile then desktop unless one is named', () => {
    expect(lighthousePresets(undefined)).toEqual(['mobile', 'desktop']);
    expect(lighthousePresets('desktop, mobile')).toEqual(['mobile', 'desktop']);
    expect(lighthousePresets('mobile')).toEqual(['mobile']);
    expect(() => lighthousePresets('tablet')).toThrow(/BENCH_LIGHTHOUSE_PRESET/);
  });

  it('audits every page unless some are named, and refuses a name it does not know', () => {
    const pages = [{ page: 'timeline' }, { page: 'post with photos' }, { page: 'public feed' }];
    expect(lighthousePages(undefined, pages)).toEqual(pages);
    expect(lighthousePages('public feed, post with photos', pages)).toEqual([pages[1], pages[2]]);
    expect(() => lighthousePages('post with photo', pages)).toThrow(
      /BENCH_LIGHTHOUSE_PAGES.*post with photo$/,
    );
  });
});
