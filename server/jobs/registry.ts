import type { z } from 'zod';
import type { AppContext } from '../context';
import type { JobDefinition } from './queue';

/** Every background job Hearth runs, built with the context its handlers need. */
export function jobDefinitions(_context: AppContext): JobDefinition<z.ZodType>[] {
  return [];
}
