import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';

afterEach(() => activateLocale('en'));

describe('the account screens in the member’s language', () => {
  it('/signin in German: its words, its check, and the server’s spec message in German', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse({ error: 'Invalid email or password.' }, { status: 401 }),
    });
    await act(() => activateLocale('de'));
    renderApp('/signin');
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen' })).toHaveAttribute(
      'href',
      '/password-request',
    );
    const submit = screen.getByRole('button', { name: 'Anmelden' });
    fireEvent.submit(submit.closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'E-Mail-Adresse und Passwort sind erforderlich',
    );

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('E-Mail'), 'maria@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'wrong password');
    await user.click(submit);
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist falsch.')).toBeInTheDocument();
  });

  it('/signup in Arabic: right to left, with its words, and a field error named in Arabic', async () => {
    mockFetch({
      'POST /api/users': jsonResponse({ errors: { username: ['has already been taken'] } }, { status: 422 }),
    });
    await act(() => activateLocale('ar'));
    renderApp('/signup?code=abc');
    expect(await screen.findByRole('heading', { name: 'أنشئ حسابك' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('اسم المستخدم'), 'maria');
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'maria@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'a long password');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('اسم المستخدم: مستخدم بالفعل');
  });
});
