import { AsyncLocalStorage } from 'node:async_hooks';
import {
  BY_GROUP,
  BY_POST,
  EVERY_TABLE,
  HEARTH_TABLES,
  closureOf,
  everyGroupRowOf,
  everyRowOf,
  groupRowsOf,
  rowsOf,
  tablesRead,
  tablesWritten,
} from './statement-tables';

/**
 * Answers to hot reads (the session look-up, timeline pages, a post's comments, the inbox, search)
 * kept until a table they read is changed in the database (ADR 028, ADR 042). Each answer is kept
 * with the tables its statements named (`noteStatement`); a write takes away only the answers that
 * read a table it changes (`statement-tables.ts`: its targets, what their foreign keys and triggers
 * carry). It is exact where one process owns every write: the embedded database, whose client
 * watches every statement. A read is kept only if no write to its tables was in flight when it
 * started, nor sent or settled while it ran, and it is served only while none of them has changed
 * since, so it never returns what a completed write changed.
 *
 * On PostgreSQL other processes write too: the same reads are kept, and dropped when this process
 * writes their tables or PostgreSQL announces another's committed write to them (ADR 031). They are
 * served only while the announcements are proven to arrive, within a second (ADR 067).
 */
export interface ReadCache {
  /**
   * `load()`'s answer for `key`, from the cache while nothing was written since it was loaded and
   * `isCurrent` (when given) still holds for it: an answer may also depend on the clock.
   */
  read<T>(key: string, load: () => Promise<T>, isCurrent?: (value: T) => boolean): Promise<T>;
  /** Answers served from the cache (hits) and loaded (misses) so far, by kind of key. */
  outcomes?(): KeptReadOutcome[];
  /** The answer kept under `key` grew after it was kept (a page's last body): it is measured again. */
  grew?(key: string): void;
  /** What is kept now: answers and their estimated bytes. */
  held?(): { entries: number; bytes: number };
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

/**
 * Which tables changed, and when (ADR 042): one sequence numbers every write sent and every change
 * settled, per table. An answer is kept with the number current when its load began and the tables
 * its statements named; it is served while none of those tables (nor `EVERY_TABLE`) has changed
 * since. A load's answer is kept only if no write to its tables was sent, in flight or settled
 * while it ran.
 */
export class TableClock {
  #seq = 0;
  readonly #sent = new Map<string, number>();
  readonly #changed = new Map<string, number>();
  readonly #inFlight = new Map<string, number>();
  /** What the database's state says besides: closed, nothing kept is served. */
  readonly #isClosed: () => boolean;

  constructor(isClosed: () => boolean = () => false) {
    this.#isClosed = isClosed;
  }

  get seq(): number {
    return this.#seq;
  }

  /** The database has stopped or its writes cannot all be heard: nothing kept is served. */
  get closed(): boolean {
    return this.#isClosed();
  }

  /** A write to `tables` was sent (or a transaction first wrote them): in flight until it settles. */
  writeSent(tables: Iterable<string>): void {
    const seq = ++this.#seq;
    for (const table of tables) {
      this.#sent.set(table, seq);
      this.#inFlight.set(table, (this.#inFlight.get(table) ?? 0) + 1);
    }
  }

