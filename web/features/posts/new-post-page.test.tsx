import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Group } from '@shared/api/groups';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aPost } from './post-fixtures';
import { postsRoutes } from './routes';
import { testId } from '@web/test/ids';

function group(overrides: Partial<Group>): Group {
  return {
    id: '10000000-0000-4000-8000-000000000001',
    name: 'Garden Club',
    avatar: 'GC',
    is_owner: false,
    is_member: true,
    role: 'Poster',
    members_count: 3,
    created_at: '2026-03-01T10:00:00.000Z',
    request_status: null,
    can_edit: false,
    can_post: true,
    can_answer_requests: false,
    description: '',
    picture_url: null,
    pending_requests_count: null,
    membership_id: 'role-1',
    ...overrides,
  };
}

const groups = [
  group({ id: '10000000-0000-4000-8000-000000000001', name: 'Garden Club', role: 'Owner', is_owner: true }),
  group({
    id: '10000000-0000-4000-8000-000000000002',
    name: 'Book Club',
    role: 'Commentor',
    can_post: false,
  }),
  group({
    id: '10000000-0000-4000-8000-000000000003',
    name: 'Chess',
    role: null,
    is_member: false,
    can_post: false,
  }),
  group({ id: testId('g4'), name: 'Sunday Bakers', role: 'Moderator' }),
];

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse(groups) };
const created = aPost({ id: '99999999-9999-4999-8999-999999999999', tldr: 'Hello' });

function renderForm(path = '/posts/new') {
  return renderApp(path, { features: postsRoutes });
}

const title = () => screen.getByLabelText('Title');
const content = () => screen.getByLabelText('Content');
const createButton = () => screen.getByRole('button', { name: /^(Create|Creating\.\.\.)$/ });

