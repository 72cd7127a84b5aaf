import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupMember } from '@shared/api/groups';
import { findDialog, findMenuItem } from '@web/test/dialogs';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aGroup, aMember, aRequest, emptyPostsPage } from './test-fixtures';
import { testId } from '@web/test/ids';

const bookClub = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Owner' });
const adaMember = aMember({
  id: 'r-ada',
  name: 'Ada Lovelace',
  role: 'Owner',
  user_id: ada.id,
  username: 'ada',
});
const grace = aMember({ id: 'r-grace', name: 'Grace Hopper', role: 'Poster', username: 'grace' });
const alan = aMember({ id: 'r-alan', name: 'Alan Turing', role: 'Commentor', username: 'alan' });

function calls(recorded: RecordedCall[], method: string, url: string) {
  return recorded.filter((call) => call.method === method && call.url === url);
}

function memberRow(name: string) {
  const list = screen.getByRole('list', { name: 'Members' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name }))!;
}

async function openMenuAndChoose(name: string, item: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await findMenuItem({ name: item }));
}

const LINK_OFF = { enabled: false, url: null, expires_at: null, max_uses: null, uses: 0, usable: false };
const inviting = { invitable_roles: ['Owner', 'Moderator', 'Poster', 'Commentor'], link: LINK_OFF };
const GROUP = '/api/groups/10000000-0000-4000-8000-000000000001';

