// Latency percentiles shared by the load generators (plain JavaScript: they run as their own `node`
// process) and the suites that read their results.

/**
 * The nearest-rank percentile of `sorted` (ascending): the smallest value at or below which `p` %
 * of the samples fall. Null when there is no sample.
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50, p95 and p99 of unsorted samples in ms, rounded to 0.1 ms. */
export function latencySummary(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => {
    const value = percentile(sorted, p);
    return value === null ? null : Math.round(value * 10) / 10;
  };
  return { p50: at(50), p95: at(95), p99: at(99) };
}
