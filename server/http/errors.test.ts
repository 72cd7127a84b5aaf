import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/domain/messages';
import { StorageFullError } from '../adapters/storage/storage';
import { fieldOf, isUnavailable, registerErrorHandling, storageFull } from './errors';

describe('fieldOf', () => {
  it('names the field, a list item by its list', () => {
    expect(fieldOf(['body', 'user', 'email'])).toBe('email');
    expect(fieldOf(['body', 'post', 'file_request_ids', '3'])).toBe('file_request_ids');
    expect(fieldOf(['post', 'file_request_ids', 0])).toBe('file_request_ids');
    expect(fieldOf(['body'])).toBe('base');
  });
});

describe('isUnavailable', () => {
  const threadStopped = Object.assign(new Error('the database thread stopped'), { statusCode: 503 });
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('answers for a 503 and for an unreachable PostgreSQL, as such or wrapped', () => {
    expect(isUnavailable(threadStopped)).toBe(true);
    expect(isUnavailable(new Error('Failed query: select 1', { cause: threadStopped }))).toBe(true);
    expect(isUnavailable(new Error('Failed query', { cause: new Error('again', { cause: refused }) }))).toBe(
      true,
    );
    expect(isUnavailable(new AggregateError([new Error('other'), refused], 'connect failed'))).toBe(true);
    expect(isUnavailable({ code: '57P03' })).toBe(true); // the database system is starting up
  });

  it('leaves other errors alone, and stops on an error that wraps itself', () => {
    expect(isUnavailable(new Error('Failed query', { cause: { code: '23505' } }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('not found'), { statusCode: 404 }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('full'), { statusCode: 507 }))).toBe(false);
    const looped: { message: string; cause?: unknown } = { message: 'looped' };
    looped.cause = looped;
    expect(isUnavailable(looped)).toBe(false);
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable('503')).toBe(false);
  });
});

describe('a full file store', () => {
  it('answers 507 with one message from the upload route (closing) and from the error handler', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.put('/upload', () => {
      throw storageFull({ closeConnection: true });
    });
    // A full store met past the upload route: the StorageFullError itself reaches the handler.
    app.post('/complete', () => {
      throw new StorageFullError(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    });
    const upload = await app.inject({ method: 'PUT', url: '/upload' });
    const complete = await app.inject({ method: 'POST', url: '/complete' });
    expect(upload.statusCode).toBe(507);
    expect(upload.json()).toEqual({ error: MESSAGES.storageFull });
    expect(upload.headers.connection).toBe('close');
    expect(complete.statusCode).toBe(507);
    expect(complete.json()).toEqual({ error: MESSAGES.storageFull });
    expect(complete.headers.connection).not.toBe('close');
    await app.close();
  });
});
