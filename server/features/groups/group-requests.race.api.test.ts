import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { groupRequests, groupRoles } from '../../db/schema';
import { memberWithClient } from '../../../tests/support/factories';
import { createGroupAs, memberInGroup } from '../../../tests/support/social-factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { answerRequest } from './groups.service';

/**
 * PATCH /api/group_requests/:id against a demotion landing at the worst moment: after any check
 * made before the transaction, before the answer is written. The database handle below commits the
 * Owner's demotion of the Moderator just as the answer's transaction begins, which is what a
 * concurrent PATCH /api/group_roles/:id can do between two statements.
 */
describe('answering a join request while being demoted', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('refuses the answer once the answerer is no longer a Moderator, and lets nobody in', async () => {
    const owner = await memberWithClient(app);
    const group = await createGroupAs(owner.client);
    const moderator = await memberInGroup(app, group.id, 'Moderator');
    const asker = await memberWithClient(app);
    const asked = await asker.client.post('/api/group_requests', { group_request: { group_id: group.id } });
    expect(asked.status).toBe(201);

    const db = app.context.db;
    const demoteFirst = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return async (work: Parameters<Db['transaction']>[0]) => {
          await target
            .update(groupRoles)
            .set({ role: 'Commentor' })
            .where(and(eq(groupRoles.groupId, group.id), eq(groupRoles.userId, moderator.member.id)));
          return target.transaction(work);
        };
      },
    });

    await expect(
      answerRequest(demoteFirst, asked.body.id, moderator.member.id, { status: 'accepted', role: 'Poster' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const [request] = await db.select().from(groupRequests).where(eq(groupRequests.id, asked.body.id));
    expect(request!.status).toBe('pending');
    const askerRole = await db
      .select()
      .from(groupRoles)
      .where(and(eq(groupRoles.groupId, group.id), eq(groupRoles.userId, asker.member.id)));
    expect(askerRole).toEqual([]);
  });
});
