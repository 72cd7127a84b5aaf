import type { MaybeRole } from '../../policies/group-roles';
import { canViewPost } from '../../policies/visibility';

/**
 * Who may see a stored file (ARCHITECTURE.md "Who sees what": a file is visible to whoever may see
 * the post or profile it belongs to). Seeing the post is the visibility module's one rule, reused.
 */
export interface FileAudience {
  file: { userId: string; status: 'pending' | 'uploaded' };
  /** Someone's current profile picture. */
  isAvatar: boolean;
  /** A group's current picture: seen by every signed-in member, as the groups list is. */
  isGroupPicture: boolean;
  /** The post holding it, if any. */
  postId: string | null;
  postGroupId: string | null;
  /** That post is published at a public address. */
  isPublished: boolean;
  /** The viewer's role in that post's group. */
  viewerRole: MaybeRole;
  /** The viewer and that post's author block one another: its files are hidden as the post is. */
  blockedWithViewer: boolean;
  /** The private message holding it, if any (ADR 060). */
  messageId: string | null;
  /** The viewer may read that message (the conversation policy's one rule) and it is not deleted. */
  messageReadable: boolean;
}

/** Seen by everyone, signed in or not: a current avatar, or the attachment of a published post. */
export function isPublicFile(audience: FileAudience): boolean {
  return audience.file.status === 'uploaded' && (audience.isAvatar || audience.isPublished);
}

/**
 * Bytes never checked are never served, not even to their owner. Then: public files to anyone; the
 * owner always; a group's picture to every member; a private message's file to those who may read
 * the message (ADR 060); a member who may see the post it is attached to (one of its files, ADR
 * 048), unless a block stands between them and its author.
 */
export function canViewFile(viewerId: string | null, audience: FileAudience): boolean {
  if (audience.file.status !== 'uploaded') return false;
  if (isPublicFile(audience)) return true;
  if (viewerId === null) return false;
  if (audience.file.userId === viewerId) return true;
  if (audience.isGroupPicture) return true;
  if (audience.messageId !== null) return audience.messageReadable;
  if (audience.postId === null || audience.blockedWithViewer) return false;
  return canViewPost({ groupId: audience.postGroupId }, audience.viewerRole);
}
