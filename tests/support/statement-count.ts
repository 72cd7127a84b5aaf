import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

/**
 * Counting the statements one piece of work sends (issue 26: a like sent a dozen). Every statement
 * Hearth sends passes `noteStatement` (read-cache.ts: the PGlite thread's client and PostgreSQL's
 * pool client both call it, synchronously, in the caller's async context), so a test file wraps it:
 *
 *   vi.mock('../../db/read-cache', async (original) => {
 *     const { countingNoteStatement } = await import('../../../tests/support/statement-count');
 *     const module = await original<typeof import('../../db/read-cache')>();
 *     return { ...module, noteStatement: countingNoteStatement(module.noteStatement) };
 *   });
 *
 * and the statements are those noted inside the work's async context, whatever runs beside it
 * (the job workers' polls, the live hub's reads, other tests' requests). On PostgreSQL a
 * transaction's BEGIN and COMMIT are statements too; PGlite's thread opens and ends its
 * transactions without a statement text, so `withoutTransactionEnds` compares the engines.
 */
const counting = new AsyncLocalStorage<string[] | undefined>();

/** `noteStatement`, also recording each statement in the counting context, if any. */
export function countingNoteStatement(note: (sql: string) => void): (sql: string) => void {
  return (sql: string) => {
    counting.getStore()?.push(sql);
    note(sql);
  };
}

/** The statements `work` sends, in order. */
export async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  await counting.run(seen, work);
  return [...seen];
}

/**
 * The statements the server sends while handling the requests `send` makes to `method path`: the
 * count starts where Node's HTTP server hands such a request over (its `http.server.request.start`
 * diagnostics channel) and covers everything its handler does, until `send` has the answer.
 */
export async function statementsOfRequest(
  method: string,
  path: string,
  send: () => Promise<unknown>,
): Promise<string[]> {
  const seen: string[] = [];
  const onStart = (message: unknown) => {
    const { request } = message as { request: IncomingMessage };
    // Every request is entered, so one on the same connection after this one counts nowhere.
    counting.enterWith(request.method === method && request.url === path ? seen : undefined);
  };
  diagnostics.subscribe('http.server.request.start', onStart);
  try {
    await send();
  } finally {
    diagnostics.unsubscribe('http.server.request.start', onStart);
  }
  return [...seen];
}

const TRANSACTION_END = /^\s*(?:begin|commit|rollback)\b/i;

/** The statements less BEGIN, COMMIT and ROLLBACK: what both engines send alike. */
export function withoutTransactionEnds(statements: readonly string[]): string[] {
  return statements.filter((statement) => !TRANSACTION_END.test(statement));
}
