import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context';
import { listPreferences } from '../notifications/notification-preferences';
import { conversationsExport } from '../conversations/conversations.service';
import {
  readAccount,
  readBlocks,
  readFiles,
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
import {
  accountDocument,
  blocksDocument,
  commentsDocument,
  followsDocument,
  groupsDocument,
  invitationsDocument,
  likesDocument,
  linksDocument,
  postsDocument,
  reactionsDocument,
  readmeText,
} from './data-exports.documents';
import { createNamer } from './data-exports.names';

type ArchiveDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'logger'>;

/** A built archive on the local disk; `dispose` removes it (and its folder). */
export interface BuiltArchive {
  filePath: string;
  byteSize: number;
  dispose(): Promise<void>;
}

/** The member is gone (their account was deleted while the export waited). */
export class ExportOwnerMissingError extends Error {}

/**
 * Writes one member's export as a zip in a temporary folder. JSON documents are small and built in
 * memory; the member's files are streamed one at a time from storage into the zip and the zip to
 * disk, so memory stays flat however many files there are. Stored bytes are copied as they are
 * (not recompressed: images and most uploads are compressed already).
 */
export async function buildArchive(
  deps: ArchiveDeps,
  userId: string,
  exportedAt: Date,
): Promise<BuiltArchive> {
  const { db, storage } = deps;
  const account = await readAccount(db, userId);
  if (!account) throw new ExportOwnerMissingError(`member ${userId} no longer exists`);

  const name = createNamer();
  const stored = [];
  for (const file of await readFiles(db, userId)) {
    // A row whose object is gone (an inconsistency) is left out rather than failing the export.
    const found = await storage.head(file.storageKey);
    if (!found) {
      deps.logger.warn({ fileId: file.id }, 'export: stored object missing; file left out');
      continue;
    }
    stored.push({ ...file, size: found.size, zipPath: `files/${name(file.name)}` });
  }
  const filePaths = new Map(stored.map((file) => [file.id, file.zipPath]));

  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
  const documents: Array<[string, Buffer]> = [
    [
      'README.txt',
      Buffer.from(readmeText({ username: account.username, exportedAt, fileCount: stored.length })),
    ],
    [
      'account.json',
      json(
        accountDocument(
          account,
          await listPreferences(db, userId),
          account.avatarFileId ? (filePaths.get(account.avatarFileId) ?? null) : null,
        ),
      ),
    ],
    ['posts.json', json(postsDocument(await readPosts(db, userId), filePaths, deps.config.publicOrigin))],
    [
      'comments.json',
      json(commentsDocument(await readPostComments(db, userId), await readLinkComments(db, userId))),
    ],
    ['links.json', json(linksDocument(await readLinks(db, userId)))],
    ['likes.json', json(likesDocument(await readLikes(db, userId)))],
    ['reactions.json', json(reactionsDocument(await readReactions(db, userId)))],
    ['groups.json', json(groupsDocument(await readGroups(db, userId), userId))],
    ['follows.json', json(followsDocument(await readFollows(db, userId)))],
    ['invitations.json', json(invitationsDocument(await readInvitations(db, userId)))],
    ['blocks.json', json(blocksDocument(await readBlocks(db, userId)))],
    ['conversations.json', json(await conversationsExport({ db, config: deps.config }, userId))],
  ];

  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'hearth-export-'));
  const dispose = () => fsp.rm(folder, { recursive: true, force: true });
  const filePath = path.join(folder, 'export.zip');
  const zip = new ZipFile();
  try {
    const failed = once(zip, 'error').then(([error]) => Promise.reject(error as Error));
    failed.catch(() => {});
    const written = pipeline(zip.outputStream, fs.createWriteStream(filePath, { mode: 0o600 }));
    for (const [entry, bytes] of documents) zip.addBuffer(bytes, entry, { mtime: exportedAt });
    for (const file of stored) {
      zip.addReadStreamLazy(
        file.zipPath,
        { mtime: file.uploadedAt ?? exportedAt, compress: false, size: file.size },
        (done) => {
          storage.openRead(file.storageKey).then(
            (opened) =>
              opened ? done(null, opened.stream) : done(new Error(`object ${file.id} vanished`), null!),
            (error: unknown) => done(error, null!),
          );
        },
      );
    }
    zip.end();
    await Promise.race([written, failed]);
    const { size } = await fsp.stat(filePath);
    return { filePath, byteSize: size, dispose };
  } catch (error) {
    // Ends the half-written output (and so the file stream) before the folder goes.
    (zip.outputStream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    await dispose();
    throw error;
  }
}
