import { describe, expect, it } from 'vitest';
import type { LinkVisibility } from '../../shared/domain/constants';
import {
  canAnswerRequests,
  canCommentInGroup,
  canManageGroup,
  canModerateGroup,
  canPostInGroup,
} from './group-roles';
import {
  canAddToConversation,
  canMessageMember,
  canReadMessage,
  canMemberSeeComment,
  canMemberSeePost,
  canViewEvent,
  canViewLink,
  canViewPost,
  canVisitorViewLink,
  isBlockedEitherWay,
} from './visibility';

describe('canViewPost', () => {
  it('shows a post without a group to every member', () => {
    expect(canViewPost({ groupId: null }, null)).toBe(true);
  });
  it('shows a group post to its members only', () => {
    expect(canViewPost({ groupId: 'g' }, null)).toBe(false);
    for (const role of ['Owner', 'Moderator', 'Poster', 'Commentor'] as const) {
      expect(canViewPost({ groupId: 'g' }, role)).toBe(true);
    }
  });
});

describe('canViewLink', () => {
  const owner = 'owner';
  const none = { followsOwner: false, groupRole: null, blockedWithOwner: false };
  const following = { ...none, followsOwner: true };
  const scope = (visibility: LinkVisibility, groupId: string | null = null) => ({
    userId: owner,
    visibility,
    groupId,
  });
  it('keeps a private link to its owner, even from followers', () => {
    expect(canViewLink(scope('private'), owner, none)).toBe(true);
    expect(canViewLink(scope('private'), 'other', following)).toBe(false);
  });
  it('shows a public link to the owner and their followers only', () => {
    expect(canViewLink(scope('public'), 'follower', following)).toBe(true);
    expect(canViewLink(scope('public'), 'stranger', none)).toBe(false);
  });
  it('shows a published link to every member', () => {
    expect(canViewLink(scope('published'), 'stranger', none)).toBe(true);
  });
  it("shows a group link to the group's current members, whatever their role", () => {
    for (const role of ['Owner', 'Moderator', 'Poster', 'Commentor'] as const) {
      expect(canViewLink(scope('group', 'g'), 'member', { ...none, groupRole: role })).toBe(true);
    }
  });
  it('hides a group link from non-members, followers and its own sharer once they are out', () => {
    expect(canViewLink(scope('group', 'g'), 'outsider', none)).toBe(false);
    expect(canViewLink(scope('group', 'g'), 'follower', following)).toBe(false);
    expect(canViewLink(scope('group', 'g'), owner, none)).toBe(false);
  });
  it('hides a group link from a member a block separates from its sharer', () => {
    expect(
      canViewLink(scope('group', 'g'), 'member', { ...none, groupRole: 'Poster', blockedWithOwner: true }),
    ).toBe(false);
  });
  it('never shows a group link without a group', () => {
    expect(canViewLink(scope('group', null), 'member', { ...none, groupRole: 'Owner' })).toBe(false);
  });
});

describe('canVisitorViewLink', () => {
  it('shows a visitor a published link once its reading is done', () => {
    expect(canVisitorViewLink({ visibility: 'published', status: 'ready' })).toBe(true);
  });
  it('hides a published link still being read, or whose reading failed', () => {
    for (const status of ['pending', 'processing', 'failed'] as const) {
      expect(canVisitorViewLink({ visibility: 'published', status })).toBe(false);
    }
  });
  it('hides private and public links from visitors, even when read', () => {
    expect(canVisitorViewLink({ visibility: 'private', status: 'ready' })).toBe(false);
    expect(canVisitorViewLink({ visibility: 'public', status: 'ready' })).toBe(false);
  });
});

describe('group role abilities', () => {
  const table = [
    // role, post, comment, moderate, manage
    ['Owner', true, true, true, true],
    ['Moderator', true, true, true, false],
    ['Poster', true, true, false, false],
    ['Commentor', false, true, false, false],
    [null, false, false, false, false],
  ] as const;
  it.each(table)('%s', (role, post, comment, moderate, manage) => {
    expect(canPostInGroup(role)).toBe(post);
    expect(canCommentInGroup(role)).toBe(comment);
    expect(canModerateGroup(role)).toBe(moderate);
    expect(canAnswerRequests(role)).toBe(moderate);
    expect(canManageGroup(role)).toBe(manage);
  });
});

