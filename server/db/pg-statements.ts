import { createHash } from 'node:crypto';
import pg from 'pg';
import type { PoolWriteClock } from './read-cache';

type QueryCallback = (error: Error | null, result?: unknown) => void;
interface QueryConfig {
  text: string;
  name?: string;
  [option: string]: unknown;
}

/** PostgreSQL's "cached plan must not change result type": a table changed under a prepared statement. */
const PLAN_CHANGED = '0A000';

/** One name per SQL text, the same in every process and connection. */
export function statementName(text: string): string {
  return `h${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * The statement to prepare, or null. Only one with parameters is prepared: that is every statement
 * Hearth's queries build (drizzle binds every value), while a text without any may hold several
 * statements (migrations, `select 1; …`), which the extended protocol a named statement uses refuses.
 */
function preparable(config: unknown, values: unknown): QueryConfig | null {
  if (!Array.isArray(values) || values.length === 0) return null;
  if (typeof config === 'string') return { text: config };
  if (typeof config !== 'object' || config === null) return null;
  const { text, name } = config as Partial<QueryConfig>;
  return typeof text === 'string' && name === undefined ? (config as QueryConfig) : null;
}

/** The SQL of a plain query (a text or a config object), or null for a submittable (a cursor, a stream). */
function plainText(config: unknown): string | null {
  if (typeof config === 'string') return config;
  if (typeof config !== 'object' || config === null) return null;
  const { text, submit } = config as { text?: unknown; submit?: unknown };
  return typeof text === 'string' && typeof submit !== 'function' ? text : null;
}

/**
 * The pool's client (ADR 028): every parameterised statement is sent as a named one, named by its
 * text, so each connection parses and plans it once and afterwards only binds and executes it
 * (PostgreSQL's plan cache then picks custom or generic plans as for any prepared statement).
 * A statement a migration changed the result of (`0A000`) is prepared again, once. Given a
 * `writeClock`, it counts the writes it sends, for the reads kept between writes (ADR 031).
 */
export class PreparingClient extends pg.Client {
  /** Counts this process's writes, when the pool was given one (`writeClock` in its options). */
  readonly #clock: PoolWriteClock | null;

  constructor(config?: pg.ClientConfig & { writeClock?: PoolWriteClock }) {
    super(config);
    this.#clock = config?.writeClock ?? null;
  }

  // node-postgres' own overloads (text, config, submittable; callback or promise) pass through.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    const callback = args.findLast((arg) => typeof arg === 'function') as QueryCallback | undefined;
    const statement = preparable(config, values);
    const text = statement?.text ?? plainText(config);
    const counted = this.#clock !== null && text !== null;
    if (!statement && !counted) return (super.query as (...rest: unknown[]) => never).apply(this, args);
    let answer = statement
      ? this.#prepared({ ...statement, name: statementName(statement.text) }, values as unknown[])
      : (super.query as (config: unknown, values?: unknown[]) => Promise<unknown>).call(
          this,
          config,
          Array.isArray(values) ? values : undefined,
        );
    if (counted) answer = this.#clock!.track(text!, answer as Promise<pg.QueryResult>);
    if (!callback) return answer as never;
    answer.then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
    return undefined as never;
  }

  async #prepared(named: QueryConfig & { name: string }, values: unknown[]): Promise<unknown> {
    const send = (text: QueryConfig | string, params?: unknown[]) =>
      (super.query as (text: QueryConfig | string, params?: unknown[]) => Promise<unknown>).call(
        this,
        text,
        params,
      );
    try {
      return await send(named, values);
    } catch (error) {
      if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
      // Forget it here and on the server, so it is parsed again; if the server cannot drop it (a
      // failed transaction), the first error stands.
      const { connection } = this as unknown as { connection: Record<string, Record<string, string>> };
      delete connection.parsedStatements![named.name];
      delete connection.submittedNamedStatements![named.name];
      await send(`deallocate "${named.name}"`).catch(() => {
        throw error;
      });
      return send(named, values);
    }
  }
}
