import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HeartHandshake, Sparkles, UserRoundCheck, UsersRound } from 'lucide-react';
import type { ProfileSummary } from '@shared/api/profiles';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { RetryAlert } from '@web/components/retry-alert';
import { errorMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { friendsQueryOptions } from './api';
import { PersonRow } from './components/person-row';
import { FRIENDS_TEXT as TEXT } from './messages';

/** /friends: People you follow, Your followers, People you may know (from your groups). */
export function FriendsPage() {
  useDocumentTitle(TEXT.title);
  const friends = useQuery(friendsQueryOptions());

  return (
    <div>
      <PageHeader title={TEXT.title} description="Follow the people you want to hear from." />
      {friends.isPending ? (
        <LoadingScreen label="Loading friends…" />
      ) : friends.isError ? (
        <RetryAlert
          message={`An error has occurred: ${errorMessage(friends.error)}`}
          retrying={friends.isFetching}
          onRetry={() => void friends.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <PeopleSection
            icon={UserRoundCheck}
            title={TEXT.following.title}
            description={TEXT.following.description}
            empty={TEXT.following.empty}
            people={friends.data.following}
            showFollowsYou
          />
          <PeopleSection
            icon={UsersRound}
            title={TEXT.followers.title}
            description={TEXT.followers.description}
            empty={TEXT.followers.empty}
            people={friends.data.followers}
          />
          <PeopleSection
            icon={Sparkles}
            title={TEXT.suggestions.title}
            description={TEXT.suggestions.description}
            empty={TEXT.suggestions.empty}
            emptyHint={TEXT.suggestions.emptyHint}
            people={friends.data.suggestions}
          />
        </div>
      )}
    </div>
  );
}

function PeopleSection({
  icon: Icon,
  title,
  description,
  empty,
  emptyHint,
  people,
  showFollowsYou = false,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description: string;
  empty: string;
  emptyHint?: string;
  people: ProfileSummary[];
  showFollowsYou?: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start gap-3 space-y-0">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-[18px]" aria-hidden />
        </span>
        <div className="min-w-0 space-y-0.5">
          <CardTitle className="flex items-center gap-2">
            {title}
            {people.length > 0 ? (
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-600">
                {people.length}
              </span>
            ) : null}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardBody className="pt-2 sm:pt-3">
        {people.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl bg-stone-50 px-4 py-3.5 text-sm text-stone-600">
            <HeartHandshake className="size-4 shrink-0 text-stone-400" aria-hidden="true" />
            <p>
              {empty}
              {emptyHint ? <span className="text-stone-500"> {emptyHint}</span> : null}
            </p>
          </div>
        ) : (
          <ul className="-my-1 divide-y divide-stone-100" aria-label={title}>
            {people.map((person) => (
              <PersonRow key={person.id} person={person} showFollowsYou={showFollowsYou} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
