import { describe, expect, it } from 'vitest';
import { expectEveryFieldRequired, refusals, UUID } from '../../tests/support/contract-checks';
import {
  CompleteFileRequestBodySchema,
  CreateFileRequestBodySchema,
  FileQuerySchema,
  FileRequestCreatedSchema,
  FileRequestSchema,
} from './files';

/**
 * The upload contracts (spec sections 3, 4 and 7): asking for an upload, marking it uploaded, the
 * file's variants, and exactly what each step answers.
 */

describe('asking for an upload', () => {
  it('takes a name of up to 255 characters, trimmed, and what the file is for', () => {
    expect(CreateFileRequestBodySchema.parse({ name: '  photo.jpg ', file_type: 'post_attachment' })).toEqual(
      {
        name: 'photo.jpg',
        file_type: 'post_attachment',
      },
    );
    expect(refusals(CreateFileRequestBodySchema, { name: 'n'.repeat(255), file_type: 'profile' })).toEqual(
      [],
    );
    expect(refusals(CreateFileRequestBodySchema, { name: 'n'.repeat(256), file_type: 'profile' })).toEqual([
      ['name', 'is too long (maximum is 255 characters)'],
    ]);
  });

  it("says can't be blank for a missing name, and names the kinds of file", () => {
    expect(refusals(CreateFileRequestBodySchema, { name: '  ', file_type: 'profile' })).toEqual([
      ['name', "can't be blank"],
    ]);
    expect(refusals(CreateFileRequestBodySchema, { file_type: 'profile' })).toEqual([
      ['name', "can't be blank"],
    ]);
    expect(refusals(CreateFileRequestBodySchema, { name: 'a.txt', file_type: 'avatar' })).toEqual([
      ['file_type', 'must be one of post_attachment, profile, message_attachment'],
    ]);
  });
});

describe('marking an upload done', () => {
  it('takes status uploaded, and the size, type and date the browser knows', () => {
    const done = {
      status: 'uploaded',
      file_size: 0,
      content_type: 'image/png',
      last_modified: 1_700_000_000_000,
    };
    expect(CompleteFileRequestBodySchema.parse(done)).toEqual(done);
    expect(
      CompleteFileRequestBodySchema.parse({ status: 'uploaded', last_modified: '2026-11-01T10:00:00+01:00' })
        .last_modified,
    ).toBe('2026-11-01T10:00:00+01:00');
    expect(
      CompleteFileRequestBodySchema.parse({ status: 'uploaded', last_modified: null }).last_modified,
    ).toBeNull();
    expect(refusals(CompleteFileRequestBodySchema, { status: 'pending' })).toEqual([
      ['status', 'must be uploaded'],
    ]);
  });

  it('refuses a negative or fractional size, a long type and a date that is none', () => {
    expect(refusals(CompleteFileRequestBodySchema, { status: 'uploaded', file_size: -1 })).toHaveLength(1);
    expect(refusals(CompleteFileRequestBodySchema, { status: 'uploaded', file_size: 1.5 })).toHaveLength(1);
    expect(
      refusals(CompleteFileRequestBodySchema, { status: 'uploaded', content_type: 't'.repeat(255) }),
    ).toEqual([]);
    expect(
      refusals(CompleteFileRequestBodySchema, { status: 'uploaded', content_type: 't'.repeat(256) }),
    ).toHaveLength(1);
    expect(refusals(CompleteFileRequestBodySchema, { status: 'uploaded', last_modified: -5 })).toHaveLength(
      1,
    );
    expect(
      refusals(CompleteFileRequestBodySchema, { status: 'uploaded', last_modified: 'yesterday' }),
    ).toHaveLength(1);
  });
});

describe('a file', () => {
  it("is served whole unless the thumbnail or a video's poster is asked for", () => {
    expect(FileQuerySchema.parse({})).toEqual({ variant: 'original' });
    expect(FileQuerySchema.parse({ variant: 'thumbnail' })).toEqual({ variant: 'thumbnail' });
    expect(FileQuerySchema.parse({ variant: 'poster' })).toEqual({ variant: 'poster' });
    expect(FileQuerySchema.parse({ variant: 'original' })).toEqual({ variant: 'original' });
    expect(refusals(FileQuerySchema, { variant: 'large' })).toEqual([
      ['variant', 'must be original, thumbnail, poster, w240, w360, w480 or w1280'],
    ]);
  });

  it('the upload location and the finished file have exactly their fields', () => {
    expectEveryFieldRequired(FileRequestCreatedSchema, {
      id: UUID,
      url: 'https://hearth.test/api/uploads/abc',
      method: 'PUT',
      expires_at: '2026-11-01T10:00:00.000Z',
      max_size: 10_485_760,
    });
    expect(
      FileRequestCreatedSchema.safeParse({ id: UUID, url: 'u', method: 'POST', expires_at: 'e', max_size: 1 })
        .success,
    ).toBe(false);
    const file = {
      id: UUID,
      name: 'photo.jpg',
      file_type: 'post_attachment',
      status: 'uploaded',
      file_size: 1024,
      content_type: 'image/jpeg',
      last_modified: null,
      url: `/api/files/${UUID}`,
      thumbnail_url: `/api/files/${UUID}?variant=thumbnail`,
      has_image: true,
      width: 800,
      height: 600,
      alt_draft: { status: 'done', text: 'A red bicycle against a wall' },
    };
    expectEveryFieldRequired(FileRequestSchema, file);
    expect(FileRequestSchema.safeParse({ ...file, alt_draft: null }).success).toBe(true);
    expect(
      FileRequestSchema.safeParse({ ...file, alt_draft: { status: 'guessed', text: null } }).success,
    ).toBe(false);
    expect(FileRequestSchema.safeParse({ ...file, status: 'pending', url: null }).success).toBe(true);
    expect(FileRequestSchema.safeParse({ ...file, status: 'failed' }).success).toBe(false);
    expect(FileRequestSchema.safeParse({ ...file, file_type: 'avatar' }).success).toBe(false);
    expect(FileRequestSchema.safeParse({ ...file, width: 1.5 }).success).toBe(false);
  });
});
