import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n, t } from './i18n';
import { Message } from './message';

// Messages of this file only (each test file has its own module instance).
i18n.load('en', {
  'test.terms': 'By signing up you accept the <link>privacy policy</link>.',
  'test.invited': '<strong>{name}</strong> invited you to {group}',
  'test.likes': '{count, plural, one {# like} other {# likes}}',
});
i18n.load('de', { 'test.likes': '{count, plural, one {# Like} other {# Likes}}' });

afterEach(() => activateLocale('en'));

describe('Message', () => {
  it('puts elements where the message’s tags are', () => {
    render(<Message id="test.terms" components={{ link: <a href="/privacy" /> }} />);
    const link = screen.getByRole('link', { name: 'privacy policy' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link.parentElement).toHaveTextContent('By signing up you accept the privacy policy.');
  });

  it('keeps a value text, never markup, even when it holds a tag the message uses', () => {
    const { container } = render(
      <Message
        id="test.invited"
        values={{ name: '<strong>Mallory</strong>', group: <em>Chess club</em> }}
        components={{ strong: <b /> }}
      />,
    );
    expect(container.querySelectorAll('b')).toHaveLength(1);
    expect(container.querySelector('b')).toHaveTextContent('<strong>Mallory</strong>');
    expect(container.querySelector('em')).toHaveTextContent('Chess club');
  });

  it('draws again in the language the member switches to, with its plural rules', async () => {
    render(<Message id="test.likes" values={{ count: 1 }} />);
    expect(screen.getByText('1 like')).toBeInTheDocument();
    await act(() => activateLocale('de'));
    expect(screen.getByText('1 Like')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(t('test.likes', { count: 3 })).toBe('3 Likes');
  });

  it('turns the page right to left for Arabic', async () => {
    await activateLocale('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await activateLocale('en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });
});
