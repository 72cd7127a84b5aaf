import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  commentReactions,
  comments,
  files,
  follows,
  groupRequests,
  groupRoles,
  groups,
  invitations,
  linkCommentLikes,
  linkComments,
  linkLikes,
  links,
  postLikes,
  postReactions,
  posts,
  publicPosts,
  userBlocks,
  users,
} from '../../db/schema';

/**
 * What an export holds, read for one member. Every query is bound to that member's own rows (their
 * posts, comments, links, likes, memberships, follows, invitations and blocks): another member's
 * content appears only as the title or address of what the member answered or liked.
 */

/** The account itself: an explicit column list, so no password hash or token can slip in. */
export async function readAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      about: users.about,
      location: users.location,
      timeZone: users.timeZone,
      isAdmin: users.isAdmin,
      confirmedAt: users.confirmedAt,
      createdAt: users.createdAt,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function readPosts(db: DbOrTx, userId: string) {
  return db
    .select({
      id: posts.id,
      tldr: posts.tldr,
      content: posts.content,
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
      groupId: groups.id,
      groupName: groups.name,
      fileId: posts.fileId,
      /** Every file of the post in order, with its description (ADR 048). */
      files: sql<{ id: string; alt: string }[]>`coalesce((
        select json_agg(json_build_object('id', pf.file_id, 'alt', pf.alt) order by pf.position)
        from post_files pf where pf.post_id = posts.id
      ), '[]'::json)`,
      slug: publicPosts.slug,
      publishedAt: publicPosts.createdAt,
    })
    .from(posts)
    .leftJoin(groups, eq(groups.id, posts.groupId))
    .leftJoin(publicPosts, eq(publicPosts.postId, posts.id))
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.createdAt), asc(posts.id));
}

const parentComments = alias(comments, 'parent_comments');
const parentLinkComments = alias(linkComments, 'parent_link_comments');
const parentAuthors = alias(users, 'parent_authors');

