import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  DATA_EXPORT_LIMITS,
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_STATUSES,
  DataExportListSchema,
  DataExportParamsSchema,
  DataExportSchema,
} from './data-exports';

/** The "Export my data" contracts (ADR 021): an export's states, its shape, and the texts. */

describe('an export', () => {
  const ready = {
    id: 'e1',
    status: 'ready',
    created_at: '2026-11-21T23:43:00Z',
    completed_at: '2026-11-21T23:44:00Z',
    expires_at: '2026-11-28T23:44:00Z',
    byte_size: 2048,
    download_url: '/api/data_exports/e1/download',
  };

  it('is pending, ready or failed, nothing else', () => {
    expect(DATA_EXPORT_STATUSES).toEqual(['pending', 'ready', 'failed']);
    for (const status of DATA_EXPORT_STATUSES)
      expect(DataExportSchema.safeParse({ ...ready, status }).success, status).toBe(true);
    expect(DataExportSchema.safeParse({ ...ready, status: 'expired' }).success).toBe(false);
  });

  it('carries its times, size and download, every field required', () => {
    expectEveryFieldRequired(DataExportSchema, ready);
    const pending = {
      ...ready,
      status: 'pending',
      completed_at: null,
      expires_at: null,
      byte_size: null,
      download_url: null,
    };
    expect(DataExportListSchema.parse([pending])).toEqual([pending]);
    expect(DataExportSchema.safeParse({ ...ready, byte_size: 1.5 }).success).toBe(false);
  });

  it('is named by a UUID in the path', () => {
    expect(DataExportParamsSchema.parse({ id: UUID })).toEqual({ id: UUID });
    expect(refusals(DataExportParamsSchema, { id: 'e1' })).toEqual([['id', 'is not a valid id']]);
  });

  it('is kept 7 days, asked for once an hour, ten listed, and the throttle says so', () => {
    expect(DATA_EXPORT_LIMITS).toEqual({ keepDays: 7, throttleMinutes: 60, listed: 10 });
    expect(DATA_EXPORT_MESSAGES).toEqual({
      throttled: 'You can request a new export once an hour. Your latest export is still available below.',
    });
  });
});
