import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../adapters/mail';
import { comments, groupRoles } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, createPostAs, memberInGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp, waitForJobsDone, waitForMail } from '../../../tests/support/test-app';
import type { TestClient } from '../../../tests/support/test-client';
import { MAIL_JOB_NAME } from '../mail/mail.job';
import { NOTIFICATION_MAIL_JOB, sweepInstantMail } from '../notifications/notifications.job';
import { INBOUND_MAX_BYTES } from './inbound-smtp';
import { INBOUND_REPLY_JOB } from './replies.job';
import { replyAddressFor } from './reply-addresses';

type Member = Awaited<ReturnType<typeof memberWithClient>>;

/** Replies by email over real SMTP to the listener (ADR 054). */
describe('replies by email', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ inboundSmtp: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Sends a mail to the listener as a mail server would; rejects with the SMTP answer when refused. */
  const send = (mail: {
    from: string;
    to: string;
    text?: string;
    html?: string;
    headers?: Record<string, string>;
  }) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: app.smtpPort!, secure: false, ignoreTLS: true })
      .sendMail({ subject: 'Re: your post', ...mail });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { responseCode?: number; response?: string }) => ({
        code: error.responseCode,
        text: error.response ?? '',
      }),
    );

  /** Each mail to `member` so far, once the notification sweep has sent what waits. */
  const notificationMails = async (member: Member, count: number) => {
    await sweepInstantMail(app.context);
    await waitForMail(app, member.member.email, { count });
    await waitForJobsDone(app, NOTIFICATION_MAIL_JOB);
    return app.mailer.sent.filter((mail) => mail.to === member.member.email);
  };
  const commentsOf = (userId: string) =>
    app.context.db.select().from(comments).where(eq(comments.userId, userId));
  const comment = (client: TestClient, postId: string, content: string, parentId?: string) =>
    client.post(`/api/posts/${postId}/comments`, { comment: { content, parent_id: parentId ?? null } });
  /** A mail about the member's post: someone commented on it. Its Reply-To is their address. */
  const mailAboutOwnPost = async (author: Member, from: Member) => {
    const post = await createPostAs(author.client);
    const before = app.mailer.sent.filter((mail) => mail.to === author.member.email).length;
    expect((await comment(from.client, post.id, 'Nice one')).status).toBe(201);
    const mails = await notificationMails(author, before + 1);
    return { post, mail: mails.at(-1)! };
  };
  /** The refusal mails `email` got (sent before repliesDone() returns). */
  const refusalsTo = (email: string) =>
    app.mailer.sent.filter(
      (mail) => mail.to === email && mail.subject === 'Your reply to Hearth was not posted',
    );
  const repliesDone = async () => {
    await waitForJobsDone(app, INBOUND_REPLY_JOB);
    await waitForJobsDone(app, MAIL_JOB_NAME);
  };

  it('gives each member and each thread its own Reply-To, which is not the sender', async () => {
    const author = await memberWithClient(app);
    const first = await memberWithClient(app);
    const second = await memberWithClient(app);
    const postOne = await createPostAs(author.client);
    const postTwo = await createPostAs(author.client);
    const top = await comment(first.client, postOne.id, 'First!');
    await comment(first.client, postTwo.id, 'Also here');
    // `second` answers `first` on post one: `first` hears of the reply, the author of the comment.
    await comment(second.client, postOne.id, 'Agreed', top.body.id);

    const authorMails = await notificationMails(author, 3);
    const [firstMail] = await notificationMails(first, 1);
    const replyTos = [...authorMails, firstMail!].map((mail: MailMessage) => mail.replyTo);
    for (const address of replyTos) expect(address).toMatch(/^reply-[a-z2-7]{39}@hearth\.test$/);
    expect(new Set(replyTos).size).toBe(4);
    expect(replyTos).not.toContain(app.context.config.mailFrom);
    expect(firstMail!.text).toContain('Reply to this email to comment.');
    // A second mail about the same thread to the same member reuses the address.
    const again = await replyAddressFor(app.context.db, app.context.config, first.member.id, {
      postId: postOne.id,
      commentId: top.body.id,
    });
    expect(again).not.toBe(firstMail!.replyTo);
    expect(
      await replyAddressFor(app.context.db, app.context.config, first.member.id, {
        postId: postOne.id,
        commentId: top.body.id,
      }),
    ).toBe(again);
  });

  it('turns the member’s reply into their comment on that thread, quote and signature cut', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const { post, mail } = await mailAboutOwnPost(author, fan);
    const [fanComment] = await commentsOf(fan.member.id);
    await send({
      from: author.member.email,
      to: mail.replyTo!,
      text: `Thank you, glad you like it!\n\n-- \nAna\n\nOn Mon, 1 Dec 2031, Hearth wrote:\n> ${mail.text.split('\n')[0]}\n`,
    });
    await repliesDone();
    const [made, ...more] = await commentsOf(author.member.id);
    expect(more).toEqual([]);
    expect(made).toMatchObject({
      postId: post.id,
      content: 'Thank you, glad you like it!',
      parentId: fanComment!.id,
    });
    // The fan hears of the answer like any other (a reply to their comment).
    const [fanMail] = await notificationMails(fan, 1);
    expect(fanMail!.subject).toContain('replied');
  });

  it('refuses a made-up and an expired address at RCPT, after a genuine one is taken', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const { post, mail } = await mailAboutOwnPost(author, fan);
    expect(await refusal(send({ from: author.member.email, to: mail.replyTo!, text: 'Taken' }))).toBeNull();

    const local = mail.replyTo!.split('@')[0]!;
    const forged = `${local.slice(0, 10)}${local[10] === 'a' ? 'b' : 'a'}${local.slice(11)}@hearth.test`;
    expect(await refusal(send({ from: author.member.email, to: forged, text: 'Forged' }))).toMatchObject({
      code: 550,
      text: expect.stringContaining('No such reply address'),
    });
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const expired = await replyAddressFor(
      app.context.db,
      app.context.config,
      author.member.id,
      { postId: post.id, commentId: null },
      monthAgo,
    );
    expect(await refusal(send({ from: author.member.email, to: expired, text: 'Late' }))).toMatchObject({
      code: 550,
      text: expect.stringContaining('expired'),
    });
    expect(
      await refusal(send({ from: author.member.email, to: `${local}@elsewhere.test`, text: 'x' })),
    ).toMatchObject({ code: 550 });
    await repliesDone();
    expect((await commentsOf(author.member.id)).map((row) => row.content)).toEqual(['Taken']);
  });

  it('drops, without a word, a reply from another From, a robot or an unvouched domain', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const { mail } = await mailAboutOwnPost(author, fan);
    await send({ from: fan.member.email, to: mail.replyTo!, text: 'Posing as the author' });
    await send({
      from: author.member.email,
      to: mail.replyTo!,
      text: 'I am away until Monday',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await nodemailer
      .createTransport({ host: '127.0.0.1', port: app.smtpPort!, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: '', to: mail.replyTo! }, from: author.member.email, text: 'A bounce' });
    // Done before the relay check below is switched on, so that check is not what drops them.
    await repliesDone();
    app.context.config.inboundMail.authservId = 'mx.hearth.test';
    try {
      await send({ from: author.member.email, to: mail.replyTo!, text: 'No relay vouched for me' });
      await send({
        from: author.member.email,
        to: mail.replyTo!,
        text: 'Forged pass',
        headers: { 'Authentication-Results': 'mx.hearth.test; dkim=pass header.d=evil.test' },
      });
      await repliesDone();
      // Positive control: the relay vouches for the member's domain, and the reply goes through.
      await send({
        from: author.member.email,
        to: mail.replyTo!,
        text: 'Vouched for',
        headers: { 'Authentication-Results': 'mx.hearth.test; dmarc=pass header.from=example.test' },
      });
      await repliesDone();
    } finally {
      app.context.config.inboundMail.authservId = null;
    }
    expect((await commentsOf(author.member.id)).map((row) => row.content)).toEqual(['Vouched for']);
    expect(await commentsOf(fan.member.id)).toHaveLength(1); // only their first comment
    expect(app.mailer.sent.filter((sent) => sent.subject.includes('was not posted'))).toEqual([]);
  });

  it('refuses a blocked member’s reply and tells them why, by mail', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const post = await createPostAs(author.client);
    const top = await comment(fan.client, post.id, 'Hello');
    await comment(author.client, post.id, 'Hi back', top.body.id);
    const [fanMail] = await notificationMails(fan, 1);
    // Positive control: before the block, the fan's reply becomes a comment.
    await send({ from: fan.member.email, to: fanMail!.replyTo!, text: 'Before' });
    await repliesDone();
    expect(await commentsOf(fan.member.id)).toHaveLength(2);

    expect((await author.client.post('/api/blocks', { user_id: fan.member.id })).status).toBeLessThan(300);
    await send({ from: fan.member.email, to: fanMail!.replyTo!, text: 'After' });
    await repliesDone();
    expect((await commentsOf(fan.member.id)).map((row) => row.content).sort()).toEqual(['Before', 'Hello']);
    const told = await waitForMail(app, fan.member.email, { count: 2 });
    expect(told.subject).toBe('Your reply to Hearth was not posted');
    expect(told.text).toContain('You can no longer see this post');
    expect(told.replyTo).toBeUndefined();
  });

  it('refuses the reply of a member removed from the group, and one to a deleted post, saying which', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const member = await memberInGroup(app, group.id, 'Poster');
    const post = await createPostAs(owner.client, { group_id: group.id });
    const top = await comment(member.client, post.id, 'In the group');
    await comment(owner.client, post.id, 'Welcome', top.body.id);
    const [mail] = await notificationMails(member, 1);
    // Positive control: while in the group, the reply is a comment.
    await send({ from: member.member.email, to: mail!.replyTo!, text: 'Still here' });
    await repliesDone();
    expect(await commentsOf(member.member.id)).toHaveLength(2);

    await app.context.db
      .delete(groupRoles)
      .where(and(eq(groupRoles.groupId, group.id), eq(groupRoles.userId, member.member.id)));
    await send({ from: member.member.email, to: mail!.replyTo!, text: 'Removed' });
    await repliesDone();
    expect(await commentsOf(member.member.id)).toHaveLength(2);
    expect(refusalsTo(member.member.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining('You can no longer see this post'),
    ]);

    expect((await owner.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    const ownMail = await replyAddressFor(app.context.db, app.context.config, owner.member.id, {
      postId: post.id,
      commentId: null,
    });
    await send({ from: owner.member.email, to: ownMail, text: 'Too late' });
    await repliesDone();
    expect(refusalsTo(owner.member.email).map((mail) => mail.text)).toEqual([
      expect.stringContaining('The post you replied to was deleted.'),
    ]);
  });

  it('refuses a mail over the size limit (552)', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const { mail } = await mailAboutOwnPost(author, fan);
    const big = 'x'.repeat(INBOUND_MAX_BYTES + 1024);
    expect(await refusal(send({ from: author.member.email, to: mail.replyTo!, text: big }))).toMatchObject({
      code: 552,
    });
    await repliesDone();
    expect(await commentsOf(author.member.id)).toEqual([]);
  });

  it('takes only the text of an HTML-only reply: no markup, no script', async () => {
    const author = await memberWithClient(app);
    const fan = await memberWithClient(app);
    const { mail } = await mailAboutOwnPost(author, fan);
    await send({
      from: author.member.email,
      to: mail.replyTo!,
      html: '<p>Lovely <b>photo</b></p><script>alert("hi")</script><img src=x onerror="alert(1)">',
    });
    await repliesDone();
    const [made] = await commentsOf(author.member.id);
    expect(made!.content).toMatch(/^Lovely photo\b/);
    expect(made!.content).not.toMatch(/[<>]|script|alert|onerror/);
  });
});

