import { formatBytes } from '@shared/domain/format-bytes';

/** Texts of uploads: the attach control, the profile picture and the /upload test page. */
export const UPLOAD_TEXT = {
  attach: 'Attach file',
  remove: 'Remove',
  cancel: 'Cancel',
  cancelled: 'Upload cancelled.',
  attachFailed: (name: string, reason: string) => `Couldn't attach ${name}. ${reason}`,
  requesting: 'Preparing upload…',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  finishing: 'Checking the file…',
  empty: 'This file is empty. Please choose another.',
  tooLarge: (size: number, max: number) =>
    `This file is ${formatBytes(size)}, larger than the ${formatBytes(max)} limit. Please choose a smaller file.`,
  /** A 413 from the storage without a message of its own. */
  tooLargeForServer: 'This file is too large to upload.',
  /** The PATCH found no bytes (the PUT never landed). */
  notReceived: 'The file did not arrive. Please try again.',
} as const;
