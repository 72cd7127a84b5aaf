import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerInput = Parameters<FastifySerializerCompiler<z.ZodType>>[0];
type Serialize = (data: unknown) => string;

/** The response schema a route declared, as fastify-type-provider-zod reads it. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  if (
    schema &&
    typeof schema === 'object' &&
    'properties' in schema &&
    schema.properties instanceof z.ZodType
  )
    return schema.properties;
  return null;
}

/**
 * The response's JSON Schema for fast-json-stringify, or null where the zod schema holds something
 * JSON Schema cannot say (a transform, a date, a custom check): those answers keep zod's encoder.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    delete json.$schema;
    return withoutClosedObjects(json) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The schema without `additionalProperties: false`. zod's encoder drops the fields its objects do not
 * name, and so does fast-json-stringify when an object says nothing of other fields; but the
 * branches of a union are told apart by validating against them, where a closed object would refuse
 * a value with one field more than its branch names (zod takes it, without that field).
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (!node || typeof node !== 'object') return node;
  const open: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node))
    if (!(key === 'additionalProperties' && value === false)) open[key] = withoutClosedObjects(value);
  return open;
}

/**
 * Answers are written by a serializer compiled from their schema (ADR 068): fast-json-stringify
 * builds one function per route and status that writes the schema's fields and nothing else, as
 * zod's encoder kept them, without checking every field's type again on each answer. Where a
 * schema cannot be compiled, zod's encoder is kept.
 *
 * `verify` (the tests) also encodes every answer with zod and fails it (500) when the two texts do
 * not parse to the same value, so every API test checks the compiled writer against the schema's
 * own reading; zod's errors (a field of the wrong type, a missing one) still fail the answer.
 */
export function compiledSerializerCompiler({
  verify,
}: {
  verify: boolean;
}): FastifySerializerCompiler<unknown> {
  const zodCompile = zodSerializerCompiler as unknown as (input: SerializerInput) => Serialize;
  return (input) => {
    const schema = zodSchemaOf(input.schema);
    const zodWriter = () => zodCompile(input as SerializerInput);
    // A schema that is not zod's is refused as the routes are registered, as zod's encoder does.
    if (!schema) return zodWriter();
    // Compiled at a route's first answer, not when routes are registered: a few milliseconds for
    // each of some 270 routes and statuses, most of which a process never answers.
    const route = `${input.method} ${input.url} (${input.httpStatus})`;
    let serialize: Serialize | null = null;
    return (data) => {
      serialize ??= compile(schema, zodWriter, verify, route);
      return serialize(data);
    };
  };
}

function compile(schema: z.ZodType, zodWriter: () => Serialize, verify: boolean, route: string): Serialize {
  const json = jsonSchemaOf(schema);
  if (!json) return zodWriter();
  let fast: Serialize;
  try {
    fast = fastJson(json, { rounding: 'trunc' }) as Serialize;
  } catch {
    return zodWriter();
  }
  if (!verify) return fast;
  const checked = zodWriter();
  return (data) => {
    const expected = checked(data);
    const written = fast(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
      throw new Error(`${route}: the compiled serializer wrote ${written}, zod ${expected}`);
    return written;
  };
}
