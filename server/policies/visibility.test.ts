import { describe, expect, it } from 'vitest';
import {
  canAnswerRequests,
  canCommentInGroup,
  canManageGroup,
  canModerateGroup,
  canPostInGroup,
} from './group-roles';
import { canViewPost } from './visibility';

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