describe('/groups/edit/{id}', () => {
  let members: GroupMember[];
  beforeEach(() => {
    members = [adaMember, grace, alan];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  function serve(extra: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
    return mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([bookClub]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001': jsonResponse(bookClub),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_roles': () => jsonResponse(members),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_requests': jsonResponse([]),
      'GET /api/group_requests/pending_count': jsonResponse({ count: 0 }),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/inviting': jsonResponse(inviting),
      ...extra,
    });
  }

  it('offers Group Name with Update Group, which goes to the group of the response', async () => {
    const renamed = { ...bookClub, name: 'Readers' };
    const { calls: recorded } = serve({
      'PATCH /api/groups/10000000-0000-4000-8000-000000000001': () => jsonResponse(renamed),
      'GET /api/posts': () => emptyPostsPage(),
      'GET /api/links': () => emptyPostsPage(),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/pins': () => jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/events': () => jsonResponse([]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001/date_polls': () => jsonResponse([]),
    });
    const { router } = renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText('Group Name');
    expect(name).toHaveValue('Book Club');
    await user.clear(name);
    await user.type(name, 'Readers');
    await user.click(screen.getByRole('button', { name: 'Update Group' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/group/10000000-0000-4000-8000-000000000001'),
    );
    expect(calls(recorded, 'PATCH', '/api/groups/10000000-0000-4000-8000-000000000001')[0]?.body).toEqual({
      group: { name: 'Readers' },
    });
  });

  it("lists members with a role selector; Update Role saves it and says 'Role changed'", async () => {
    const { calls: recorded } = serve({
      'PATCH /api/group_roles/r-grace': (call) => {
        const role = (call.body as { group_role: { role: GroupMember['role'] } }).group_role.role;
        members = members.map((member) => (member.id === grace.id ? { ...member, role } : member));
        return jsonResponse({ ...grace, role });
      },
    });
    renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Members' });

    const select = within(memberRow('Grace Hopper')).getByRole('combobox', { name: 'Role of Grace Hopper' });
    expect(select).toHaveValue('Poster');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Owner', 'Poster', 'Moderator', 'Commentor']);
    await user.selectOptions(select, 'Moderator');
    await openMenuAndChoose('Grace Hopper', 'Update Role');

    const dialog = await findDialog({ name: 'Role changed' });
    expect(within(dialog).getByText('Role was changed')).toBeInTheDocument();
    expect(calls(recorded, 'PATCH', '/api/group_roles/r-grace')[0]?.body).toEqual({
      group_role: { role: 'Moderator' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(memberRow('Grace Hopper')).getByRole('combobox')).toHaveValue('Moderator');
  });

  it('keeps Update Role unavailable until a different role is chosen', async () => {
    serve();
    renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Members' });
    await user.click(screen.getByRole('button', { name: 'Actions for Alan Turing' }));
    expect(await findMenuItem({ name: 'Update Role' })).toHaveAttribute('data-disabled');
  });

  it('shows the server refusal on the row when the last Owner would be demoted (and logs it)', async () => {
    serve({
      'PATCH /api/group_roles/r-ada': () =>
        jsonResponse({ errors: { role: ['A group must keep at least one Owner.'] } }, { status: 422 }),
    });
    renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Members' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' }), 'Poster');
    await openMenuAndChoose('Ada Lovelace', 'Update Role');
    expect(await within(memberRow('Ada Lovelace')).findByRole('alert')).toHaveTextContent(
      'A group must keep at least one Owner.',
    );
    expect(screen.queryByRole('dialog', { name: 'Role changed' })).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('Remove deletes the member and refetches the roles list', async () => {
    const { calls: recorded } = serve({
      'DELETE /api/group_roles/r-alan': () => {
        members = members.filter((member) => member.id !== alan.id);
        return jsonResponse({ id: alan.id, deleted: true });
      },
    });
    renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Members' });
    expect(
      calls(recorded, 'GET', '/api/groups/10000000-0000-4000-8000-000000000001/group_roles'),
    ).toHaveLength(1);

    await openMenuAndChoose('Alan Turing', 'Remove');
    const confirm = await findDialog({ name: 'Remove Alan Turing?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alan Turing' })).not.toBeInTheDocument());
    expect(calls(recorded, 'DELETE', '/api/group_roles/r-alan')).toHaveLength(1);
    expect(
      calls(recorded, 'GET', '/api/groups/10000000-0000-4000-8000-000000000001/group_roles'),
    ).toHaveLength(2);
  });

  it('answers Requests to Join with a role and shows the answer', async () => {
    const waiting = aRequest({
      id: testId('q1'),
      user_full_name: 'Katherine Johnson',
      username: 'katherine',
    });
    const { calls: recorded } = serve({
      'GET /api/groups/10000000-0000-4000-8000-000000000001/group_requests': () => jsonResponse([waiting]),
      [`PATCH /api/group_requests/${testId('q1')}`]: () =>
        jsonResponse({ ...waiting, status: 'accepted', role: 'Commentor' }),
    });
    renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    const requests = await screen.findByRole('list', { name: 'Requests to Join' });
    await user.selectOptions(
      within(requests).getByRole('combobox', { name: 'Role for Katherine Johnson' }),
      'Commentor',
    );
    await user.click(within(requests).getByRole('button', { name: 'Accept' }));
    expect(await within(requests).findByText('Accepted as Commentor')).toBeInTheDocument();
    expect(calls(recorded, 'PATCH', `/api/group_requests/${testId('q1')}`)[0]?.body).toEqual({
      group_request: { role: 'Commentor', status: 'accepted' },
    });
  });

  it('tells a member who may not edit the group so', async () => {
    const poster = aGroup({ id: '10000000-0000-4000-8000-000000000001', name: 'Book Club', role: 'Poster' });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([poster]),
      'GET /api/groups/10000000-0000-4000-8000-000000000001': jsonResponse(poster),
    });
    renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Forbidden. You don't have permission to perform this action.",
    );
    expect(screen.queryByLabelText('Group Name')).not.toBeInTheDocument();
  });

  describe('inviting people', () => {
    it('finds a member by name, offers only the roles the server gives, and sends the invitation', async () => {
      const { calls: recorded } = serve({
        'GET /api/groups/10000000-0000-4000-8000-000000000001/inviting': () =>
          jsonResponse({ invitable_roles: ['Poster', 'Commentor'], link: null }),
        'GET /api/mentions': () =>
          jsonResponse([
            { name: 'Katherine Johnson', username: 'katherine', avatar: null, profile_id: testId('kj') },
          ]),
        [`POST ${GROUP}/invitations`]: (call) =>
          jsonResponse({ id: testId('i1'), ...(call.body as object) }, { status: 201 }),
      });
      renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
      const user = userEvent.setup({ delay: null });
      const form = await screen.findByRole('form', { name: 'Invite people' });
      const role = within(form).getByRole('combobox', { name: 'Role' });
      expect(
        within(role)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Poster', 'Commentor']);
      // A Moderator's screen has no link controls: the server sent none.
      expect(screen.queryByRole('heading', { name: 'Group link' })).not.toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'Send invitation' })).toBeDisabled();
      await user.type(within(form).getByLabelText('Name or email'), 'Kath');
      const matches = await within(form).findByRole('list', { name: 'Matching members' });
      await user.click(within(matches).getByRole('button', { name: /Katherine Johnson/ }));
      await user.selectOptions(role, 'Commentor');
      await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
      expect(await within(form).findByText('Invitation sent to Katherine Johnson.')).toBeInTheDocument();
      expect(calls(recorded, 'POST', `${GROUP}/invitations`)[0]?.body).toEqual({
        invitation: { user_id: testId('kj'), role: 'Commentor' },
      });
      expect(recorded.find((call) => call.url.startsWith('/api/mentions'))?.url).toBe('/api/mentions?q=Kath');
    });

    it('invites someone not on Hearth by email, and shows the server refusal in words', async () => {
      let refuse = false;
      const { calls: recorded } = serve({
        [`POST ${GROUP}/invitations`]: () =>
          refuse
            ? jsonResponse(
                { errors: { base: ['You can have at most 10 open invitations.'] } },
                { status: 422 },
              )
            : jsonResponse({ id: testId('i2') }, { status: 201 }),
      });
      renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
      const user = userEvent.setup({ delay: null });
      const form = await screen.findByRole('form', { name: 'Invite people' });
      await user.type(within(form).getByLabelText('Name or email'), 'friend@example.test');
      await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
      expect(await within(form).findByText('Invitation sent to friend@example.test.')).toBeInTheDocument();
      expect(calls(recorded, 'POST', `${GROUP}/invitations`)[0]?.body).toEqual({
        invitation: { email: 'friend@example.test', role: 'Poster' },
      });
      refuse = true;
      await user.type(within(form).getByLabelText('Name or email'), 'other@example.test');
      await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'You can have at most 10 open invitations.',
      );
    });

    it('lets an Owner make a link with an expiry and a use limit, copy it, and turn it off', async () => {
      const made = {
        enabled: true,
        url: 'http://hearth.test/join/CODE123',
        expires_at: '2030-01-22T12:00:00.000Z',
        max_uses: 5,
        uses: 0,
        usable: true,
      };
      const { calls: recorded } = serve({
        [`PUT ${GROUP}/invite_link`]: () => jsonResponse(made),
        [`DELETE ${GROUP}/invite_link`]: () => jsonResponse(LINK_OFF),
      });
      renderApp('/groups/edit/10000000-0000-4000-8000-000000000001');
      const user = userEvent.setup({ delay: null });
      expect(await screen.findByText('The link is off.')).toBeInTheDocument();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Expires after' }), '30');
      await user.type(screen.getByLabelText('Use limit'), '5');
      await user.click(screen.getByRole('button', { name: 'Make link' }));
      expect(await screen.findByLabelText('Group link')).toHaveValue('http://hearth.test/join/CODE123');
      expect(calls(recorded, 'PUT', `${GROUP}/invite_link`)[0]?.body).toEqual({
        invite_link: { expires_in_days: 30, max_uses: 5 },
      });
      expect(screen.getByText(/used 0 of 5/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
      // user-event stands in for the clipboard.
      expect(await navigator.clipboard.readText()).toBe('http://hearth.test/join/CODE123');
      await user.click(screen.getByRole('button', { name: 'Turn off' }));
      expect(await screen.findByText('The link is off.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Group link')).not.toBeInTheDocument();
      expect(calls(recorded, 'DELETE', `${GROUP}/invite_link`)).toHaveLength(1);
    });
  });
});
