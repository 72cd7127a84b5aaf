import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DatePoll, DatePollCandidate } from '@shared/api/date-polls';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { testId } from '@web/test/ids';

const person = (name: string) => ({
  name,
  username: name.toLowerCase(),
  avatar: null,
  profile_id: testId(name),
});

function aDate(n: number, overrides: Partial<DatePollCandidate> = {}): DatePollCandidate {
  return {
    id: testId(`date${n}`),
    starts_at: `2030-05-0${n}T17:00:00.000Z`,
    ends_at: `2030-05-0${n}T18:00:00.000Z`,
    starts_at_local: `2030-05-0${n}T19:00`,
    ends_at_local: `2030-05-0${n}T20:00`,
    yes_count: 0,
    if_need_be_count: 0,
    no_count: 0,
    answers: [],
    my_answer: null,
    best: false,
    ...overrides,
  };
}

function aPoll(overrides: Partial<DatePoll> = {}): DatePoll {
  return {
    id: testId('poll'),
    group_id: testId('group'),
    group_name: 'Book club',
    post_id: testId('card'),
    organizer: person('Ben'),
    title: 'Reading night',
    description: '',
    time_zone: 'Europe/Berlin',
    place: null,
    map_url: null,
    capacity: null,
    respondents_count: 1,
    event_id: null,
    can_schedule: false,
    created_at: '2030-04-01T10:00:00.000Z',
    candidates: [
      aDate(4, { yes_count: 1, answers: [{ ...person('Cleo'), answer: 'yes' }], best: true }),
      aDate(5),
    ],
    ...overrides,
  };
}

const pollUrl = `/api/date_polls/${testId('poll')}`;

describe('a date poll’s page', () => {
  it('draws each date as a radio group, marks the best, and saves a mark as soon as it is chosen', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET ${pollUrl}`]: jsonResponse(aPoll()),
      [`PUT ${pollUrl}/answers`]: (call) => {
        bodies.push(call.body);
        const [best, second] = aPoll().candidates;
        return jsonResponse(aPoll({ candidates: [best!, { ...second!, no_count: 1, my_answer: 'no' }] }));
      },
    });
    renderApp(`/date_polls/${testId('poll')}`);
    const dates = await screen.findAllByTestId('date-poll-candidate');
    expect(dates).toHaveLength(2);
    expect(within(dates[0]!).getByText('Best so far')).toBeInTheDocument();
    expect(within(dates[1]!).queryByText('Best so far')).not.toBeInTheDocument();
    expect(within(dates[0]!).getByText('Cleo: yes')).toBeInTheDocument();
    // Each date is a group of three radios named by its date; nobody but the organiser schedules.
    const groups = screen.getAllByRole('group');
    expect(groups.filter((group) => within(group).queryAllByRole('radio').length === 3)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Make this the event' })).not.toBeInTheDocument();

    await userEvent.click(within(dates[1]!).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(within(dates[1]!).getByTestId('date-poll-counts')).toHaveTextContent('1 no'));
    expect(within(dates[1]!).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(bodies).toEqual([{ answers: [{ candidate_id: testId('date5'), answer: 'no' }] }]);
  }, 20_000);

  it('lets the organiser turn a date into the event, then leads to it and takes no more marks', async () => {
    const bodies: unknown[] = [];
    let poll = aPoll({ can_schedule: true });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET ${pollUrl}`]: () => jsonResponse(poll),
      [`POST ${pollUrl}/schedule`]: (call) => {
        bodies.push(call.body);
        poll = aPoll({ event_id: testId('event') });
        return jsonResponse(poll);
      },
    });
    renderApp(`/date_polls/${testId('poll')}`);
    const dates = await screen.findAllByTestId('date-poll-candidate');
    await userEvent.click(within(dates[0]!).getByRole('button', { name: 'Make this the event' }));
    await userEvent.click(within(dates[0]!).getByRole('button', { name: 'Yes, create the event' }));
    expect(await screen.findByRole('link', { name: 'see the event' })).toHaveAttribute(
      'href',
      `/events/${testId('event')}`,
    );
    expect(bodies).toEqual([{ candidate_id: testId('date4') }]);
    expect(within(dates[0]!).getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Make this the event' })).not.toBeInTheDocument();
  }, 20_000);
});
