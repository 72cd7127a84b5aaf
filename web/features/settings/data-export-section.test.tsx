import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataExport } from '@shared/api/data-exports';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { EXPORT_POLL_MS } from './data-export-api';
import { ada } from '@web/test/users';

function anExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: 'export-1',
    status: 'pending',
    created_at: '2026-11-23T10:00:00.000Z',
    completed_at: null,
    expires_at: null,
    byte_size: null,
    download_url: null,
    ...overrides,
  };
}

const ready = anExport({
  status: 'ready',
  completed_at: '2026-11-23T10:01:00.000Z',
  expires_at: '2026-11-30T10:01:00.000Z',
  byte_size: 2_621_440,
  download_url: '/api/account/exports/export-1/download',
});

const base = {
  'GET /api/auth': jsonResponse(ada),
  'GET /api/groups': jsonResponse([]),
  // The page's other card, deleting the account: nothing scheduled.
  'GET /api/account/deletion': jsonResponse({
    scheduled: null,
    grace_days: 14,
    two_factor_required: false,
    blocked_reason: null,
  }),
};

/** The first screen of a run waits for its lazily loaded code, which is slow on a busy machine. */
const SLOW = { timeout: 8000 };

describe('/settings/data: Export your data', { timeout: 20_000 }, () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('explains what is included and requests an export, then shows it being prepared', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/exports': jsonResponse([]),
      'POST /api/account/exports': jsonResponse(anExport(), { status: 202 }),
    });
    renderApp('/settings/data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your data' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 2, name: 'Export your data' })).toBeInTheDocument();
    expect(screen.getByText('The files you uploaded')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Request export' }));
    expect(
      await screen.findByText("We're preparing your export. We'll email you when it's ready."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request export' })).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST' && call.url.endsWith('/api/account/exports')),
    ).toHaveLength(1);
  });

  it('polls while pending and offers the download, its size and expiry once ready, without a reload', async () => {
    let asked = 0;
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/exports': () => jsonResponse(++asked < 2 ? [anExport()] : [ready]),
    });
    renderApp('/settings/data');
    expect(
      await screen.findByText("We're preparing your export. We'll email you when it's ready.", {}, SLOW),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download (2.5 MB)' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', '/api/account/exports/export-1/download');
    expect(screen.getByText(/Available until/)).toHaveTextContent('Available until November 30, 2026');
    const polls = () => calls.filter((call) => call.url.includes('/api/account/exports')).length;
    const settledAt = polls();
    expect(settledAt).toBe(2);
    // Once ready the page stops asking: a later render has made no further call.
    // (One poll interval and a half: a poll already due fires before this timer, which is set later.)
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS * 1.5));
    expect(polls()).toBe(settledAt);
  });

  it('shows a failed export with Try again', async () => {
    mockFetch({
      ...base,
      'GET /api/account/exports': jsonResponse([
        anExport({ status: 'failed', completed_at: ready.completed_at }),
      ]),
      'POST /api/account/exports': jsonResponse(anExport({ id: 'export-2' }), { status: 202 }),
    });
    renderApp('/settings/data');
    expect(await screen.findByText(/We couldn't prepare your export/, {}, SLOW)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText("We're preparing your export. We'll email you when it's ready."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/We couldn't prepare your export/)).not.toBeInTheDocument();
  });

  it('says why a new export must wait when the server holds it back', async () => {
    mockFetch({
      ...base,
      'GET /api/account/exports': jsonResponse([ready]),
      'POST /api/account/exports': jsonResponse(
        { error: 'You can request a new export once an hour. Your latest export is still available below.' },
        { status: 429, headers: { 'retry-after': '3000' } },
      ),
    });
    renderApp('/settings/data');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Request export' }, SLOW));
    expect(await screen.findByRole('alert')).toHaveTextContent(/once an hour/);
    expect(screen.getByRole('link', { name: 'Download (2.5 MB)' })).toBeInTheDocument();
  });

  it('does not offer an expired export', async () => {
    mockFetch({
      ...base,
      'GET /api/account/exports': jsonResponse([{ ...ready, download_url: null }]),
    });
    renderApp('/settings/data');
    expect(
      await screen.findByText('Your last export has expired and was deleted.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request export' })).toBeEnabled();
  });
});