/** The member's comments on posts, with the post and the comment each one answers. */
export async function readPostComments(db: DbOrTx, userId: string) {
  return db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      postId: posts.id,
      postTldr: posts.tldr,
      parentId: parentComments.id,
      parentAuthor: parentAuthors.username,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(parentComments, eq(parentComments.id, comments.parentId))
    .leftJoin(parentAuthors, eq(parentAuthors.id, parentComments.userId))
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** The member's comments on links, with the link and the comment each one answers. */
export async function readLinkComments(db: DbOrTx, userId: string) {
  return db
    .select({
      id: linkComments.id,
      content: linkComments.content,
      createdAt: linkComments.createdAt,
      editedAt: linkComments.editedAt,
      linkId: links.id,
      linkUrl: links.url,
      linkTitle: links.title,
      parentId: parentLinkComments.id,
      parentAuthor: parentAuthors.username,
    })
    .from(linkComments)
    .innerJoin(links, eq(links.id, linkComments.linkId))
    .leftJoin(parentLinkComments, eq(parentLinkComments.id, linkComments.parentId))
    .leftJoin(parentAuthors, eq(parentAuthors.id, parentLinkComments.userId))
    .where(eq(linkComments.userId, userId))
    .orderBy(asc(linkComments.createdAt), asc(linkComments.id));
}

export async function readLinks(db: DbOrTx, userId: string) {
  return db
    .select({
      id: links.id,
      url: links.url,
      comment: links.comment,
      visibility: links.visibility,
      status: links.status,
      title: links.title,
      siteName: links.siteName,
      sentenceSummary: links.sentenceSummary,
      paragraphSummary: links.paragraphSummary,
      createdAt: links.createdAt,
    })
    .from(links)
    .where(eq(links.userId, userId))
    .orderBy(asc(links.createdAt), asc(links.id));
}

/** The member's reactions (ADR 044): on posts (with their title) and on comments (with their post). */
export async function readReactions(db: DbOrTx, userId: string) {
  const [onPosts, onComments] = [
    await db
      .select({
        postId: posts.id,
        tldr: posts.tldr,
        emoji: postReactions.emoji,
        reactedAt: postReactions.createdAt,
      })
      .from(postReactions)
      .innerJoin(posts, eq(posts.id, postReactions.postId))
      .where(eq(postReactions.userId, userId))
      .orderBy(asc(postReactions.createdAt), asc(postReactions.emoji)),
    await db
      .select({
        commentId: commentReactions.commentId,
        postId: posts.id,
        tldr: posts.tldr,
        emoji: commentReactions.emoji,
        reactedAt: commentReactions.createdAt,
      })
      .from(commentReactions)
      .innerJoin(posts, eq(posts.id, commentReactions.postId))
      .where(eq(commentReactions.userId, userId))
      .orderBy(asc(commentReactions.createdAt), asc(commentReactions.emoji)),
  ];
  return { onPosts, onComments };
}

export async function readLikes(db: DbOrTx, userId: string) {
  const [onPosts, onLinks, onLinkComments] = [
    await db
      .select({ postId: posts.id, tldr: posts.tldr, likedAt: postLikes.createdAt })
      .from(postLikes)
      .innerJoin(posts, eq(posts.id, postLikes.postId))
      .where(eq(postLikes.userId, userId))
      .orderBy(asc(postLikes.createdAt)),
    await db
      .select({ linkId: links.id, url: links.url, title: links.title, likedAt: linkLikes.createdAt })
      .from(linkLikes)
      .innerJoin(links, eq(links.id, linkLikes.linkId))
      .where(eq(linkLikes.userId, userId))
      .orderBy(asc(linkLikes.createdAt)),
    await db
      .select({
        commentId: linkComments.id,
        linkId: linkComments.linkId,
        likedAt: linkCommentLikes.createdAt,
      })
      .from(linkCommentLikes)
      .innerJoin(linkComments, eq(linkComments.id, linkCommentLikes.commentId))
      .where(eq(linkCommentLikes.userId, userId))
      .orderBy(asc(linkCommentLikes.createdAt)),
  ];
  return { onPosts, onLinks, onLinkComments };
}

export async function readGroups(db: DbOrTx, userId: string) {
  const memberships = await db
    .select({
      groupId: groups.id,
      name: groups.name,
      description: groups.description,
      role: groupRoles.role,
      since: groupRoles.createdAt,
      createdById: groups.createdById,
    })
    .from(groupRoles)
    .innerJoin(groups, eq(groups.id, groupRoles.groupId))
    .where(eq(groupRoles.userId, userId))
    .orderBy(asc(groupRoles.createdAt));
  const requests = await db
    .select({
      groupId: groups.id,
      name: groups.name,
      status: groupRequests.status,
      role: groupRequests.role,
      requestedAt: groupRequests.createdAt,
      answeredAt: groupRequests.answeredAt,
    })
    .from(groupRequests)
    .innerJoin(groups, eq(groups.id, groupRequests.groupId))
    .where(eq(groupRequests.userId, userId))
    .orderBy(asc(groupRequests.createdAt));
  return { memberships, requests };
}

export async function readFollows(db: DbOrTx, userId: string) {
  const following = await db
    .select({ id: users.id, username: users.username, since: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(eq(follows.followerId, userId))
    .orderBy(asc(follows.createdAt));
  const followers = await db
    .select({ id: users.id, username: users.username, since: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(eq(follows.followeeId, userId))
    .orderBy(asc(follows.createdAt));
  return { following, followers };
}

/** Invitations the member sent. The code is never read: it would still invite someone. */
export async function readInvitations(db: DbOrTx, userId: string) {
  return db
    .select({
      email: invitations.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      redeemedAt: invitations.redeemedAt,
      recipientId: users.id,
      recipientUsername: users.username,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.recipientId))
    .where(eq(invitations.inviterId, userId))
    .orderBy(asc(invitations.createdAt));
}

/** The members this member blocked (never who blocked them: that stays hidden, ADR 019). */
export async function readBlocks(db: DbOrTx, userId: string) {
  return db
    .select({ id: users.id, username: users.username, since: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
}

/** The member's uploaded files that were checked and kept (pending uploads hold nothing yet). */
export async function readFiles(db: DbOrTx, userId: string) {
  return db
    .select({
      id: files.id,
      name: files.name,
      fileType: files.fileType,
      storageKey: files.storageKey,
      contentType: files.contentType,
      fileSize: files.fileSize,
      uploadedAt: files.uploadedAt,
    })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.status, 'uploaded')))
    .orderBy(asc(files.createdAt), asc(files.id));
}