describe('isBlockedEitherWay', () => {
  const block = { blockerId: 'ana', blockedId: 'ben' };
  it('hides two members from each other whichever of them blocked', () => {
    expect(isBlockedEitherWay([block], 'ana', 'ben')).toBe(true);
    expect(isBlockedEitherWay([block], 'ben', 'ana')).toBe(true);
  });
  it('leaves everyone else, and oneself, alone', () => {
    expect(isBlockedEitherWay([block], 'ana', 'cy')).toBe(false);
    expect(isBlockedEitherWay([block], 'cy', 'ben')).toBe(false);
    expect(isBlockedEitherWay([], 'ana', 'ben')).toBe(false);
    expect(isBlockedEitherWay([{ blockerId: 'ana', blockedId: 'ana' }], 'ana', 'ana')).toBe(false);
  });
  it('needs both ends of the block: being blocked by someone else, or the other having blocked a third, hides nothing', () => {
    expect(isBlockedEitherWay([block], 'ben', 'cy')).toBe(false);
    expect(isBlockedEitherWay([block], 'cy', 'ana')).toBe(false);
  });
});

describe('canMemberSeePost', () => {
  const post = { groupId: 'g', userId: 'ana' };
  const block = { blockerId: 'ana', blockedId: 'ben' };
  it('needs the group rule and no block with the author, whichever of them blocked', () => {
    expect(canMemberSeePost(post, { id: 'ben', role: 'Poster', blocks: [] })).toBe(true);
    expect(canMemberSeePost(post, { id: 'ben', role: 'Poster', blocks: [block] })).toBe(false);
    expect(
      canMemberSeePost({ groupId: null, userId: 'ben' }, { id: 'ana', role: null, blocks: [block] }),
    ).toBe(false);
    expect(canMemberSeePost(post, { id: 'cy', role: null, blocks: [] })).toBe(false);
    expect(canMemberSeePost(post, { id: 'cy', role: 'Commentor', blocks: [block] })).toBe(true);
  });
});

describe('canMemberSeeComment', () => {
  const post = { groupId: 'g', userId: 'ana' };
  const comment = { userId: 'ben' };
  it('needs the post and no block with the comment’s author, whichever of them blocked', () => {
    expect(canMemberSeeComment(post, comment, { id: 'cy', role: 'Commentor', blocks: [] })).toBe(true);
    for (const block of [
      { blockerId: 'cy', blockedId: 'ben' },
      { blockerId: 'ben', blockedId: 'cy' },
    ])
      expect(canMemberSeeComment(post, comment, { id: 'cy', role: 'Commentor', blocks: [block] })).toBe(
        false,
      );
    // Not in the group, or blocked with the post's author: the comment goes with the post.
    expect(canMemberSeeComment(post, comment, { id: 'cy', role: null, blocks: [] })).toBe(false);
    const withAuthor = { blockerId: 'ana', blockedId: 'cy' };
    expect(canMemberSeeComment(post, comment, { id: 'cy', role: 'Poster', blocks: [withAuthor] })).toBe(
      false,
    );
    // Its author always sees their own comment.
    expect(
      canMemberSeeComment(post, comment, {
        id: 'ben',
        role: 'Poster',
        blocks: [{ blockerId: 'ben', blockedId: 'x' }],
      }),
    ).toBe(true);
  });
});

