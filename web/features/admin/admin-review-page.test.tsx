import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminFeedback } from '@shared/api/feedback';
import type { AdminReport } from '@shared/api/reports';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aGroup } from '@web/features/groups/test-fixtures';
import { adminRoutes } from './routes';
import { anAdminReport } from './test-fixtures';
import { testId } from '@web/test/ids';

const admin = { ...maria, is_admin: true };
const report = anAdminReport({ id: testId('r1'), post_id: testId('p1'), reporter_id: testId('u2') });
function feedback(overrides: Partial<AdminFeedback>): AdminFeedback {
  return {
    id: testId('f1'),
    content: 'The timeline is lovely.',
    created_at: '2026-03-22T10:00:00Z',
    created_at_human: 'March 22, 2026 at 10:00 AM UTC',
    user_id: testId('u3'),
    username: 'ada',
    name: 'Ada Lovelace',
    avatar: null,
    ...overrides,
  };
}
const page = (items: unknown[]) => jsonResponse(items, { headers: { 'x-has-next-page': 'false' } });

describe('/admin', () => {
  // The first lazy screens of a run take seconds on a loaded 2-core machine.
  vi.setConfig({ testTimeout: 20_000 });
  it('shows an open report with what the post says, and resolves it', async () => {
    let resolved = false;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(admin),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: true, open_count: 1 }),
      'GET /api/admin/reports': () => page(resolved ? [] : [report]),
      [`PATCH /api/admin/reports/${testId('r1')}`]: () => {
        resolved = true;
        return jsonResponse({ ...report, status: 'resolved', resolved_at: '2026-03-22T11:00:00Z' });
      },
    });
    renderApp('/admin', { features: adminRoutes });
    // The first lazy screen of a run can take seconds on a loaded machine.
    expect(await screen.findByRole('link', { name: 'Cheap watches' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      `/post/${testId('p1')}`,
    );
    // The reported words are rendered as Markdown, never as raw markup.
    expect(screen.getByText('very').tagName).toBe('STRONG');
    expect(screen.queryByText(/\*\*very\*\*/)).not.toBeInTheDocument();
    expect(screen.getByText(/in Garden Club/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ report: { status: 'resolved' } }),
    );
    await waitFor(() => expect(screen.queryByText('Cheap watches')).not.toBeInTheDocument());
  });

  it("shows each feedback's author with their picture, or their initials without one", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(admin),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: true, open_count: 1 }),
      'GET /api/admin/reports': page([]),
      'GET /api/admin/feedbacks': page([
        feedback({ id: testId('f1'), name: 'Ada Lovelace', username: 'ada', avatar: '/api/files/a1' }),
        feedback({ id: testId('f2'), name: 'Theo Lindqvist', username: 'theo', avatar: null }),
      ]),
    });
    renderApp('/admin', { features: adminRoutes });
    const tab = await screen.findByRole('tab', { name: /Feedback/ });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const ada = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest('li')!;
    expect(ada.querySelector('img')).toHaveAttribute('src', '/api/files/a1');
    const theo = screen.getByRole('link', { name: 'Theo Lindqvist' }).closest('li')!;
    expect(theo.querySelector('img')).toBeNull();
    expect(theo).toHaveTextContent('TL');
  });

  it('tells a member who moderates nothing that the page is not for them', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: false, open_count: 0 }),
    });
    renderApp('/admin', { features: adminRoutes });
    expect(await screen.findByText('This page is for admins and group moderators')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Reports/ })).not.toBeInTheDocument();
  });

  it("gives a group's moderator the reports only, and removes a comment with a reason", async () => {
    const commentReport: AdminReport = {
      ...report,
      id: testId('r2'),
      subject: 'comment',
      comment_id: testId('c1'),
      post_tldr: 'Tomato tips',
      post_content: 'Water them daily.',
      comment_content: 'You are all _clueless_',
      author_username: 'grumpy',
    };
    let removed = false;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([
        aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Garden Club', role: 'Moderator' }),
      ]),
      'GET /api/reports/summary': () => jsonResponse({ can_review: true, open_count: removed ? 0 : 1 }),
      'GET /api/admin/reports': () => page(removed ? [] : [commentReport]),
      [`POST /api/admin/reports/${testId('r2')}/removal`]: () => {
        removed = true;
        return jsonResponse({ ...commentReport, status: 'resolved', content_removed: true });
      },
    });
    renderApp('/admin', { features: adminRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Feedback/ })).not.toBeInTheDocument();
    expect(await screen.findByText('clueless')).toHaveProperty('tagName', 'EM');
    expect(screen.getByText(/by @grumpy/)).toBeInTheDocument();
    // The sidebar's Reports entry shows the open count.
    expect(await screen.findByRole('link', { name: /^Reports\s*,\s*1 open$/ })).toHaveAttribute(
      'href',
      '/admin',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove comment' }));
    const dialog = await findDialog({ name: 'Remove this comment?' });
    const submit = within(dialog).getByRole('button', { name: 'Remove' });
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the author)'), {
      target: { value: 'Be kind to each other.' },
    });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        removal: { reason: 'Be kind to each other.' },
      }),
    );
    await waitFor(() => expect(screen.queryByText('clueless')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Reports' })).toBeInTheDocument());
  });
});

