import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { reportServerTrouble } from '@web/lib/server-reachability';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { t } from '@web/i18n/i18n';
import { CONNECTION_TEXT, ConnectionBanner } from './connection-banner';

/** Health checks the test answers one by one: each call waits for `answer(true | false)`. */
function scriptedProbe() {
  const waiting: ((ok: boolean) => void)[] = [];
  const probe = vi.fn(() => new Promise<boolean>((resolve) => waiting.push(resolve)));
  const answer = async (ok: boolean) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    await act(async () => waiting.shift()!(ok));
  };
  return { probe, answer };
}

/** A screen with one active query, counting how often it asks. */
function Posts({ onFetch }: { onFetch: () => void }) {
  const query = useQuery({
    queryKey: ['posts'],
    queryFn: () => {
      onFetch();
      return 'posts';
    },
    staleTime: Infinity,
  });
  return <p>{query.data}</p>;
}

function renderBanner(probe: () => Promise<boolean>, onFetch = () => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConnectionBanner probe={probe} delays={[20]} backOnlineMs={200} />
      <Posts onFetch={onFetch} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const banner = () => screen.getByRole('status');

describe('connection banner', () => {
  it("says Hearth isn't answering (not the member's connection) when a call fails and the health check fails too", async () => {
    const { probe, answer } = scriptedProbe();
    renderBanner(probe);
    expect(banner()).toBeEmptyDOMElement();
    act(() => reportServerTrouble());
    await answer(false);
    expect(banner()).toHaveTextContent("Hearth isn't answering. Trying again…");
    expect(banner()).not.toHaveTextContent(/offline|connection/i);
    // It keeps checking with backoff while the server is away.
    await answer(false);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(banner()).toHaveTextContent(t(CONNECTION_TEXT.serverAway));
  });

  it('says nothing about a single failed call when the server answers the health check', async () => {
    const { probe, answer } = scriptedProbe();
    renderBanner(probe);
    act(() => reportServerTrouble());
    await answer(true);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(banner()).toBeEmptyDOMElement();
  });

  it('when the server is back: hides the banner, says "Back online" briefly and refetches what is on screen', async () => {
    const { probe, answer } = scriptedProbe();
    const fetched = vi.fn();
    renderBanner(probe, fetched);
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    act(() => reportServerTrouble());
    await answer(false);
    expect(banner()).toHaveTextContent(t(CONNECTION_TEXT.serverAway));

    await answer(true);
    expect(banner()).toHaveTextContent(t(CONNECTION_TEXT.back));
    expect(banner()).not.toHaveTextContent(t(CONNECTION_TEXT.serverAway));
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(banner()).toBeEmptyDOMElement());
  });

  it('says the browser is offline at once when it goes offline, and checks again when it is back online', async () => {
    const { probe, answer } = scriptedProbe();
    renderBanner(probe);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(banner()).toHaveTextContent(
      "You appear to be offline. Hearth will reconnect when you're back online.",
    );
    expect(banner()).not.toHaveTextContent(t(CONNECTION_TEXT.serverAway));
    onLine.mockRestore();
    act(() => void window.dispatchEvent(new Event('online')));
    await answer(true);
    expect(banner()).toHaveTextContent(t(CONNECTION_TEXT.back));
  });

  it('Try now checks at once', async () => {
    const { probe, answer } = scriptedProbe();
    renderBanner(probe);
    act(() => reportServerTrouble());
    await answer(false);
    await userEvent.click(screen.getByRole('button', { name: t(CONNECTION_TEXT.tryNow) }));
    await answer(true);
    expect(banner()).toHaveTextContent(t(CONNECTION_TEXT.back));
  });
});

describe('the API client reports calls that did not reach the server', () => {
  it('a network failure and a gateway answer (502, 503, 504) start a health check; a 404 does not', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { probe, answer } = scriptedProbe();
    renderBanner(probe);
    mockFetch({
      'GET /api/missing': jsonResponse({ error: 'Not found' }, { status: 404 }),
      'GET /api/down': jsonResponse({ error: 'Bad gateway' }, { status: 502 }),
      'GET /api/offline': () => Promise.reject(new TypeError('Failed to fetch')),
    });

    await expect(api.get('/down')).rejects.toMatchObject({ status: 502 });
    await answer(true);
    expect(probe).toHaveBeenCalledTimes(1);

    await expect(api.get('/missing')).rejects.toMatchObject({ status: 404 });
    await expect(api.get('/offline')).rejects.toMatchObject({ kind: 'network' });
    await answer(false);
    // The 404 asked nothing: the second check came from the network failure.
    expect(probe).toHaveBeenCalledTimes(2);
    expect(banner()).toHaveTextContent(t(CONNECTION_TEXT.serverAway));
  });
});
