import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@web/i18n/i18n';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { testId } from '@web/test/ids';
import { anEvent } from './event-fixtures';

afterEach(() => activateLocale('en'));

const going = {
  status: 'going',
  guests: 1,
  waitlisted: false,
  reminders: 'default',
  default_reminders: 'both',
} as const;

function showEvent(locale: string) {
  mockFetch({
    'GET /api/auth': jsonResponse({ ...ada, locale, time_zone: 'Europe/Berlin' }),
    'GET /api/groups': jsonResponse([]),
    [`GET /api/group_events/${testId('event')}`]: jsonResponse(
      anEvent({ my_rsvp: going, going_count: 2, capacity: 3, spots_left: 1 }),
    ),
  });
  renderApp(`/events/${testId('event')}`);
}

describe('gatherings in the member’s language', () => {
  it('shows an event in German: the answer, the counts with their plural, the time through Intl', async () => {
    await act(() => activateLocale('de'));
    showEvent('de');
    expect(await screen.findByText('Du: dabei (+1)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deine Antwort' })).toBeInTheDocument();
    expect(screen.getByTestId('event-counts')).toHaveTextContent('2 dabei · 1 Platz frei (von 3)');
    expect(screen.getByText(/Samstag, 4\. Mai 2030 um 19:00/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Erinnerungen' })).toHaveValue('default');
  }, 20_000);

  it('counts in Arabic with its plural forms', async () => {
    await act(() => activateLocale('ar'));
    showEvent('ar');
    expect(await screen.findByTestId('event-counts')).toHaveTextContent(
      'شخصان سيحضران · مكان واحد متبقٍ (من 3)',
    );
  }, 20_000);
});