  /** That write settled, having `changed` data or not. */
  writeSettled(tables: Iterable<string>, changed: boolean): void {
    const seq = ++this.#seq;
    for (const table of tables) {
      const left = (this.#inFlight.get(table) ?? 1) - 1;
      if (left === 0) this.#inFlight.delete(table);
      else this.#inFlight.set(table, left);
      if (changed) this.#changed.set(table, seq);
    }
  }

  /** `tables` changed, by a write this clock did not see sent (another process's, announced). */
  changed(tables: Iterable<string>): void {
    const seq = ++this.#seq;
    for (const table of tables) this.#changed.set(table, seq);
  }

  /** Whether none of `tables`, nor `EVERY_TABLE`, changed after `seq`. */
  unchangedSince(tables: readonly string[], seq: number): boolean {
    if ((this.#changed.get(EVERY_TABLE) ?? 0) > seq) return false;
    for (const table of tables) if ((this.#changed.get(table) ?? 0) > seq) return false;
    return true;
  }

  /** Whether no write to `tables` (or to `EVERY_TABLE`) was sent or settled after `seq`, or is in flight. */
  quietSince(tables: Iterable<string>, seq: number): boolean {
    for (const table of [EVERY_TABLE, ...tables]) {
      if ((this.#sent.get(table) ?? 0) > seq || (this.#changed.get(table) ?? 0) > seq) return false;
      if (this.#inFlight.has(table)) return false;
    }
    return true;
  }
}

/** The tables the statements of the load in progress named (`VersionedReadCache.read`). */
const loading = new AsyncLocalStorage<Set<string>>();
/** The posts the statements in progress read the `BY_POST` tables of, when they said (`readingPosts`). */
const postsRead = new AsyncLocalStorage<readonly string[]>();
/** The group the statements in progress read the `BY_GROUP` tables of, when they said (`readingGroup`). */
const groupRead = new AsyncLocalStorage<string>();

/**
 * Runs `read`, whose statements read the `BY_POST` tables (likes, comments, counters) only for the
 * posts `postIds`: a kept answer it is part of depends on those posts' rows of them, not on the
 * whole tables, so a like on another post keeps it. The caller's query must say so in its WHERE.
 */
export function readingPosts<T>(postIds: readonly string[], read: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the scope: a query builder sends its statement only when awaited.
  return postsRead.run(
    postIds.map((id) => id.toLowerCase()),
    async () => await read(),
  );
}

/**
 * Runs `read`, whose statements read the `BY_GROUP` tables (posts, pins) only for the group
 * `groupId`'s rows (ADR 056): a kept answer it is part of depends on that group's rows of them, not
 * on the whole tables, so a post outside the group, or a pin in another, keeps it. The caller's
 * queries must say so in their WHERE (the group's posts, its pins, or posts by ids of its pins).
 */
export function readingGroup<T>(groupId: string, read: () => PromiseLike<T>): Promise<T> {
  return groupRead.run(groupId.toLowerCase(), async () => await read());
}

/**
 * Notes that `sql` is run on behalf of the load in progress, if any: the tables it names become
 * the kept answer's dependencies. Every statement Hearth sends passes here (the PGlite thread's
 * client and PostgreSQL's pool client call it).
 */
export function noteStatement(sql: string): void {
  const tables = loading.getStore();
  if (!tables) return;
  const postIds = postsRead.getStore();
  const groupId = groupRead.getStore();
  for (const table of tablesRead(sql)) {
    if (postIds && BY_POST.has(table)) {
      tables.add(everyRowOf(table));
      for (const postId of postIds) tables.add(rowsOf(table, postId));
    } else if (groupId && BY_GROUP.has(table)) {
      tables.add(everyGroupRowOf(table));
      tables.add(groupRowsOf(table, groupId));
    } else {
      tables.add(table);
    }
  }
}

/** V8's size of a heap object's header (map, properties, elements), and of one field or item. */
const OBJECT_BYTES = 24;
const SLOT_BYTES = 8;
/** A character outside Latin-1 makes V8 keep the whole string two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;

/**
 * About how many bytes `value` holds on V8's heap: each string's characters, a header per object,
 * array, Map or Date and a slot per field, item or entry; an object it reaches twice counts once (a
 * string, where it appears). Field names are shared by every object of a shape and are not counted. An estimate within tens of per
 * cent (ADR 053): it bounds the kept answers, it is not an account of the heap.
 */
export function estimateBytes(value: unknown, seen = new Set<object>()): number {
  if (typeof value === 'string') return OBJECT_BYTES + value.length * (TWO_BYTE.test(value) ? 2 : 1);
  if (typeof value !== 'object' || value === null) return 0;
  if (seen.has(value)) return 0;
  seen.add(value);
  if (value instanceof Date) return OBJECT_BYTES;
  let bytes = OBJECT_BYTES;
  const add = (item: unknown) => (bytes += SLOT_BYTES + estimateBytes(item, seen));
  if (Array.isArray(value)) value.forEach(add);
  else if (value instanceof Map)
    for (const [key, item] of value) {
      add(key);
      add(item);
    }
  else if (value instanceof Set) value.forEach(add);
  else Object.values(value).forEach(add);
  return bytes;
}

interface Entry {
  /** The clock's sequence number when the load began. */
  seq: number;
  /** Its estimated size with its key (`estimateBytes`). */
  bytes: number;
  /** The tables its statements named. */
  tables: readonly string[];
  value: unknown;
}

export interface VersionedReadCacheOptions {
  /** The most answers kept: the least recently used go first. */
  capacity?: number;
  /**
   * The most bytes kept (`estimateBytes` of each answer and its key): past it the least recently
   * used go first, and an answer larger than it is not kept.
   */
  maxBytes?: number;
  /**
   * Keep an answer only when its key is read a second time (TinyLFU's "doorkeeper"): what one
   * member reads once (a post opened from deep in the timeline, a search) is then never kept, so it
   * neither costs memory nor pushes out what is read again and again (issue 26). An answer kept
   * once and then changed is kept again on its next read.
   */
  keepOnSecondRead?: boolean;
}

/** How many answers are kept between two sweeps for the changed ones (`VersionedReadCache`). */
export const SWEEP_EVERY_KEPT = 100;

/** Answers kept until a table they read changes. */
export class VersionedReadCache implements ReadCache {
  readonly #clock: TableClock;
  readonly #capacity: number;
  readonly #maxBytes: number;
  #bytes = 0;
  /** Answers kept since the last `#sweep`. */
  #keptSinceSweep = 0;
  /** In use order: the least recently used first. */
  readonly #entries = new Map<string, Entry>();
  readonly #outcomes = new Map<string, KeptReadOutcome>();
  /** With `keepOnSecondRead`: keys read once and not kept; emptied whenever it reaches its bound. */
  readonly #readOnce: Set<string> | null;

  constructor(
    clock: TableClock,
    { capacity = 1000, maxBytes = Infinity, keepOnSecondRead = false }: VersionedReadCacheOptions = {},
  ) {
    this.#readOnce = keepOnSecondRead ? new Set() : null;
    this.#clock = clock;
    this.#capacity = capacity;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  outcomes(): KeptReadOutcome[] {
    return [...this.#outcomes.values()].map((outcome) => ({ ...outcome }));
  }

  held(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  grew(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    entry.bytes = estimateBytes(key) + estimateBytes(entry.value);
    this.#bytes += entry.bytes;
    this.#shrink();
  }

  #take(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    return entry;
  }

  #keep(key: string, entry: Entry): void {
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#shrink();
    if (++this.#keptSinceSweep >= SWEEP_EVERY_KEPT) this.#sweep();
  }

  /**
   * Lets go of every answer a write has changed: it is never served again, yet it would hold its
   * memory until newer answers pushed it out, and under a steady stream of writes the cache would
   * fill with them (ADR 067). Its key is kept again at its next read, as finding it stale would.
   */
  #sweep(): void {
    this.#keptSinceSweep = 0;
    if (this.#clock.closed) return;
    for (const [key, entry] of this.#entries) {
      if (this.#clock.unchangedSince(entry.tables, entry.seq)) continue;
      this.#take(key);
      this.#readOnce?.add(key);
    }
  }

  /** Drops the least recently used answers until both bounds hold. */
  #shrink(): void {
    while (this.#entries.size > this.#capacity || this.#bytes > this.#maxBytes) {
      this.#take(this.#entries.keys().next().value!);
    }
  }

  /** Whether an answer loaded for `key` is kept: always, unless only keys read twice are. */
  #admits(key: string, stale: Entry | undefined): boolean {
    const once = this.#readOnce;
    if (once === null || stale !== undefined || once.delete(key)) return true;
    // Bounded by a few times what is kept: past that, the keys read once start again from none.
    if (once.size >= this.#capacity * 4) once.clear();
    once.add(key);
    return false;
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
    // A load that reads through another kept answer depends on that answer's tables too.
    const outer = loading.getStore();
    const entry = this.#take(key);
    if (
      entry !== undefined &&
      !clock.closed &&
      clock.unchangedSince(entry.tables, entry.seq) &&
      (!isCurrent || isCurrent(entry.value as T))
    ) {
      this.#keep(key, entry);
      this.#count(key, true);
      if (outer) for (const table of entry.tables) outer.add(table);
      return entry.value as T;
    }
    this.#count(key, false);
    const seq = clock.seq;
    const named = new Set<string>();
    const value = await loading.run(named, load);
    if (outer) for (const table of named) outer.add(table);
    // "Nothing" (an unknown session token) is not kept, so guesses cannot crowd out what is used.
    if (value === undefined || value === null || !this.#admits(key, entry)) return value;
    if (clock.quietSince(named, seq)) {
      this.#take(key);
      const bytes = estimateBytes(key) + estimateBytes(value);
      if (bytes <= this.#maxBytes) this.#keep(key, { seq, bytes, tables: [...named], value });
    } else {
      // A write to what it read, in flight, sent or settled meanwhile may or may not be in `value`:
      // not kept, but the next read keeps its answer, as this one would have.
      this.#readOnce?.add(key);
    }
    return value;
  }
}

/**
 * The longest another process's write can go unseen by this one's kept reads on PostgreSQL (ADR
 * 031, ADR 067). It normally shows as soon as its notice arrives (milliseconds); should notices
 * stop coming, nothing kept is served once the last proof that they arrive is this old.
 */
export const UNHEARD_WRITE_MAX_MS = 1000;

/**
 * Writes to a PostgreSQL database (ADR 031, ADR 042): this process's through its pool, as each
 * `PreparingClient` sends them (`tracker`: a statement outside a transaction settles with its
 * answer; the tables a transaction writes stay in flight until it ends), and every other
 * process's as PostgreSQL announces them once committed (`changedElsewhere`, from the change
 * notices of migration 0016, which name the table). The notices of this process's own
 * connections are passed over: their writes were counted as they were sent.
 *
 * Until the notices are heard (`hear`), and whenever the connection they come by is lost, it is
 * `closed`: nothing kept is served, since another process's write could go unseen.
 *
 * A connection can also stay open while its notices stop coming (a stalled server, a network that
 * drops packets without closing it). So the process proves, several times a second, that they
 * still arrive (ADR 067): it sends a notice of its own on the same connection and waits for it to
 * come back (`proofHeard`). PostgreSQL delivers notices in the order their transactions committed,
 * so once a proof is back, every write committed before it was sent has been heard. The clock is
 * also `closed` once the last proof heard back was sent more than `proofValidMs` ago: a write
 * committed elsewhere goes unseen at most that long, and an answer no write changed is served for
 * as long as the proofs keep coming.
 */
export class PoolWriteClock extends TableClock {
  #hearing = false;
  #stopped = false;
  /** When the latest proof heard back was sent (`now()`); never, until one is. */
  #provenAt = -Infinity;
  readonly #proofValidMs: number;
  readonly #now: () => number;
  /** The server process ids of this pool's connections, whose notices are this process's own writes. */
  readonly ownConnections = new Set<number>();

  constructor({
    proofValidMs = UNHEARD_WRITE_MAX_MS,
    now = () => performance.now(),
  }: { proofValidMs?: number; now?: () => number } = {}) {
    super(() => this.#stopped || !this.#hearing || this.#now() - this.#provenAt > this.#proofValidMs);
    this.#proofValidMs = proofValidMs;
    this.#now = now;
  }

  /** The time to send in a proof (`proofHeard` is handed it back when it arrives). */
  proofTime(): number {
    return this.#now();
  }

  /**
   * A proof sent at `sentAt` (`proofTime`) came back: every write committed before then was heard.
   * A time that is not one this clock could have given is passed over.
   */
  proofHeard(sentAt: number): void {
    if (Number.isFinite(sentAt) && sentAt <= this.#now()) this.#provenAt = Math.max(this.#provenAt, sentAt);
  }

  /** A write to `table` was committed by another process: answers that read it are stale. */
  changedElsewhere(table: string, processId?: number): void {
    if (processId !== undefined && this.ownConnections.has(processId)) return;
    if (!HEARTH_TABLES.has(table)) return this.changed([EVERY_TABLE]);
    // The notice names the table, not the posts nor the group: every post's and group's rows of it changed.
    const changed = closureOf(table);
    this.changed([
      ...changed,
      ...changed.filter((name) => BY_POST.has(name)).map(everyRowOf),
      ...changed.filter((name) => BY_GROUP.has(name)).map(everyGroupRowOf),
    ]);
  }

  /**
   * Whether the change notices are arriving. Either way what was kept is dropped: once they stop,
   * writes may go unheard; once they start again, some already have.
   */
  hear(hearing: boolean): void {
    this.#hearing = hearing;
    // Proofs sent before the connection was lost prove nothing about the one that replaces it.
    this.#provenAt = -Infinity;
    this.changed([EVERY_TABLE]);
  }

  /** The database is closed: nothing is served from what was kept. */
  stop(): void {
    this.#stopped = true;
  }

  /** A connection's writes, counted per statement and per transaction. */
  tracker(): ConnectionWrites {
    return new ConnectionWrites(this);
  }
}

const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const END = /^\s*(?:commit|end|abort|rollback)(?:\s+(?:work|transaction))?\s*;?\s*$/i;

/**
 * One connection's writes as the clock sees them. Outside a transaction a statement's tables are
 * in flight until its answer; inside one, from the first statement that writes them until the
 * transaction ends (its writes are seen by others only then).
 */
export class ConnectionWrites {
  readonly #clock: TableClock;
  /** The open transaction, or null outside one. */
  #transaction: TransactionWrites | null = null;

  constructor(clock: TableClock) {
    this.#clock = clock;
  }

  /** `answer`, the result of the statement `sql`, counted as a write unless it only reads. */
  track<T extends { rowCount?: number | null }>(
    sql: string,
    answer: Promise<T>,
    params?: readonly unknown[],
  ): Promise<T> {
    if (BEGIN.test(sql)) {
      this.end();
      this.#transaction = new TransactionWrites(this.#clock);
      return answer;
    }
    if (END.test(sql)) {
      return answer.finally(() => this.end());
    }
    if (!mayChangeKeptReads(sql)) return answer;
    const tables = tablesWritten(sql, params);
    if (tables.length === 0) return answer;
    if (this.#transaction) {
      this.#transaction.write(tables);
      return answer;
    }
    this.#clock.writeSent(tables);
    return answer.then(
      (result) => {
        this.#clock.writeSettled(
          tables,
          mayHaveChangedData(sql, { affectedRows: result.rowCount ?? undefined }),
        );
        return result;
      },
      (error: unknown) => {
        this.#clock.writeSettled(tables, true);
        throw error;
      },
    );
  }

  /**
   * The open transaction ended (committed, rolled back, or its connection closed): what it wrote
   * is taken as changed.
   */
  end(): void {
    this.#transaction?.end(true);
    this.#transaction = null;
  }
}

/**
 * The tables one open transaction has written, on either engine: each is in flight from the
 * transaction's first statement that writes it until the transaction ends (others see its writes
 * only then), and changed then if a statement of it changed data.
 */
export class TransactionWrites {
  readonly #clock: TableClock;
  readonly #written = new Set<string>();
  #changed = false;

  constructor(clock: TableClock) {
    this.#clock = clock;
  }

  /** A statement of it writes `tables`. */
  write(tables: readonly string[]): void {
    const first = tables.filter((table) => !this.#written.has(table));
    for (const table of first) this.#written.add(table);
    if (first.length > 0) this.#clock.writeSent(first);
  }

  /** A statement of it changed data. */
  changed(): void {
    this.#changed = true;
  }

  /** It ended: its tables settle, changed if a statement changed data (`changed` overrides). */
  end(changed = this.#changed): void {
    if (this.#written.size > 0) this.#clock.writeSettled(this.#written, changed);
    this.#written.clear();
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
