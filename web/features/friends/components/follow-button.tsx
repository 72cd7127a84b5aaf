import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserCheck, UserPlus } from 'lucide-react';
import type { Friends } from '@shared/api/follows';
import type { Profile, ProfileSummary } from '@shared/api/profiles';
import { Button, type ButtonSize } from '@web/components/button';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import { queryKeys } from '@web/lib/query-keys';
import { setFollowing } from '../api';
import { FRIENDS_TEXT as TEXT } from '../messages';

/**
 * Follow / Unfollow a member. The answer updates the member's profile and the Friends lists in the
 * cache at once; the lists are then reloaded (a followed suggestion moves to People you follow).
 */
export function FollowButton({
  profileId,
  following,
  name,
  size = 'md',
  className,
}: {
  profileId: string;
  following: boolean;
  /** For the accessible label: "Follow Ada Lovelace". */
  name: string;
  size?: ButtonSize;
  className?: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: setFollowing,
    onSuccess: (result) => {
      queryClient.setQueryData<Profile>(queryKeys.profiles.detail(profileId), (profile) =>
        profile
          ? { ...profile, is_following: result.is_following, followers_count: result.followers_count }
          : profile,
      );
      const mark = (people: ProfileSummary[]) =>
        people.map((person) =>
          person.id === profileId ? { ...person, is_following: result.is_following } : person,
        );
      queryClient.setQueryData<Friends>(queryKeys.friends.all, (friends) =>
        friends
          ? {
              following: mark(friends.following),
              followers: mark(friends.followers),
              suggestions: mark(friends.suggestions),
            }
          : friends,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.friends.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.me() });
      // Following may make two members mutual: whether they may write to each other is asked again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.detail(profileId) });
    },
    onError: (error) => console.error('Follow change failed', error),
  });

  const label = t(following ? TEXT.unfollow : TEXT.follow);
  const Icon = following ? UserCheck : UserPlus;
  return (
    <div className={cn('flex flex-col items-end gap-1', className)}>
      <Button
        size={size}
        variant={following ? 'outline' : 'primary'}
        busy={mutation.isPending}
        aria-label={t(following ? 'friends.follow.unfollowName' : 'friends.follow.followName', { name })}
        onClick={() => mutation.mutate({ profileId, follow: !following })}
      >
        {mutation.isPending ? null : <Icon className="size-4" aria-hidden="true" />}
        {label}
      </Button>
      {mutation.isError ? (
        <p role="alert" className="max-w-60 text-end text-xs text-red-700">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
    </div>
  );
}
