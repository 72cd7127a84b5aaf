import { createHash } from 'node:crypto';
import pg from 'pg';
import { type ConnectionWrites, type PoolWriteClock, noteStatement } from './read-cache';

type QueryCallback = (error: Error | null, result?: unknown) => void;
interface QueryConfig {
  text: string;
  name?: string;
  [option: string]: unknown;
}

/** PostgreSQL's "cached plan must not change result type": a table changed under a prepared statement. */
const PLAN_CHANGED = '0A000';

const names = new Map<string, string>();
const NAMES_KEPT = 2000;

/** One name per SQL text, the same in every process and connection (kept per text: hashed once). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `h${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= NAMES_KEPT) names.delete(names.keys().next().value!);
    names.set(text, name);
  }
  return name;
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
  /** Counts this connection's writes, when the pool was given a clock (`writeClock` in its options). */
  readonly #writes: ConnectionWrites | null;

  constructor(config?: pg.ClientConfig & { writeClock?: PoolWriteClock }) {
    super(config);
    const clock = config?.writeClock;
    this.#writes = clock ? clock.tracker() : null;
    if (clock) {
      // Its notices are its own writes, counted as sent; a transaction open when it ends is over.
      this.once('connect', () => clock.ownConnections.add(this.#processId()));
      this.once('end', () => {
        clock.ownConnections.delete(this.#processId());
        this.#writes!.end();
      });
    }
  }

  /** The server process this connection talks to (node-postgres keeps it, untyped). */
  #processId(): number {
    return (this as unknown as { processID: number }).processID;
  }

  // node-postgres' own overloads (text, config, submittable; callback or promise) pass through.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    const callback = args.findLast((arg) => typeof arg === 'function') as QueryCallback | undefined;
    const statement = preparable(config, values);
    const text = statement?.text ?? plainText(config);
    if (text !== null) noteStatement(text);
    const counted = this.#writes !== null && text !== null;
    if (!statement && !counted) return (super.query as (...rest: unknown[]) => never).apply(this, args);
    let answer = statement
      ? this.#prepared({ ...statement, name: statementName(statement.text) }, values as unknown[])
      : (super.query as (config: unknown, values?: unknown[]) => Promise<unknown>).call(
          this,
          config,
          Array.isArray(values) ? values : undefined,
        );
    if (counted) {
      const params = Array.isArray(values) ? (values as unknown[]) : undefined;
      answer = this.#writes!.track(text!, answer as Promise<pg.QueryResult>, params);
    }
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
