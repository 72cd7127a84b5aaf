import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { CreateCommentBodySchema } from '../../../shared/api/comments';
import type { AppContext } from '../../context';
import { posts, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { createComment } from '../comments/comments.service';
import { enqueueMail } from '../mail/mail.job';
import type { ReplyRefusal } from '../mail/mail.templates';
import { loadVisiblePost } from '../posts/posts.service';
import { memberLocale } from '../users/users.repo';
import { fromAlignment } from './reply-authentication';
import { findReplyAddress, type ReplyAddressRow } from './reply-addresses.repo';
import { isAutomatic, replyText } from './reply-text';

type ReplyContext = Pick<AppContext, 'db' | 'config' | 'jobs' | 'mailer' | 'logger' | 'throttle'>;

/** What became of one reply: a comment, a refusal told to the member, or dropped unanswered. */
export type ReplyOutcome =
  | { kind: 'commented'; commentId: string }
  | { kind: 'refused'; reason: ReplyRefusal }
  | { kind: 'dropped'; why: 'automatic' | 'unknown_address' | 'forged' };

const contentSchema = CreateCommentBodySchema.shape.comment.shape.content;

/**
 * Turns a reply to the address `code` names into that member's comment, through the comment
 * service, so every rule of a comment made in the app holds (ADR 054). A message that is not
 * provably the member's (another From, or the relay not vouching for its domain) is dropped without
 * a word: telling a forger why would help them. The member's own refused replies are answered.
 */
export async function handleInboundReply(
  context: ReplyContext,
  input: { code: string; raw: Buffer },
): Promise<ReplyOutcome> {
  const mail = await simpleParser(input.raw, { skipImageLinks: true, skipTextLinks: true });
  if (isAutomatic(mail.headers)) return { kind: 'dropped', why: 'automatic' };
  const address = await findReplyAddress(context.db, input.code);
  if (!address) return { kind: 'dropped', why: 'unknown_address' };
  const [member] = await context.db
    .select({
      email: users.email,
      deletionRequestedAt: users.deletionRequestedAt,
      locale: users.locale,
      browserLocale: users.browserLocale,
    })
    .from(users)
    .where(eq(users.id, address.userId));
  if (!member) return { kind: 'dropped', why: 'unknown_address' };
  const senders = mail.from?.value ?? [];
  const from = senders.length === 1 ? (senders[0]!.address ?? '') : '';
  if (from.toLowerCase() !== member.email.toLowerCase() || !vouchedFor(context, mail.headerLines, from)) {
    return { kind: 'dropped', why: 'forged' };
  }
  const outcome = await commentOrRefusal(
    context,
    address,
    member.deletionRequestedAt !== null,
    replyText(mail),
  );
  if (outcome.kind === 'refused') {
    await enqueueMail(context, context.db, {
      template: 'reply_refused',
      to: member.email,
      locale: memberLocale(member),
      reason: outcome.reason,
    });
  }
  return outcome;
}

/** With INBOUND_AUTHSERV_ID, the relay's own Authentication-Results must align the From domain. */
function vouchedFor(
  context: ReplyContext,
  headerLines: ReadonlyArray<{ key: string; line: string }>,
  from: string,
) {
  const authservId = context.config.inboundMail.authservId;
  if (!authservId) return true;
  const results = headerLines
    .filter((header) => header.key === 'authentication-results')
    .map((header) => header.line.slice(header.line.indexOf(':') + 1));
  return fromAlignment(results, authservId, from.slice(from.lastIndexOf('@') + 1)) === 'aligned';
}

async function commentOrRefusal(
  context: ReplyContext,
  address: ReplyAddressRow,
  closing: boolean,
  text: string,
): Promise<ReplyOutcome> {
  if (closing) return { kind: 'refused', reason: 'account_closing' };
  const content = contentSchema.safeParse(text);
  if (!content.success) return { kind: 'refused', reason: text.trim() ? 'too_long' : 'empty' };
  // The member's budget of writes is the app's: a flood of mail posts no faster than clicks (a 429
  // fails the job, which is tried again later).
  await context.throttle.hit('memberWrites', address.userId);
  try {
    const post = await loadVisiblePost(context.db, address.postId, address.userId);
    const { row } = await createComment(context.db, post, address.userId, {
      content: content.data,
      parentId: address.commentId,
    });
    return { kind: 'commented', commentId: row.id };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 404)
      return { kind: 'refused', reason: await goneOrUnseen(context, address.postId) };
    if (error.statusCode === 403) return { kind: 'refused', reason: 'not_allowed' };
    if (error.statusCode === 422) return { kind: 'refused', reason: 'comment_unavailable' };
    throw error;
  }
}

/** The member may learn that a post they were sent is deleted; nothing more about one they lost. */
async function goneOrUnseen(context: ReplyContext, postId: string): Promise<ReplyRefusal> {
  const [post] = await context.db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  return post ? 'post_unavailable' : 'post_deleted';
}
