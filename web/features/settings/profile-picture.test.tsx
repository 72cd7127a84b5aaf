import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/api/auth';
import type { Profile } from '@shared/api/profiles';
import { aFile, aFileRequest, FILE_ID, uploadRoutes } from '@web/features/files/test-fixtures';
import { forgetUploadLimit } from '@web/features/files/upload-file';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { mockXhr } from '@web/test/xhr-mock';
import { PICTURE_RELOAD_DELAY_MS } from './profile-picture';

const picture = `/api/files/${FILE_ID}`;
const me = aProfile({ id: ada.id, username: 'ada', first_name: 'Ada', last_name: 'Lovelace', is_self: true });
const uploaded = aFileRequest({ name: 'me.png', file_type: 'profile', thumbnail_url: null, url: picture });

/**
 * The server: the profile and the signed-in member carry `avatar` once the picture is marked uploaded.
 * `times` records when (Date.now(), the fake clock in the timed test) each call arrived.
 */
function server({ avatar = null as string | null, times = [] as string[] } = {}) {
  let current: string | null = avatar;
  const profile = (): Profile => ({ ...me, avatar: current });
  const user = (): CurrentUser => ({ ...ada, avatar: current });
  const at = (label: string) => times.push(`${label}@${Date.now()}`);
  const routes = {
    'GET /api/auth': () => jsonResponse(user()),
    'GET /api/groups': jsonResponse([]),
    'GET /api/profile': () => {
      at('profile');
      return jsonResponse(profile());
    },
    ...uploadRoutes(uploaded),
    [`PATCH /api/file_requests/${FILE_ID}`]: () => {
      at('uploaded');
      current = picture;
      return jsonResponse(uploaded);
    },
    'DELETE /api/profile/avatar': () => {
      current = null;
      return jsonResponse(profile());
    },
  };
  return routes;
}

const accountMenu = () => screen.getByRole('button', { name: 'Account menu' });
/**
 * Lets promises, React and the query cache's zero-delay timers run. The fake clock gives a timer set
 * during a tick 1 ms, so this moves the clock a few milliseconds; the timed test reads the clock.
 */
async function settle() {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(1));
}
/** The fake clock's time of the first call recorded under `label`. */
const timeOf = (times: string[], label: string, nth = 0) =>
  Number(times.filter((entry) => entry.startsWith(`${label}@`))[nth]?.split('@')[1]);

describe('/settings profile picture', () => {
  let logged: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    forgetUploadLimit();
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('uploads a new picture, waits 2 seconds, then reloads the profile and the top bar', async () => {
    const times: string[] = [];
    const { calls } = mockFetch(server({ times }));
    const { requests } = mockXhr((xhr) => xhr.respond(200));
    renderApp('/settings');
    const input = await screen.findByLabelText('Change picture');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
    const count = (url: string) => calls.filter((call) => call.method === 'GET' && call.url === url).length;
    await waitFor(() => expect(count('/api/profile')).toBe(1));
    expect(count('/api/auth')).toBe(1);

    // From here the clock moves only when the test says so.
    vi.useFakeTimers();
    fireEvent.change(input, { target: { files: [aFile('me.png')] } });
    await settle();

    // Positive control first: the upload has finished and the picture is marked uploaded …
    expect(requests).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'me.png',
      file_type: 'profile',
    });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(true);
    expect(screen.getByText('Updating your picture…')).toBeInTheDocument();
    // … and the new picture shows here at once.
    expect(screen.getByRole('img', { name: "Ada Lovelace's picture" })).toHaveAttribute('src', picture);

    // … but nothing is reloaded until 2 seconds after it was marked uploaded.
    const uploadedAt = timeOf(times, 'uploaded');
    await act(() => vi.advanceTimersByTimeAsync(uploadedAt + PICTURE_RELOAD_DELAY_MS - 1 - Date.now()));
    expect(Date.now()).toBe(uploadedAt + PICTURE_RELOAD_DELAY_MS - 1);
    expect(count('/api/profile')).toBe(1);
    expect(count('/api/auth')).toBe(1);
    expect(accountMenu().querySelector('img')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    const waited = timeOf(times, 'profile', 1) - uploadedAt;
    expect(waited).toBeGreaterThanOrEqual(PICTURE_RELOAD_DELAY_MS);
    expect(waited).toBeLessThan(PICTURE_RELOAD_DELAY_MS + 50);
    expect(count('/api/profile')).toBe(2);
    expect(count('/api/auth')).toBe(2);
    expect(accountMenu().querySelector('img')).toHaveAttribute('src', picture);
    expect(screen.getByText('Profile picture updated.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
    expect(screen.queryByText('Updating your picture…')).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
  });

  it('still reloads the signed-in member when they leave /settings during the 2 seconds', async () => {
    const { calls } = mockFetch(server());
    mockXhr((xhr) => xhr.respond(200));
    const { router } = renderApp('/settings');
    const input = await screen.findByLabelText('Change picture');
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(1));

    vi.useFakeTimers();
    fireEvent.change(input, { target: { files: [aFile('me.png')] } });
    await settle();
    expect(screen.getByText('Updating your picture…')).toBeInTheDocument();
    await act(() => router.navigate('/upload'));
    await settle();
    expect(screen.queryByText('Updating your picture…')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(PICTURE_RELOAD_DELAY_MS));
    await settle();
    expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(2);
  });

  it('a refused picture is logged and said under the buttons; nothing is reloaded', async () => {
    const { calls } = mockFetch({
      ...server(),
      [`PATCH /api/file_requests/${FILE_ID}`]: jsonResponse(
        { errors: { file: ['must be an image (JPEG, PNG, WebP, GIF or AVIF)'] } },
        { status: 422 },
      ),
    });
    mockXhr((xhr) => xhr.respond(200));
    renderApp('/settings');
    const input = await screen.findByLabelText('Change picture');

    vi.useFakeTimers();
    fireEvent.change(input, { target: { files: [aFile('drawing.svg', 300, 'image/svg+xml')] } });
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Couldn't change your picture. File must be an image (JPEG, PNG, WebP, GIF or AVIF)",
    );
    expect(logged).toHaveBeenCalledWith('Upload failed', expect.anything());

    await act(() => vi.advanceTimersByTimeAsync(PICTURE_RELOAD_DELAY_MS * 2));
    await settle();
    expect(calls.filter((call) => call.url === '/api/profile')).toHaveLength(1);
    expect(screen.getByLabelText('Change picture')).toBeEnabled();
  });

  it('Remove picture goes back to the initials here and in the top bar', async () => {
    const { calls } = mockFetch(server({ avatar: picture }));
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(accountMenu().querySelector('img')).toHaveAttribute('src', picture));
    expect(await screen.findByRole('img', { name: "Ada Lovelace's picture" })).toHaveAttribute(
      'src',
      picture,
    );

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Profile picture removed.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/profile/avatar')).toBe(true);
    await waitFor(() => expect(accountMenu()).toHaveTextContent('AL'));
    expect(accountMenu().querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: "Ada Lovelace's picture" })).toHaveTextContent('AL');
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });

  it('a failed removal is logged and said', async () => {
    mockFetch({
      ...server({ avatar: picture }),
      'DELETE /api/profile/avatar': jsonResponse({ error: 'boom' }, { status: 500 }),
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't remove your picture. Please try again.",
    );
    expect(logged).toHaveBeenCalledWith('Removing the profile picture failed', expect.anything());
  });
});
