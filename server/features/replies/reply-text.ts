import EmailReplyParser from 'email-reply-parser';
import type { ParsedMail } from 'mailparser';

/**
 * What of a reply by email becomes the comment (ADR 054): the plain text only. A text part is taken
 * as it is; a mail with only HTML has it turned into text by mailparser (tags, scripts and styles
 * dropped), so nothing received is ever rendered or run. The quoted mail and the signature are then
 * cut by email-reply-parser ("On … wrote:", "> …", "-- ", "Sent from my phone").
 */
export function replyText(mail: Pick<ParsedMail, 'text'>): string {
  const text = (mail.text ?? '').replace(/\r\n?/g, '\n');
  return new EmailReplyParser().parseReply(text).trim();
}

/**
 * Mail a program sent by itself (an out-of-office answer, a bounce, a list's copy): answering it, or
 * posting it, could start a loop between two robots. RFC 3834 Auto-Submitted, and Precedence.
 */
export function isAutomatic(headers: ParsedMail['headers']): boolean {
  const auto = String(headers.get('auto-submitted') ?? 'no')
    .trim()
    .toLowerCase();
  const precedence = String(headers.get('precedence') ?? '')
    .trim()
    .toLowerCase();
  return !auto.startsWith('no') || ['bulk', 'list', 'junk', 'auto_reply'].includes(precedence);
}
