import { Counter, Histogram } from 'prom-client';

/**
 * The jobs this process ran, by queue and outcome (completed, failed: a failed run is retried
 * unless it was the last): a count and the durations. Created before the job queue starts, and
 * added to the registry of whichever /metrics the process serves (web port or METRICS_PORT).
 */
export interface JobMetrics {
  metrics: Array<Counter | Histogram>;
  record(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

export function createJobMetrics(): JobMetrics {
  const processed = new Counter({
    name: 'hearth_jobs_processed_total',
    help: 'Jobs this process ran, by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'],
    registers: [],
  });
  const duration = new Histogram({
    name: 'hearth_job_duration_seconds',
    help: 'How long the jobs this process ran took, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [],
  });
  return {
    metrics: [processed, duration],
    record(queue, outcome, seconds) {
      processed.inc({ queue, outcome });
      duration.observe({ queue, outcome }, seconds);
    },
  };
}