/** With rate limits on, as in production: a sender's mails are counted when announced. */
describe('replies by email, throttled', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ inboundSmtp: true, rateLimits: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('takes 30 mails an hour from one envelope sender, then answers 451 (try later)', async () => {
    const member = await memberWithClient(app);
    const post = await createPostAs(member.client);
    const address = await replyAddressFor(app.context.db, app.context.config, member.member.id, {
      postId: post.id,
      commentId: null,
    });
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: app.smtpPort!,
      ignoreTLS: true,
      pool: true,
    });
    const answers: Array<number | 'ok'> = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await transport.sendMail({ from: member.member.email, to: address, text: `Reply ${i}` }).then(
          () => 'ok' as const,
          (error: { responseCode: number }) => error.responseCode,
        ),
      );
    }
    transport.close();
    expect(answers.slice(0, 30)).toEqual(Array(30).fill('ok'));
    expect(answers[30]).toBe(451);
    // Another sender through the same connection's address is still taken.
    const other = await memberWithClient(app);
    await nodemailer
      .createTransport({ host: '127.0.0.1', port: app.smtpPort!, ignoreTLS: true })
      .sendMail({ from: other.member.email, to: address, text: 'Not theirs' });
    await waitForJobsDone(app, INBOUND_REPLY_JOB);
  });
});
