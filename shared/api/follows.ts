import { z } from 'zod';
import { PageQuerySchema } from './fields';
import { ProfileSummarySchema } from './profiles';

/** Contracts of following members and the Friends screen. */

/** POST and DELETE /api/profiles/{id}/follow. */
export const FollowResponseSchema = z.object({
  is_following: z.boolean(),
  followers_count: z.number().int(),
});
export type FollowResponse = z.infer<typeof FollowResponseSchema>;

/**
 * GET /api/friends: suggestions are members who share a group with me and whom I don't follow;
 * following and followers hold the first page (50) of each list, the paged calls below the rest.
 */
export const FriendsSchema = z.object({
  following: z.array(ProfileSummarySchema),
  followers: z.array(ProfileSummarySchema),
  suggestions: z.array(ProfileSummarySchema),
});
export type Friends = z.infer<typeof FriendsSchema>;

/**
 * GET /api/friends/following and GET /api/friends/followers ?after=&limit= : by username, cursor
 * paged (headers x-next-cursor and x-has-next-page, as the timelines).
 */
export const FriendsPageQuerySchema = PageQuerySchema;
export const PersonListSchema = z.array(ProfileSummarySchema);
