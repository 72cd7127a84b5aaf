/**
 * Answers to hot reads (the session look-up, timeline pages, the public feed) kept until data is
 * changed in the database (ADR 028). It is exact only where one process owns every write: the
 * embedded database, whose client watches every statement (`WriteClock`). A read is kept only if no
 * write was in flight when it started and none was sent or changed data while it ran, and it is
 * served only while no data has changed since, so it never returns what a completed write changed.
 *
 * On PostgreSQL other processes write too: the same reads are kept, and dropped when this process
 * writes or PostgreSQL announces another's committed write, for at most a second either way, and
 * not at all while those announcements cannot be heard (ADR 031).
 */
export interface ReadCache {
  /**
   * `load()`'s answer for `key`, from the cache while nothing was written since it was loaded and
   * `isCurrent` (when given) still holds for it: an answer may also depend on the clock.
   */
  read<T>(key: string, load: () => Promise<T>, isCurrent?: (value: T) => boolean): Promise<T>;
  /** Answers served from the cache (hits) and loaded (misses) so far, by kind of key. */
  outcomes?(): KeptReadOutcome[];
}

/** A kind of kept read (its key's prefix: `session`, `timeline`, …) and how often it was served. */
export interface KeptReadOutcome {
  kind: string;
  hits: number;
  misses: number;
}

/**
 * A key's kind: the text before its first colon (`timeline:{…}` is a `timeline`), which the code
 * names; the rest of a key holds ids and filters, so it never becomes a label.
 */
export function keptReadKind(key: string): string {
  const prefix = key.slice(0, key.indexOf(':'));
  return /^[a-z][a-z-]{0,30}$/.test(prefix) ? prefix : 'other';
}

/** PostgreSQL: every read goes to the database. */
export const noReadCache: ReadCache = { read: (_key, load) => load() };

/** What the embedded database's client counts of the statements that may write. */
export interface WriteClock {
  /** Moves when a write settles having changed data (rows touched, DDL, a transaction that wrote). */
  readonly changes: number;
  /** Moves when a statement that may write is sent, or a transaction begins. */
  readonly writesSent: number;
  /** Those sent and not yet settled (an open transaction counts as one). */
  readonly writesInFlight: number;
  /** The database has stopped: nothing is served from the cache, so reads fail as the database does. */
  readonly closed: boolean;
}

interface Entry {
  changes: number;
  value: unknown;
  /** When it was loaded (`now()`). */
  at: number;
}

export interface VersionedReadCacheOptions {
  /** The most answers kept: the least recently used go first. */
  capacity?: number;
  /**
   * How long an answer may be served, in ms. Unbounded where `clock` sees every write as it
   * happens (the embedded database); on PostgreSQL, where other processes' writes are heard of
   * once committed, it bounds how long one can go unseen should its notice be late (ADR 031).
   */
  maxAgeMs?: number;
  /** The clock `maxAgeMs` is measured on (tests give their own). */
  now?: () => number;
}

/** Answers kept until `clock` says data changed (or, with `maxAgeMs`, they grow too old). */
export class VersionedReadCache implements ReadCache {
  readonly #clock: WriteClock;
  readonly #capacity: number;
  readonly #maxAgeMs: number;
  /** Whether answers age at all: where they never do (the embedded database), the clock is not read. */
  readonly #aged: boolean;
  readonly #now: () => number;
  /** In use order: the least recently used first. */
  readonly #entries = new Map<string, Entry>();
  readonly #outcomes = new Map<string, KeptReadOutcome>();

