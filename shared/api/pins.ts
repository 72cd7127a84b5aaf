import { z } from 'zod';
import { uuidParam } from './fields';

/**
 * Pinned posts in a group (ADR 043): PUT and DELETE /api/groups/{id}/pins/{post_id} answer the post
 * (its `pinned` flag as it now is); GET /api/groups/{id}/pins answers the pinned posts, newest pin
 * first, in the post shape (PostListSchema).
 */
export const PinParamsSchema = z.object({ id: uuidParam, post_id: uuidParam });
export type PinParams = z.infer<typeof PinParamsSchema>;