describe('/admin: a reported private message', () => {
  vi.setConfig({ testTimeout: 20_000 });
  it('shows only the message and its neighbours, the reported one marked, and removes it with a kept reason', async () => {
    const messageReport: AdminReport = {
      ...report,
      id: testId('r3'),
      subject: 'message',
      post_id: null,
      message_id: testId('m2'),
      post_tldr: '',
      post_content: '',
      author_username: 'grumpy',
      group_id: null,
      group_name: null,
      message_context: [
        {
          id: testId('m1'),
          sender_username: 'ana',
          content: 'How are the tomatoes?',
          deleted: false,
          created_at: '2026-03-22T09:00:00Z',
          reported: false,
        },
        {
          id: testId('m2'),
          sender_username: 'grumpy',
          content: 'Mind your **own** garden',
          deleted: false,
          created_at: '2026-03-22T09:01:00Z',
          reported: true,
        },
        {
          id: testId('m3'),
          sender_username: null,
          content: '',
          deleted: false,
          created_at: '2026-03-22T09:02:00Z',
          reported: false,
        },
      ],
    };
    let removed = false;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(admin),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': () => jsonResponse({ can_review: true, open_count: removed ? 0 : 1 }),
      'GET /api/admin/reports': () => page(removed ? [] : [messageReport]),
      [`POST /api/admin/reports/${testId('r3')}/removal`]: () => {
        removed = true;
        return jsonResponse({ ...messageReport, status: 'resolved', content_removed: true });
      },
    });
    renderApp('/admin', { features: adminRoutes });
    const item = await screen.findByRole('listitem', { name: 'Message from @grumpy' }, { timeout: 10_000 });
    expect(within(item).getByText('Private message')).toBeInTheDocument();
    const context = within(item).getByRole('list', {
      name: 'The reported message, with the one before and the one after it',
    });
    const messages = within(context).getAllByRole('listitem');
    expect(messages).toHaveLength(3);
    expect(messages[0]).toHaveTextContent('@ana');
    expect(messages[0]).not.toHaveTextContent('Reported');
    expect(within(messages[1]!).getByText('own').tagName).toBe('STRONG');
    expect(messages[1]).toHaveTextContent('Reported');
    expect(messages[2]).toHaveTextContent('deleted member');

    fireEvent.click(within(item).getByRole('button', { name: 'Remove message' }));
    const dialog = await findDialog({ name: 'Remove this message?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept with the report)'), {
      target: { value: 'Unkind.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ removal: { reason: 'Unkind.' } }),
    );
    await waitFor(() => expect(screen.queryByText('Mind your')).not.toBeInTheDocument());
  });
});

describe('/admin inviting', () => {
  it('sets the waiting period and switches a member’s inviting off', async () => {
    const member = {
      id: testId('u9'),
      username: 'sam',
      name: 'Sam Lee',
      is_admin: false,
      can_invite: true,
      created_at: '2026-03-01T10:00:00Z',
    };
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(admin),
      'GET /api/groups': jsonResponse([]),
      'GET /api/reports/summary': jsonResponse({ can_review: true, open_count: 1 }),
      'GET /api/admin/reports': () => page([]),
      'GET /api/admin/settings': jsonResponse({ invite_waiting_days: 0 }),
      'PATCH /api/admin/settings': jsonResponse({ invite_waiting_days: 7 }),
      'GET /api/admin/members': jsonResponse(member),
      [`PATCH /api/admin/members/${testId('u9')}`]: jsonResponse({ ...member, can_invite: false }),
    });
    renderApp('/admin', { features: adminRoutes });
    const tab = await screen.findByRole('tab', { name: 'Inviting' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const days = await screen.findByLabelText('Days new members wait before they can invite');
    await waitFor(() => expect(days).toHaveValue(0));
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Waiting period saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      settings: { invite_waiting_days: 7 },
    });

    fireEvent.change(screen.getByLabelText('Find a member by username'), { target: { value: 'sam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch inviting off' }));
    expect(await screen.findByText(/inviting switched off/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      member: { can_invite: false },
    });
  });
});