  constructor(
    clock: WriteClock,
    { capacity = 500, maxAgeMs = Infinity, now = () => performance.now() }: VersionedReadCacheOptions = {},
  ) {
    this.#clock = clock;
    this.#capacity = capacity;
    this.#maxAgeMs = maxAgeMs;
    this.#aged = maxAgeMs !== Infinity;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  outcomes(): KeptReadOutcome[] {
    return [...this.#outcomes.values()].map((outcome) => ({ ...outcome }));
  }

  #count(key: string, hit: boolean) {
    const kind = keptReadKind(key);
    let outcome = this.#outcomes.get(kind);
    if (!outcome) this.#outcomes.set(kind, (outcome = { kind, hits: 0, misses: 0 }));
    if (hit) outcome.hits++;
    else outcome.misses++;
  }

  async read<T>(key: string, load: () => Promise<T>, isCurrent?: (value: T) => boolean): Promise<T> {
    const clock = this.#clock;
    const changes = clock.changes;
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    const fresh = entry !== undefined && (!this.#aged || this.#now() - entry.at < this.#maxAgeMs);
    if (fresh && entry.changes === changes && !clock.closed && (!isCurrent || isCurrent(entry.value as T))) {
      this.#entries.set(key, entry);
      this.#count(key, true);
      return entry.value as T;
    }
    this.#count(key, false);
    const sent = clock.writesSent;
    const quiet = clock.writesInFlight === 0;
    const at = this.#aged ? this.#now() : 0;
    const value = await load();
    // A write in flight, sent or settled meanwhile may or may not be in `value`: not kept. Nor is
    // "nothing" (an unknown session token), so guesses cannot crowd out what is used.
    const untouched = quiet && clock.writesSent === sent && clock.changes === changes;
    if (untouched && value !== undefined && value !== null) {
      this.#entries.set(key, { changes, value, at });
      if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
    }
    return value;
  }
}

/**
 * Writes to a PostgreSQL database (ADR 031): this process's through its pool, counted as they go
 * (`PreparingClient` calls `track`; a transaction is not one write here: each statement of it
 * counts, and its COMMIT counts as a change), and every process's as PostgreSQL announces them once
 * committed (`changedElsewhere`, from the change notices of migration 0016).
 *
 * Until the notices are heard (`hear`), and whenever the connection they come by is lost, it is
 * `closed`: nothing kept is served, since another process's write could go unseen.
 */
export class PoolWriteClock implements WriteClock {
  changes = 0;
  writesSent = 0;
  writesInFlight = 0;
  #hearing = false;
  #stopped = false;

  get closed(): boolean {
    return this.#stopped || !this.#hearing;
  }

  /** A write was committed, by this process or another: everything kept before it is stale. */
  changedElsewhere(): void {
    this.changes++;
  }

  /**
   * Whether the change notices are arriving. Either way what was kept is dropped: once they stop,
   * writes may go unheard; once they start again, some already have.
   */
  hear(hearing: boolean): void {
    this.#hearing = hearing;
    this.changes++;
  }

  /** The database is closed: nothing is served from what was kept. */
  stop(): void {
    this.#stopped = true;
  }

