import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CountBadge } from '@web/features/groups/components/count-badge';
import { AuthorHeader } from '@web/features/posts/components/author-header';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

/** WCAG 2.5.3 (Label in Name): what a control is called starts with, or contains, what it shows. */
describe('accessible names', () => {
  it('a waiting count joins its control’s name as one phrase, with the number shown', () => {
    render(
      <MemoryRouter>
        <a href="/group-requests">
          Requests
          <CountBadge count={3} label="waiting" />
        </a>
        <a href="/groups">
          Groups
          <CountBadge count={120} label="requests waiting" />
        </a>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Requests, 3 waiting' })).toBeInTheDocument();
    const groups = screen.getByRole('link', { name: 'Groups, 99+ requests waiting' });
    expect(within(groups).getByTestId('count-badge')).toHaveTextContent(/^99\+$/);
  });

  it('an author’s picture is not a second link: keyboards and screen readers meet the name once', () => {
    render(
      <MemoryRouter>
        <AuthorHeader
          post={{
            name: 'Ada Lovelace',
            username: 'ada',
            avatar: null,
            group_id: null,
            group_name: null,
            time_ago: '2 hours ago',
            created_at: '2026-11-23T10:00:00.000Z',
            created_at_human: 'November 23, 2026 at 10:00 AM UTC',
          }}
          profileTo="/profiles/20000000-0000-4000-8000-000000000005"
          groupTo={(id) => `/group/${id}`}
        />
      </MemoryRouter>,
    );
    const profileLinks = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') === '/profiles/20000000-0000-4000-8000-000000000005');
    // The picture is not in the accessibility tree; of what is, only the name is in the tab order.
    expect(profileLinks.map((link) => link.textContent)).toEqual(['Ada Lovelace', '@ada']);
    expect(profileLinks.filter((link) => link.tabIndex >= 0).map((link) => link.textContent)).toEqual([
      'Ada Lovelace',
    ]);
    const picture = document.querySelector('a[aria-hidden="true"]');
    expect(picture).toHaveAttribute('href', '/profiles/20000000-0000-4000-8000-000000000005');
    expect(picture).toHaveAttribute('tabindex', '-1');
    expect(picture).toHaveTextContent('AL');
  });

  it('the Inbox names the real count in text while its badge shows 9+', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/notifications/unread_count': jsonResponse({ count: 12 }),
      'GET /api/notifications': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/inbox');
    const inbox = await screen.findByRole('link', { name: 'Inbox, 12 unread' });
    expect(inbox).not.toHaveAttribute('aria-label');
    expect(within(inbox).getByTestId('inbox-badge')).toHaveTextContent('9+');
    // The account menu is named by its picture, which shows the member's initials.
    const menu = screen.getByRole('button', { name: 'Account menu' });
    expect(menu).not.toHaveAttribute('aria-label');
    expect(within(menu).getByRole('img', { name: 'Account menu' })).toBeInTheDocument();
  });
});
