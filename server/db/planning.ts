/**
 * How Hearth's statements are planned, on both engines (ADR 063): once per connection, with the
 * parameters left open. Every statement is prepared by its text (pg-statements.ts,
 * pglite-statements.ts), and left to itself PostgreSQL plans each of them again for its first five
 * runs on a connection, then for every run where it guesses that a plan for the given values would
 * be cheaper. Hearth's reads are short and nest the visibility rule's subqueries, so planning cost
 * far more than running: under the 16 % mix on PostgreSQL, 13.4 s of planning beside 13.6 s of
 * execution (the inbox's statement 40-130 ms to plan, under 0.5 ms to run; a timeline page 35 ms
 * and 1.5 ms). Their generic plans ran as fast as the custom ones, statement by statement.
 */
export const PLAN_CACHE_MODE = 'force_generic_plan';
