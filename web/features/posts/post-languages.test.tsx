import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Post } from '@shared/api/posts';
import { activateLocale } from '@web/i18n/i18n';
import { mockFetch } from '@web/test/fetch-mock';
import { PostCard } from './components/post-card';
import { aPost } from './post-fixtures';

function renderCard(post: Post) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard', element: <PostCard post={post} /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => activateLocale('en'));

describe('a post card in the member’s language', () => {
  it('says its buttons and counts in German once the member switches, with German plurals', async () => {
    mockFetch({});
    renderCard(aPost({ likes_count: 2, comments_count: 1 }));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();

    await act(() => activateLocale('de'));

    const card = screen.getByRole('article');
    expect(within(card).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '2 Likes' })).toHaveAttribute('title', 'Gefällt mir');
    expect(within(card).getByRole('link', { name: '1 Kommentar' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Beitragsoptionen' })).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Reaktionen auf diesen Beitrag' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, its counts in the dual and plural forms Arabic needs', async () => {
    mockFetch({});
    await act(() => activateLocale('ar'));
    renderCard(aPost({ likes_count: 2, comments_count: 3 }));

    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    const card = screen.getByRole('article');
    expect(within(card).getByRole('button', { name: 'مشاركة' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'إعجابان' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '3 تعليقات' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'خيارات المنشور' })).toBeInTheDocument();
  });
});
