import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PartyPopper, X } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { FollowButton } from '@web/features/friends';
import { initialsOf } from '@web/lib/initials';
import { arrivalQueryOptions } from '../invitations-api';
import { groupPath } from '../paths';
import { useT } from '@web/i18n/i18n';

const DISMISSED_KEY = 'hearth.arrival.dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The welcome on the first screen after joining by invitation (ADR 041): the groups one was invited
 * into, and people one's inviter follows to follow too. Shown while there is something to show,
 * until dismissed (kept in this browser).
 */
export function ArrivalCard() {
  const t = useT();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const arrival = useQuery({ ...arrivalQueryOptions(), enabled: !dismissed });
  if (dismissed || !arrival.data) return null;
  const { groups, inviter, suggestions } = arrival.data;
  if (groups.length === 0 && suggestions.length === 0) return null;

  function dismiss() {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: hidden until the next visit only.
    }
    setDismissed(true);
  }

  return (
    <Card className="mb-6" aria-labelledby="arrival-title" role="region">
      <CardHeader className="flex flex-row items-start gap-3">
        <PartyPopper className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle id="arrival-title">{t('groups.arrival.title')}</CardTitle>
          <CardDescription>
            {inviter
              ? t('groups.arrival.invitedBy', { name: inviter.name })
              : t('groups.arrival.description')}
          </CardDescription>
        </div>
        <Button variant="ghost" size="icon" onClick={dismiss} aria-label={t('groups.arrival.dismiss')}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardBody className="space-y-5 pt-3 sm:pt-4">
        {groups.length > 0 ? (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-stone-900">{t('groups.arrival.groups')}</h3>
            <ul className="flex flex-wrap gap-2" aria-label={t('groups.arrival.groups')}>
              {groups.map((group) => (
                <li key={group.id}>
                  <Link
                    to={groupPath(group.id)}
                    className="inline-flex rounded-full border border-stone-200 px-3 py-1 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {group.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {suggestions.length > 0 ? (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-stone-900">
              {inviter ? t('groups.arrival.peopleOf', { name: inviter.name }) : t('groups.arrival.people')}
            </h3>
            <ul className="divide-y divide-stone-100" aria-label={t('groups.arrival.people')}>
              {suggestions.map((person) => (
                <li key={person.profile_id} className="flex items-center gap-3 py-2">
                  <Avatar src={person.avatar} initials={initialsOf(person.name)} size="md" />
                  <Link
                    to={`/profiles/${person.profile_id}`}
                    className="min-w-0 flex-1 truncate text-sm hover:underline"
                  >
                    <span className="font-medium text-stone-900">{person.name}</span>{' '}
                    <span className="text-stone-500">@{person.username}</span>
                  </Link>
                  <FollowButton
                    profileId={person.profile_id}
                    following={person.is_following}
                    name={person.name}
                    size="sm"
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
