export function percentile(sorted: ArrayLike<number>, p: number): number | null;
export function latencySummary(samples: ArrayLike<number>): {
  p50: number | null;
  p95: number | null;
  p99: number | null;
};
