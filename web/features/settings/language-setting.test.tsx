import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

const me = aProfile({ id: ada.id, username: 'ada', is_self: true });

describe('Settings → Language (ADR 055)', () => {
  afterEach(() => act(() => activateLocale('en')));

  it('saves the chosen language and speaks it at once; the browser’s own is the first choice', async () => {
    let chosen: string | null = null;
    const { calls } = mockFetch({
      'GET /api/auth': () => jsonResponse({ ...ada, locale: chosen }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': jsonResponse(me),
      'PATCH /api/profile': () => {
        chosen = 'de';
        return jsonResponse(me);
      },
    });
    renderApp('/settings');
    const select = await screen.findByLabelText('Language');
    // jsdom's browser speaks English: "Your browser's language (English)" is the choice made.
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Your browser’s language (English)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(select, 'de');
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    expect(await screen.findByText('Sprache gespeichert')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ profile: { locale: 'de' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeInTheDocument();
  });
});