  /** `answer`, the result of the statement `sql`, counted as a write unless it only reads. */
  track<T extends { rowCount?: number | null }>(sql: string, answer: Promise<T>): Promise<T> {
    if (!mayChangeKeptReads(sql)) return answer;
    this.writesSent++;
    this.writesInFlight++;
    return answer.then(
      (result) => {
        this.writesInFlight--;
        if (mayHaveChangedData(sql, { affectedRows: result.rowCount ?? undefined })) this.changes++;
        return result;
      },
      (error: unknown) => {
        this.writesInFlight--;
        this.changes++;
        throw error;
      },
    );
  }
}

/**
 * A statement that only reads: a SELECT, or a WITH whose common table expressions and main
 * statement are all SELECTs (the inbox and search read this way; Hearth calls no function that
 * writes from a SELECT). Anything else (INSERT, UPDATE, DELETE, a WITH that writes, DDL, SET, …)
 * may write.
 */
const READ = /^\s*\(*\s*select\b/i;
/**
 * The throttle's counters: every throttled request (each public read among them) writes one, and
 * no kept read looks at them, so those writes leave what is kept alone. PostgreSQL's change notices
 * leave the table out for the same reason (migration 0016).
 */
const THROTTLE_COUNTERS = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?rate_limits"?[\s(]/i;
/**
 * A session marked seen (`markSessionSeen`: its "last seen" time and address, at most once a
 * minute): only the member's session list shows them, and that list is never kept. Migration 0019
 * leaves these updates out of PostgreSQL's change notices too. Only a statement that sets exactly
 * those two columns matches.
 */
const SEEN_COLUMNS = String.raw`(?:"?ip"?\s*=\s*\$\d\s*,\s*"?last_seen_at"?|"?last_seen_at"?\s*=\s*\$\d\s*,\s*"?ip"?)\s*=\s*\$\d`;
const SESSION_SEEN = new RegExp(
  String.raw`^\s*update\s+"?sessions"?\s+set\s+${SEEN_COLUMNS}\s+where\s+(?:"?sessions"?\.)?"?id"?\s*=\s*\$3\s*$`,
  'i',
);

/**
 * Whether a statement may change what a kept read answers: any write but the throttle's counters
 * and a session's "last seen" mark.
 */
export function mayChangeKeptReads(sql: string): boolean {
  if (READ.test(sql)) return false;
  if (WITH.test(sql)) return MODIFYING_CTE.test(sql) || withMainStatement(sql) !== 'select';
  return !THROTTLE_COUNTERS.test(sql) && !SESSION_SEEN.test(sql);
}

const DML = /^\s*(insert|update|delete|merge)\b/i;
const WITH = /^\s*with\b/i;
/** A data-modifying common table expression: `name as (insert|update|delete …)`. */
const MODIFYING_CTE = /\bas\s*(?:not\s+)?(?:materialized\s*)?\(\s*(insert|update|delete|merge)\b/i;
const STATEMENT_KEYWORD = /^(select|insert|update|delete|merge|values|table)$/;

/**
 * The keyword of a WITH statement's main statement (`select`, `update`, …), found after its common
 * table expressions: the first such keyword outside every parenthesis, string, quoted name and
 * comment. `null` when there is none (not a statement Hearth writes).
 */
function withMainStatement(sql: string): string | null {
  let depth = 0;
  // WITH is anchored at the start: the scan begins right after the keyword.
  let index = WITH.exec(sql)![0].length;
  while (index < sql.length) {
    const char = sql[index]!;
    if (char === "'" || char === '"') {
      const close = sql.indexOf(char, index + 1);
      if (close < 0) return null;
      // A doubled quote inside continues the literal: the scan resumes right after it either way.
      index = close + 1;
    } else if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      index = end < 0 ? sql.length : end + 1;
    } else if (char === '/' && sql[index + 1] === '*') {
      const end = sql.indexOf('*/', index + 2);
      index = end < 0 ? sql.length : end + 2;
    } else if (char === '(') {
      depth++;
      index++;
    } else if (char === ')') {
      depth--;
      index++;
    } else if (/[a-z_]/i.test(char)) {
      const word = /^[a-z_][a-z0-9_$]*/i.exec(sql.slice(index, index + 64))![0];
      if (depth === 0 && STATEMENT_KEYWORD.test(word.toLowerCase())) return word.toLowerCase();
      index += word.length;
    } else {
      index++;
    }
  }
  return null;
}

/**
 * Whether a statement that may write did change data. A top-level INSERT, UPDATE, DELETE or MERGE
 * (also under a WITH of plain SELECTs, as job queues poll) that touched no row changed nothing;
 * anything else (DDL, a modifying CTE, …) is taken to have changed data.
 */
export function mayHaveChangedData(sql: string, result: { affectedRows?: number }): boolean {
  const counted = DML.test(sql) || (WITH.test(sql) && !MODIFYING_CTE.test(sql));
  return counted ? (result.affectedRows ?? 1) > 0 : true;
}
