import { APP_NAME } from '../../../shared/domain/constants';
import { publicPostUrl } from '../posts/posts.presenter';
import type {
  readAccount,
  readBlocks,
  readFollows,
  readGroups,
  readInvitations,
  readLikes,
  readLinkComments,
  readLinks,
  readPostComments,
  readPosts,
  readReactions,
} from './data-exports.contents.repo';

/**
 * The JSON files of an export, shaped from the rows read for one member. Field names follow the
 * API's (snake_case, ISO 8601 times in UTC). Each function lists its fields explicitly.
 */

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function accountDocument(
  account: NonNullable<Rows<typeof readAccount>>,
  preferences: Array<{ kind: string; delivery: string }>,
  avatarPath: string | null,
) {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    first_name: account.firstName,
    last_name: account.lastName,
    about: account.about,
    location: account.location,
    time_zone: account.timeZone,
    is_admin: account.isAdmin,
    created_at: iso(account.createdAt),
    email_confirmed_at: iso(account.confirmedAt),
    profile_picture: avatarPath,
    notification_preferences: Object.fromEntries(preferences.map((p) => [p.kind, p.delivery])),
  };
}

export function postsDocument(
  rows: Rows<typeof readPosts>,
  filePaths: Map<string, string>,
  publicOrigin: string,
) {
  return rows.map((row) => ({
    id: row.id,
    tldr: row.tldr,
    content: row.content,
    created_at: iso(row.createdAt),
    edited_at: iso(row.editedAt),
    group: row.groupId ? { id: row.groupId, name: row.groupName } : null,
    /** Who could read it inside Hearth (ARCHITECTURE.md "Who sees what"). */
    visibility: row.groupId ? 'group_members' : 'all_members',
    published: row.slug
      ? {
          slug: row.slug,
          public_url: publicPostUrl(publicOrigin, row.slug),
          published_at: iso(row.publishedAt),
        }
      : null,
    attachment: row.fileId ? (filePaths.get(row.fileId) ?? null) : null,
    attachments: row.files.map((file) => ({ file: filePaths.get(file.id) ?? null, alt: file.alt })),
  }));
}

export function commentsDocument(
  onPosts: Rows<typeof readPostComments>,
  onLinks: Rows<typeof readLinkComments>,
) {
  const answered = (id: string | null, author: string | null) =>
    id ? { comment_id: id, author_username: author } : null;
  return [
    ...onPosts.map((row) => ({
      id: row.id,
      on: 'post' as const,
      post: { id: row.postId, tldr: row.postTldr },
      link: null,
      in_reply_to: answered(row.parentId, row.parentAuthor),
      content: row.content,
      created_at: iso(row.createdAt),
      edited_at: iso(row.editedAt),
    })),
    ...onLinks.map((row) => ({
      id: row.id,
      on: 'link' as const,
      post: null,
      link: { id: row.linkId, url: row.linkUrl, title: row.linkTitle },
      in_reply_to: answered(row.parentId, row.parentAuthor),
      content: row.content,
      created_at: iso(row.createdAt),
      edited_at: iso(row.editedAt),
    })),
  ].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''));
}

export function linksDocument(rows: Rows<typeof readLinks>) {
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    comment: row.comment,
    visibility: row.visibility,
    title: row.title,
    site_name: row.siteName,
    sentence_summary: row.sentenceSummary,
    paragraph_summary: row.paragraphSummary,
    created_at: iso(row.createdAt),
  }));
}

export function likesDocument(likes: Rows<typeof readLikes>) {
  return {
    posts: likes.onPosts.map((row) => ({ post_id: row.postId, tldr: row.tldr, liked_at: iso(row.likedAt) })),
    links: likes.onLinks.map((row) => ({
      link_id: row.linkId,
      url: row.url,
      title: row.title,
      liked_at: iso(row.likedAt),
    })),
    link_comments: likes.onLinkComments.map((row) => ({
      comment_id: row.commentId,
      link_id: row.linkId,
      liked_at: iso(row.likedAt),
    })),
  };
}

export function reactionsDocument(reactions: Rows<typeof readReactions>) {
  return {
    posts: reactions.onPosts.map((row) => ({
      post_id: row.postId,
      tldr: row.tldr,
      emoji: row.emoji,
      reacted_at: iso(row.reactedAt),
    })),
    comments: reactions.onComments.map((row) => ({
      comment_id: row.commentId,
      post_id: row.postId,
      tldr: row.tldr,
      emoji: row.emoji,
      reacted_at: iso(row.reactedAt),
    })),
  };
}

export function groupsDocument(groups: Rows<typeof readGroups>, userId: string) {
  return {
    memberships: groups.memberships.map((row) => ({
      group_id: row.groupId,
      name: row.name,
      description: row.description,
      role: row.role,
      member_since: iso(row.since),
      created_by_you: row.createdById === userId,
    })),
    join_requests: groups.requests.map((row) => ({
      group_id: row.groupId,
      name: row.name,
      status: row.status,
      role_given: row.role,
      requested_at: iso(row.requestedAt),
      answered_at: iso(row.answeredAt),
    })),
  };
}

export function followsDocument(follows: Rows<typeof readFollows>) {
  const person = (row: { id: string; username: string; since: Date }) => ({
    id: row.id,
    username: row.username,
    since: iso(row.since),
  });
  return { following: follows.following.map(person), followers: follows.followers.map(person) };
}

export function invitationsDocument(rows: Rows<typeof readInvitations>) {
  return rows.map((row) => ({
    email: row.email,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    redeemed_at: iso(row.redeemedAt),
    redeemed_by: row.recipientId ? { id: row.recipientId, username: row.recipientUsername } : null,
  }));
}

export function blocksDocument(rows: Rows<typeof readBlocks>) {
  return rows.map((row) => ({ id: row.id, username: row.username, blocked_at: iso(row.since) }));
}

/** README.txt: what each file holds, and what an export leaves out. */
export function readmeText(input: { username: string; exportedAt: Date; fileCount: number }) {
  return [
    `${APP_NAME}: your data`,
    '',
    `Asked for by @${input.username} on ${input.exportedAt.toISOString()} (UTC).`,
    'Every time in these files is in UTC (ISO 8601). The .json files are UTF-8 JSON.',
    '',
    'account.json      Your profile, email address, when you joined, your time zone and your',
    '                  notification mail preferences.',
    'posts.json        Your posts: title (tldr), content, group, who could see it, and the public',
    '                  address if you published it. "attachment" names the file under files/;',
    '                  "attachments" lists every file of the post in order, with its description.',
    'comments.json     Your comments on posts and on links, with the post or link each is on and',
    '                  the comment it replies to.',
    'links.json        The links you shared, with your comment and the summaries Hearth made.',
    'likes.json        The posts, links and link comments you liked.',
    'reactions.json    Your reactions (the emoji) to posts and to comments on posts.',
    'groups.json       Your group memberships and roles, and your requests to join groups.',
    'follows.json      The members you follow and the members who follow you.',
    'invitations.json  The invitations you sent: to which address, and who joined with them, when.',
    'blocks.json       The members you blocked.',
    'conversations.json  Your private conversations: who is in each, and every message you could',
    '                  read there, with who wrote it (null: a deleted member) and the names of its files.',
    `files/            The files you uploaded (${input.fileCount}), as Hearth stored them.`,
    '',
    'Not included: your password (only a one-way hash of it is kept, and never exported), sign-in',
    'sessions and the devices they receive notifications on, two-factor secrets and recovery codes,',
    "and other members' posts and comments (only the title or address of what you answered or liked).",
    '',
  ].join('\n');
}
