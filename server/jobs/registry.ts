import type { z } from 'zod';
import type { AppContext } from '../context';
import { dataExportBuildJob, dataExportsCleanupJob } from '../features/data-exports/data-exports.job';
import { accountCleanupJob, accountDeletionJob } from '../features/account-deletion/account-deletion.job';
import { groupPostNotifyJob } from '../features/group-notifications/group-notifications.job';
import { filesCleanupJob } from '../features/files/files.job';
import { eventRemindJob } from '../features/gatherings/gatherings.reminders.job';
import { filesReadImageJob } from '../features/files/files.reading';
import { filesVideoJob } from '../features/files/files.video';
import { linksProcessJob, linksSweepJob } from '../features/links/links.job';
import { mailJob } from '../features/mail/mail.job';
import {
  notificationDigestJob,
  notificationMailJob,
  notificationSweepJob,
} from '../features/notifications/notifications.job';
import { inboundReplyJob } from '../features/replies/replies.job';
import { pushDeliverJob, pushSweepJob } from '../features/push/push.job';
import { accountRequestJob } from '../features/users/account-requests.job';
import { searchIndexJob, searchMaintainJob } from '../features/search/search.job';
import { dbUpkeepJob } from '../db/upkeep';
import type { JobDefinition } from './queue';

/** Every background job Hearth runs, built with the context its handlers need. */
export function jobDefinitions(context: AppContext): JobDefinition<z.ZodType>[] {
  return [
    mailJob(context),
    accountRequestJob(context),
    filesCleanupJob(context),
    filesVideoJob(context),
    filesReadImageJob(context),
    linksProcessJob(context),
    linksSweepJob(context),
    searchIndexJob(context),
    searchMaintainJob(context),
    notificationMailJob(context),
    notificationSweepJob(context),
    notificationDigestJob(context),
    groupPostNotifyJob(context),
    pushDeliverJob(context),
    pushSweepJob(context),
    dataExportBuildJob(context),
    dataExportsCleanupJob(context),
    accountCleanupJob(context),
    accountDeletionJob(context),
    inboundReplyJob(context),
    eventRemindJob(context),
    // PostgreSQL's autovacuum does this work itself; the embedded engine has none (ADR 066).
    ...(context.database.kind === 'pglite' ? [dbUpkeepJob(context)] : []),
  ];
}
