import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, jsonSchemaOf } from './serializer';

const author = z.object({ id: z.uuid(), name: z.string(), avatar: z.string().nullable() });
const post = z.object({
  id: z.uuid(),
  tldr: z.string(),
  likes_count: z.int().nonnegative(),
  liked: z.boolean(),
  visibility: z.enum(['group', 'followers']),
  created_at: z.iso.datetime({ offset: true }),
  author,
  files: z.array(z.object({ id: z.uuid(), alt: z.string().nullable(), width: z.int().optional() })),
  poll: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('open'), votes: z.int() }),
      z.object({ kind: z.literal('closed'), winner: z.string() }),
    ])
    .nullable(),
  counts: z.record(z.string(), z.int()),
});

const ID = '0b7e5b9e-4c1f-4d3e-9a5e-7d8f1c2b3a4d';
const aPost = {
  id: ID,
  tldr: 'A "quoted" title with \u2028 and emoji 🌰',
  likes_count: 3,
  liked: false,
  visibility: 'group',
  created_at: '2026-12-08T10:00:00.000Z',
  author: { id: ID, name: 'Ada', avatar: null, password_hash: 'never leaves' },
  files: [
    { id: ID, alt: null },
    { id: ID, alt: 'a hen', width: 480 },
  ],
  poll: { kind: 'closed', winner: 'Tuesday', secret: 'kept' },
  counts: { '👍': 2, '🎉': 1 },
  internal_score: 0.42,
};

async function appWith(schema: z.ZodType, data: unknown, { verify }: { verify: boolean }) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify }));
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => data as never);
  await app.ready();
  return app;
}

describe('answers written by the serializer compiled from their schema', () => {
  it('write what zod writes: the schema’s fields only, nested, nullable, optional, unions and records', async () => {
    const app = await appWith(post, aPost, { verify: false });
    const response = await app.inject('/thing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(post.parse(aPost));
    expect(response.body).not.toContain('never leaves');
    expect(response.body).not.toContain('kept');
    expect(response.body).not.toContain('internal_score');
    await app.close();
  });

  it('fail an answer that lacks a required field instead of writing it', async () => {
    const app = await appWith(post, { ...aPost, tldr: undefined }, { verify: false });
    expect((await app.inject('/thing')).statusCode).toBe(500);
    await app.close();
  });

  it('keep zod’s encoder where JSON Schema cannot say what the schema holds (a date)', async () => {
    const dated = z.object({ at: z.date() });
    expect(jsonSchemaOf(dated)).toBeNull();
    const app = await appWith(dated, { at: new Date('2026-12-08T10:00:00Z') }, { verify: false });
    expect((await app.inject('/thing')).json()).toEqual({ at: '2026-12-08T10:00:00.000Z' });
    await app.close();
  });

  it('under verify, check each answer against zod’s: a field of the wrong type fails it', async () => {
    const app = await appWith(post, { ...aPost, likes_count: 'three' }, { verify: true });
    expect((await app.inject('/thing')).statusCode).toBe(500);
    await app.close();
    const fine = await appWith(post, aPost, { verify: true });
    expect((await fine.inject('/thing')).json()).toEqual(post.parse(aPost));
    await fine.close();
  });
});
