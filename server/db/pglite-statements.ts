import { type PGlite, type QueryOptions, type Results, parse, protocol } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Statement {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them when the statement was prepared. */
  paramTypes: number[];
}

/** PostgreSQL's "cached plan must not change result type": the schema moved under a statement. */
const PLAN_CHANGED = '0A000';
const { serialize } = protocol;

/**
 * Named prepared statements for the embedded database, keyed by their SQL text (ADR 027).
 *
 * PGlite's own `query` parses, plans and describes every statement on every call. Hearth's queries
 * come from Drizzle with `$n` placeholders, so one text serves every call of the same query: this
 * parses it once, keeps its parameter types, and binds and executes it by name afterwards, so
 * PostgreSQL's plan cache does what it does for any server-side prepared statement. The most
 * recently used `capacity` statements are kept; older ones are closed.
 */
export class StatementCache {
  readonly #pglite: PGlite;
  readonly #capacity: number;
  /** In use order: the least recently used first. */
  readonly #statements = new Map<string, Statement>();
  #counter = 0;

  constructor(pglite: PGlite, capacity = 256) {
    this.#pglite = pglite;
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#statements.size;
  }

  /**
   * Runs `sql` as a prepared statement. `inTransaction`: the caller already holds the session (an
   * open transaction), so only the query lock is taken and nothing is flushed until it ends.
   */
  async query<T>(
    sql: string,
    params: unknown[],
    options: Pick<QueryOptions, 'rowMode' | 'parsers' | 'paramTypes'>,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const run = () => this.#pglite._runExclusiveQuery(() => this.#run<T>(sql, params, options, true));
    if (inTransaction) return run();
    const result = await this.#pglite._runExclusiveTransaction(run);
    await this.#pglite.syncToFs();
    return result;
  }

  async #run<T>(
    sql: string,
    params: unknown[],
    options: Pick<QueryOptions, 'rowMode' | 'parsers' | 'paramTypes'>,
    retry: boolean,
  ): Promise<Results<T>> {
    const statement = this.#statements.get(sql) ?? (await this.#prepare(sql, options.paramTypes));
    // Most recently used last.
    this.#statements.delete(sql);
    this.#statements.set(sql, statement);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = this.#pglite.serializers[statement.paramTypes[index]!];
      return serializer ? serializer(param) : String(param);
    });
    let messages: BackendMessage[] = [];
    try {
      messages = [
        ...(await this.#send(serialize.bind({ statement: statement.name, values }))),
        ...(await this.#send(serialize.describe({ type: 'P' }))),
        ...(await this.#send(serialize.execute({}))),
      ];
    } catch (error) {
      await this.#sync();
      if (!retry || (error as { code?: string }).code !== PLAN_CHANGED) throw error;
      // Prepared before the schema changed (a migration): prepare it again, once.
      await this.#close(sql, statement);
      return await this.#run<T>(sql, params, options, false);
    }
    messages.push(...(await this.#sync()));
    return parse.parseResults(messages, this.#pglite.parsers, options)[0] as Results<T>;
  }

  async #prepare(sql: string, paramTypes: number[] | undefined): Promise<Statement> {
    const name = `hearth_${++this.#counter}`;
    let described: BackendMessage[];
    try {
      await this.#send(serialize.parse({ name, text: sql, types: paramTypes }));
      described = await this.#send(serialize.describe({ type: 'S', name }));
    } finally {
      await this.#sync();
    }
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    if (this.#statements.size >= this.#capacity) {
      const [oldestSql, oldest] = this.#statements.entries().next().value!;
      await this.#close(oldestSql, oldest);
    }
    return statement;
  }

  async #close(sql: string, statement: Statement) {
    this.#statements.delete(sql);
    try {
      await this.#send(serialize.close({ type: 'S', name: statement.name }));
    } finally {
      await this.#sync();
    }
  }

  #send(message: Uint8Array): Promise<BackendMessage[]> {
    return this.#pglite.execProtocolStream(message, { syncToFs: false });
  }

  #sync(): Promise<BackendMessage[]> {
    return this.#send(serialize.sync());
  }
}