describe('canViewEvent', () => {
  const facts = { groupRole: null, followsOrganizer: false, blockedWithOrganizer: false };
  const inGroup = { groupId: 'g', organizerId: 'org' };
  const amongFollowers = { groupId: null, organizerId: 'org' };

  it("shows a group's event to its members only, its organiser too once they left", () => {
    expect(canViewEvent(inGroup, 'm', { ...facts, groupRole: 'Commentor' })).toBe(true);
    expect(canViewEvent(inGroup, 'm', { ...facts, followsOrganizer: true })).toBe(false);
    expect(canViewEvent(inGroup, 'org', facts)).toBe(false);
    expect(canViewEvent(inGroup, 'org', { ...facts, groupRole: 'Owner' })).toBe(true);
  });

  it('shows an event without a group to the organiser and their followers', () => {
    expect(canViewEvent(amongFollowers, 'org', facts)).toBe(true);
    expect(canViewEvent(amongFollowers, 'f', { ...facts, followsOrganizer: true })).toBe(true);
    expect(canViewEvent(amongFollowers, 'm', { ...facts, groupRole: 'Owner' })).toBe(false);
  });

  it('hides it from anyone a block separates from the organiser, whichever way', () => {
    expect(canViewEvent(inGroup, 'm', { ...facts, groupRole: 'Poster', blockedWithOrganizer: true })).toBe(
      false,
    );
    expect(
      canViewEvent(amongFollowers, 'f', { ...facts, followsOrganizer: true, blockedWithOrganizer: true }),
    ).toBe(false);
  });
});

describe('canReadMessage (private conversations, ADR 060)', () => {
  const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
  const place = { joinedAt: at(10), leftAt: null, status: 'active' as const };
  const message = (minute: number, senderId: string | null = 'ben') => ({ senderId, createdAt: at(minute) });

  it('reads what was sent inside the window: from joining, until leaving', () => {
    expect(canReadMessage(message(10), 'ana', place, [])).toBe(true);
    expect(canReadMessage(message(9), 'ana', place, [])).toBe(false);
    const left = { ...place, leftAt: at(20) };
    expect(canReadMessage(message(20), 'ana', left, [])).toBe(true);
    expect(canReadMessage(message(21), 'ana', left, [])).toBe(false);
  });

  it('nothing without a place, or after declining; a request is read', () => {
    expect(canReadMessage(message(15), 'ana', null, [])).toBe(false);
    expect(canReadMessage(message(15), 'ana', { ...place, status: 'declined' }, [])).toBe(false);
    expect(canReadMessage(message(15), 'ana', { ...place, status: 'request' }, [])).toBe(true);
  });

  it('a block either way hides the sender’s messages from its making on, never one’s own', () => {
    const blocks = [{ blockerId: 'ana', blockedId: 'ben', createdAt: at(15) }];
    expect(canReadMessage(message(14), 'ana', place, blocks)).toBe(true);
    expect(canReadMessage(message(15), 'ana', place, blocks)).toBe(false);
    const reversed = [{ blockerId: 'ben', blockedId: 'ana', createdAt: at(15) }];
    expect(canReadMessage(message(16), 'ana', place, reversed)).toBe(false);
    expect(canReadMessage(message(16, 'ana'), 'ana', place, blocks)).toBe(true);
    expect(canReadMessage(message(16, null), 'ana', place, blocks)).toBe(true);
  });
});

describe('who may write to whom', () => {
  const facts = {
    recipientFollowsSender: false,
    senderFollowsRecipient: false,
    shareAGroup: false,
    blocked: false,
    recipientAllows: 'everyone_connected' as const,
  };

  it('mutual follows or a shared group; one-way following is not enough to start', () => {
    expect(canMessageMember(facts)).toBe(false);
    expect(canMessageMember({ ...facts, shareAGroup: true })).toBe(true);
    expect(canMessageMember({ ...facts, senderFollowsRecipient: true })).toBe(false);
    expect(canMessageMember({ ...facts, senderFollowsRecipient: true, recipientFollowsSender: true })).toBe(
      true,
    );
  });

  it('"following" lets only those the recipient follows; a block ends it', () => {
    const following = { ...facts, recipientAllows: 'following' as const, shareAGroup: true };
    expect(canMessageMember(following)).toBe(false);
    expect(canMessageMember({ ...following, recipientFollowsSender: true })).toBe(true);
    expect(canMessageMember({ ...facts, shareAGroup: true, blocked: true })).toBe(false);
  });

  it('adding: the adder follows them or shares a group, and their choice holds', () => {
    expect(canAddToConversation({ ...facts, senderFollowsRecipient: true })).toBe(true);
    expect(canAddToConversation({ ...facts, shareAGroup: true, blocked: true })).toBe(false);
    expect(
      canAddToConversation({ ...facts, senderFollowsRecipient: true, recipientAllows: 'following' }),
    ).toBe(false);
  });
});
