import type { Config } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import type { NotificationLineRow } from '../notifications/notifications.repo';
import { newReplyCode, REPLY_ADDRESS_DAYS, replyKey, signReplyLocalPart } from './reply-address';
import { deleteExpiredAddresses, findReusableAddress, insertReplyAddress } from './reply-addresses.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A member's address for a thread is reused while it has at least this long to live. */
const REUSE_MIN_DAYS = REPLY_ADDRESS_DAYS - 7;

/** What a mail is about, for a reply to land there: a post, or a comment on it. */
export interface ReplyThread {
  postId: string;
  commentId: string | null;
}

/**
 * The thread a notification line's mail is about, when a reply to it can be a comment: the line
 * leads to a post (not a link, a group or a person; "3 new posts in …" leads to the group).
 */
export function replyThreadOf(
  line: Pick<NotificationLineRow, 'postId' | 'commentId' | 'linkId'>,
  path: string,
): ReplyThread | null {
  if (!line.postId || line.linkId || !path.startsWith(`/post/${line.postId}`)) return null;
  return { postId: line.postId, commentId: line.commentId };
}

/**
 * The member's reply address for a thread (ADR 054): one per member and thread, reused for a week
 * of mails so a busy thread does not add a row per mail, then a new one that lives 30 days.
 */
export async function replyAddressFor(
  db: DbOrTx,
  config: Config,
  userId: string,
  thread: ReplyThread,
  now: Date = new Date(),
): Promise<string> {
  const key = replyKey(config);
  const thisThread = { userId, ...thread };
  let row = await findReusableAddress(db, thisThread, new Date(now.getTime() + REUSE_MIN_DAYS * DAY_MS));
  if (!row) {
    await deleteExpiredAddresses(db, userId, now);
    // Whole seconds: the address carries its expiry in seconds, and a reused one must sign alike.
    const expiresAt = new Date(Math.floor((now.getTime() + REPLY_ADDRESS_DAYS * DAY_MS) / 1000) * 1000);
    row = { ...thisThread, code: newReplyCode(), expiresAt };
    await insertReplyAddress(db, row);
  }
  return `${signReplyLocalPart(key, row.code, row.expiresAt)}@${config.inboundMail.replyDomain}`;
}
