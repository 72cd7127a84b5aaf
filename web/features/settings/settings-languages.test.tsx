import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

const me = aProfile({ id: ada.id, username: 'ada', first_name: 'Ada', last_name: 'Lovelace', is_self: true });

describe('settings in the member’s language (ADR 055)', () => {
  beforeEach(() => {
    // A refused save is logged; the test reads what the member sees.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });
  afterEach(() => act(() => activateLocale('en')));

  it('shows My Profile in German to a member who chose German, field errors included', async () => {
    await act(() => activateLocale('de'));
    mockFetch({
      'GET /api/auth': jsonResponse({ ...ada, locale: 'de' }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': jsonResponse(me),
      'PATCH /api/profile': jsonResponse(
        { errors: { username: ['has already been taken'] } },
        { status: 422 },
      ),
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Profil' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mein Profil · Hearth'));
    expect(await screen.findByLabelText('Benutzername')).toHaveValue('ada');
    expect(screen.getByRole('link', { name: 'Sicherheit' })).toHaveAttribute('href', '/settings/security');
    expect(screen.getByRole('radio', { name: 'Dunkel' })).toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    // The field's name and the server's words, both in the member's language.
    expect(await screen.findByText('Benutzername: ist bereits vergeben')).toBeInTheDocument();
    expect(screen.queryByText('My Profile')).not.toBeInTheDocument();
  });

  it('lays the Security page out right to left in Arabic, its way back pointing the Arabic way', async () => {
    await act(() => activateLocale('ar'));
    mockFetch({
      'GET /api/auth': jsonResponse({ ...ada, locale: 'ar' }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/account/security': jsonResponse({
        email: ada.email,
        pending_email: null,
        pending_email_expires_at: null,
        two_factor_enabled: false,
        recovery_codes_left: 0,
      }),
      'GET /api/account/sessions': jsonResponse([]),
    });
    renderApp('/settings/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'الأمان' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    const back = screen.getByRole('link', { name: 'ملفي الشخصي' });
    expect(back.querySelector('svg')).toHaveClass('rtl:-scale-x-100');
    const password = await screen.findByRole('form', { name: 'تغيير كلمة المرور' });
    expect(within(password).getByLabelText('كلمة المرور الحالية')).toBeInTheDocument();
    expect(within(password).getByLabelText('كلمة المرور الجديدة')).toBeInTheDocument();
  });
});
