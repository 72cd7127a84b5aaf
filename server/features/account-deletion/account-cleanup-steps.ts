import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { eraseMessageTextOf } from '../conversations/conversations.repo';
import { removeExportsOf } from '../data-exports/data-exports.service';
import { allStorageKeys } from '../files/files.keys';
import { deleteReportsAbout, listFileIdsOf, listLeadImageKeysOf } from './account-deletion.repo';

/**
 * What each feature removes of a member before their account row goes (ADR 022). The row's foreign
 * keys remove every row that names the member; a step is for what a foreign key cannot reach:
 * bytes in file storage, and rows about the member's content that would otherwise linger.
 *
 * Each step runs inside the deletion's transaction (`tx`) and must be idempotent: if anything after
 * it fails, the transaction rolls back and the whole deletion runs again. A step that deletes stored
 * objects does so before the rows naming them go, so a retry can still find them.
 *
 * A feature that keeps something of a member's outside these foreign keys adds a step here.
 */
export interface AccountCleanupStep {
  name: string;
  run(deps: CleanupDeps, tx: DbOrTx, userId: string): Promise<void>;
}

export type CleanupDeps = Pick<AppContext, 'storage' | 'logger'>;

export const accountCleanupSteps: AccountCleanupStep[] = [
  {
    name: 'stored files',
    async run({ storage }, tx, userId) {
      for (const id of await listFileIdsOf(tx, userId)) {
        for (const key of allStorageKeys(id)) await storage.delete(key);
      }
    },
  },
  {
    name: 'link lead images',
    async run({ storage }, tx, userId) {
      for (const key of await listLeadImageKeysOf(tx, userId)) await storage.delete(key);
    },
  },
  {
    name: 'data exports',
    async run({ storage }, tx, userId) {
      // The zips in storage; the rows would go with the account, the bytes would not.
      await removeExportsOf(tx, storage, userId);
    },
  },
  {
    name: 'their private messages’ text',
    async run(_deps, tx, userId) {
      // The rows stay (the others' replies answer them), shown from a deleted member with no text
      // (ADR 060); the sender's foreign key clears itself when the account goes.
      await eraseMessageTextOf(tx, userId);
    },
  },
  {
    name: 'reports about their content',
    async run(_deps, tx, userId) {
      await deleteReportsAbout(tx, userId);
    },
  },
];
