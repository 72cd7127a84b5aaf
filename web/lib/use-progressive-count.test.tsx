import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  it('draws the first items at once and the rest in a transition that follows', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useProgressiveCount(20, 4);
      seen.push(count);
      return count;
    });
    await act(async () => {});
    expect(seen[0]).toBe(4);
    expect(result.current).toBe(20);
  });

  it('draws a short list whole, and a list that grows later at once', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, 4), {
      initialProps: { total: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ total: 3 });
    expect(result.current).toBe(3);
    rerender({ total: 20 });
    await act(async () => {});
    expect(result.current).toBe(20);
    rerender({ total: 40 });
    expect(result.current).toBe(40);
  });
});
