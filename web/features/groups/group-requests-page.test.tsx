import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aRequest } from './test-fixtures';
import { testId } from '@web/test/ids';

describe('/group-requests', () => {
  it('lists requests with group, username and full name; Reject answers in place', async () => {
    const first = aRequest({
      id: testId('q1'),
      group_name: 'Book Club',
      username: 'grace',
      user_full_name: 'Grace Hopper',
    });
    const second = aRequest({
      id: testId('q2'),
      group_name: 'Chess',
      username: 'alan',
      user_full_name: 'Alan Turing',
      assignable_roles: ['Poster', 'Commentor'],
    });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/group_requests': jsonResponse([first, second]),
      [`PATCH /api/group_requests/${testId('q2')}`]: jsonResponse({ ...second, status: 'rejected' }),
    });
    renderApp('/group-requests');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Group Requests' });
    const [graceRow, alanRow] = within(list).getAllByRole('listitem');
    expect(graceRow).toHaveTextContent('Grace Hopper');
    expect(graceRow).toHaveTextContent('@grace');
    expect(graceRow).toHaveTextContent('Book Club');
    expect(
      within(graceRow!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Poster', 'Moderator', 'Commentor']);

    // Alan's request is to a group Ada moderates: Moderator is not hers to give.
    expect(
      within(alanRow!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Poster', 'Commentor']);

    await user.click(within(alanRow!).getByRole('button', { name: 'Reject' }));
    expect(await within(alanRow!).findByText('Rejected')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      group_request: { status: 'rejected' },
    });
    // The other request still waits for its answer.
    expect(within(graceRow!).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('has an empty state', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/group_requests': jsonResponse([]),
    });
    renderApp('/group-requests');
    expect(await screen.findByText('No requests to answer')).toBeInTheDocument();
  });
});