describe('/posts/new', () => {
  it("counts characters live as 'n/2000', turns red and disables Create above the limit", async () => {
    mockFetch(signedIn);
    renderForm();
    await screen.findByLabelText('Title');
    const counter = screen.getByTestId('content-counter');
    expect(counter).toHaveTextContent('0/2000');

    fireEvent.change(content(), { target: { value: 'Hello' } });
    expect(counter).toHaveTextContent('5/2000');

    fireEvent.change(content(), { target: { value: 'x'.repeat(2000) } });
    expect(counter).toHaveTextContent('2000/2000');
    expect(counter).not.toHaveClass('text-red-600');
    expect(createButton()).toBeEnabled();

    fireEvent.change(content(), { target: { value: 'x'.repeat(2001) } });
    expect(counter).toHaveTextContent('2001/2000');
    expect(counter).toHaveClass('text-red-600');
    expect(createButton()).toBeDisabled();
  });

  it("refuses a blank title: 'Title is required', no call", async () => {
    const { calls } = mockFetch(signedIn);
    renderForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(title()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('submits with Ctrl+Enter, shows Creating..., then opens the new post', async () => {
    const { route: held, answer } = heldResponse();
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/posts': held,
      [`GET /api/posts/${created.id}`]: jsonResponse(created),
      [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
    });
    const { router } = renderForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: '  Hello  ' } });
    fireEvent.change(content(), { target: { value: 'Some **Markdown**' } });
    fireEvent.keyDown(content(), { key: 'Enter', ctrlKey: true });

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/posts');
    expect(post?.body).toEqual({
      post: { tldr: 'Hello', content: 'Some **Markdown**', group_id: null, file_request_id: null },
    });

    answer(jsonResponse(created, { status: 201 }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
  });

  it('does not submit on a plain Enter in the content (Ctrl+Enter then sends exactly once)', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/posts': () => new Promise<Response>(() => {}),
    });
    renderForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Hello' } });
    fireEvent.keyDown(content(), { key: 'Enter' });
    // The positive control: the same box does send on Ctrl+Enter, and that is the only request.
    fireEvent.keyDown(content(), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('keeps the title and content as a draft across a reload, and forgets it once the post is created', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/posts': jsonResponse(created, { status: 201 }),
      [`GET /api/posts/${created.id}`]: jsonResponse(created),
      [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
    });
    const first = renderForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Kept' } });
    fireEvent.change(content(), { target: { value: 'Across a reload' } });
    first.unmount();

    const { router } = renderForm();
    expect(await screen.findByLabelText('Title')).toHaveValue('Kept');
    expect(content()).toHaveValue('Across a reload');
    expect(screen.getByText('Draft restored')).toBeInTheDocument();

    fireEvent.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/post/${created.id}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      post: { tldr: 'Kept', content: 'Across a reload' },
    });
    expect(Object.keys(localStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
  });

  it('offers only groups where the member may post, and preselects ?group_id=', async () => {
    mockFetch(signedIn);
    renderForm(`/posts/new?group_id=${testId('g4')}`);
    const select = await screen.findByLabelText('Post to');
    await waitFor(() => expect(select).toBeEnabled());
    const options = Array.from((select as HTMLSelectElement).options).map((option) => option.textContent);
    expect(options).toEqual(['All members', 'Garden Club', 'Sunday Bakers']);
    expect(select).toHaveValue(testId('g4'));
  });

  it('links the post to an event opened from its page (?event_id=), in the group it came with', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/posts': jsonResponse(created, { status: 201 }),
      [`GET /api/posts/${created.id}`]: jsonResponse(created),
      [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
    });
    renderForm(`/posts/new?group_id=${testId('g4')}&event_id=${testId('event')}`);
    const select = await screen.findByLabelText('Post to');
    await waitFor(() => expect(select).toHaveValue(testId('g4')));
    expect(screen.getByText('This post also shows among the event’s photos.')).toBeInTheDocument();
    fireEvent.change(title(), { target: { value: 'Our picnic' } });
    fireEvent.click(createButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      post: { group_id: testId('g4'), photos_of_event_id: testId('event') },
    });
  });

  it('falls back to everyone when ?group_id= is a group the member cannot post in', async () => {
    mockFetch(signedIn);
    renderForm('/posts/new?group_id=10000000-0000-4000-8000-000000000002');
    const select = await screen.findByLabelText('Post to');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
    expect(screen.getByText(/You can't post in the group you came from/)).toBeInTheDocument();
  });

  it("sends the chosen group, and shows 'Error creating post. Please try again.' on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/posts': jsonResponse({ error: 'Server error' }, { status: 500 }),
    });
    renderForm();
    const select = await screen.findByLabelText('Post to');
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.change(select, { target: { value: '10000000-0000-4000-8000-000000000001' } });
    fireEvent.change(title(), { target: { value: 'In the group' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('Error creating post. Please try again.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      post: {
        tldr: 'In the group',
        content: '',
        group_id: '10000000-0000-4000-8000-000000000001',
        file_request_id: null,
      },
    });
    expect(createButton()).toBeEnabled();
  });

  // The Public option is tested in web/features/published/public-post-option.test.tsx.
  // The files control is tested in web/features/files/post-files-field.test.tsx.
});

describe('/posts/new: Add poll', () => {
  it('adds a poll whose question is the title, checks its options, and sends it with the post', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/posts': jsonResponse(created, { status: 201 }),
      [`GET /api/posts/${created.id}`]: jsonResponse(created),
      [`GET /api/posts/${created.id}/comments`]: jsonResponse([]),
    });
    renderForm();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Where do we meet?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add poll' }));
    const poll = screen.getByRole('group', { name: 'Poll' });
    fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: ' Park ' } });
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'park' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('Each option must be different.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'Library' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    fireEvent.change(screen.getByLabelText('Option 3'), { target: { value: 'Café' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Anonymous/ }));
    fireEvent.change(screen.getByLabelText('Show results'), { target: { value: 'after_closing' } });
    expect(poll).toBeInTheDocument();
    fireEvent.click(createButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      post: {
        tldr: 'Where do we meet?',
        content: '',
        group_id: null,
        file_request_id: null,
        poll: {
          options: ['Park', 'Library', 'Café'],
          multiple: false,
          results: 'after_closing',
          anonymous: true,
          closes_at: null,
        },
      },
    });
  });
});
