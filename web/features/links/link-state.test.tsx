import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { linksRoutes } from './routes';
import { aLink, FakeEventSource } from './test-fixtures';

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const lastPage = { headers: { 'x-has-next-page': 'false' } };

beforeAll(async () => {
  await Promise.all([import('./links-page'), import('./link-detail-page')]);
}, 30_000);

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

/** A page Hearth could not read, answered 404, and found suspicious: a retry cannot help. */
const unreadable = aLink({
  status: 'failed',
  step: 'fetch',
  error: 'The page could not be loaded (the site answered 404)',
  retryable: false,
  is_owner: true,
  can_retry: false,
  title: null,
  sentence_summary: null,
  safety_verdict: 'suspicious',
  safety_reasons: ['The link uses a bare IP address (203.0.113.9) instead of a site name'],
});

/** The boxes that speak up about a link: alerts (warnings, failures) and notes (the unknown verdict). */
const stateBoxes = (scope: HTMLElement) => [
  ...within(scope).queryAllByRole('alert'),
  ...within(scope).queryAllByRole('note'),
];

describe('a link whose reading failed shows one state', () => {
  it('on the timeline: one box with the caution and the failure, no Retry where it cannot help', async () => {
    mockFetch({ ...signedIn, 'GET /api/links': jsonResponse([unreadable], lastPage) });
    renderApp('/links', { features: linksRoutes });
    const card = (await screen.findByRole('article', { name: unreadable.url })) as HTMLElement;
    const [box, ...more] = stateBoxes(card);
    expect(more).toEqual([]);
    expect(box).toHaveTextContent('Caution: this link looks suspicious');
    expect(box).toHaveTextContent("We couldn't read this link.");
    expect(box).toHaveTextContent('The page could not be loaded (the site answered 404)');
    expect(within(card).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('on its page: one box with the reasons, and Retry only when another try may help', async () => {
    const detail = `/api/links/${unreadable.id}`;
    mockFetch({
      ...signedIn,
      [`GET ${detail}`]: jsonResponse(unreadable),
      [`GET ${detail}/comments`]: jsonResponse([]),
    });
    renderApp(`/links/${unreadable.id}`, { features: linksRoutes });
    const article = (await screen.findByRole('article', { name: unreadable.url })) as HTMLElement;
    const [box, ...more] = stateBoxes(article);
    expect(more).toEqual([]);
    expect(box).toHaveTextContent('The link uses a bare IP address (203.0.113.9) instead of a site name');
    expect(box).toHaveTextContent("We couldn't read this link.");
    expect(within(article).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('leaves the unknown verdict of a page it could not read unsaid', async () => {
    const timedOut = aLink({
      status: 'failed',
      step: 'fetch',
      error: 'The page took too long to answer',
      retryable: true,
      is_owner: true,
      can_retry: true,
      title: null,
      safety_verdict: 'unknown',
      safety_reasons: ['Hearth could not open the page to check it'],
    });
    mockFetch({ ...signedIn, 'GET /api/links': jsonResponse([timedOut], lastPage) });
    renderApp('/links', { features: linksRoutes });
    const card = (await screen.findByRole('article', { name: timedOut.url })) as HTMLElement;
    const [box, ...more] = stateBoxes(card);
    expect(more).toEqual([]);
    expect(box).toHaveTextContent("We couldn't read this link.The page took too long to answer");
    expect(within(card).queryByText('Hearth could not check this link for safety.')).not.toBeInTheDocument();
    expect(box).toContainElement(within(card).getByRole('button', { name: 'Retry' }));
  });
});
