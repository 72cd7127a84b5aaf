import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash } from './passwords';

describe('passwords', () => {
  it('needs no re-hash for a hash made with the current parameters', async () => {
    expect(needsRehash(await hashPassword('a fine password'))).toBe(false);
  });

  it('needs a re-hash when the parameters or the algorithm differ', async () => {
    expect(needsRehash(await hash('x', { memoryCost: 8192, timeCost: 2, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hash('x', { memoryCost: 19456, timeCost: 3, parallelism: 1 }))).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    expect(needsRehash('$2b$10$not-argon2-at-all')).toBe(true);
  });
});
