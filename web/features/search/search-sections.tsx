import { useQuery } from '@tanstack/react-query';
import { Link2, RotateCw, SearchX, Users, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupHit, LinkHit, PersonHit } from '@shared/api/search';
import { Alert } from '@web/components/alert';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { Card } from '@web/components/card';
import { EmptyState } from '@web/components/empty-state';
import { useT } from '@web/i18n/i18n';
import { errorMessage } from '@web/lib/api-errors';
import { searchKeys, searchSections } from './api';
import { Highlighted, plainText } from './highlighted';
import { SEARCH_TEXT, type SectionTab } from './messages';

/** The Links, People or Groups tab of /search: one POST /api/search/all per query. */
export function SectionResults({ query, tab }: { query: string; tab: Exclude<SectionTab, 'posts'> }) {
  const t = useT();
  const results = useQuery({
    queryKey: searchKeys.sections(query),
    queryFn: ({ signal }) => searchSections(query, signal),
  });
  if (results.isPending) {
    return <p role="status">{t('search.sections.searching')}</p>;
  }
  if (results.isError) {
    return (
      <Alert>
        <p>{t(SEARCH_TEXT.error, { message: errorMessage(results.error) })}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void results.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('search.page.tryAgain')}
        </Button>
      </Alert>
    );
  }
  const found = results.data;
  if (found[tab].length === 0) {
    return <EmptyState icon={SearchX} title={t(SEARCH_TEXT.emptySection[tab])} />;
  }
  return (
    <ul
      className="space-y-3"
      aria-label={t('search.sections.listLabel', { kind: t(SEARCH_TEXT.tabs[tab]), query })}
    >
      {tab === 'links' && found.links.map((hit) => <LinkResult key={hit.id} hit={hit} />)}
      {tab === 'people' && found.people.map((hit) => <PersonResult key={hit.profile_id} hit={hit} />)}
      {tab === 'groups' && found.groups.map((hit) => <GroupResult key={hit.id} hit={hit} />)}
    </ul>
  );
}

function LinkResult({ hit }: { hit: LinkHit }) {
  const t = useT();
  return (
    <li>
      <Card className="p-4">
        <Link to={`/links/${hit.id}`} className="font-semibold text-stone-900 hover:underline">
          <Link2 className="me-1.5 inline size-4 text-stone-400" aria-hidden="true" />
          <Highlighted pieces={hit.title} />
        </Link>
        <p className="mt-0.5 text-xs text-stone-500">
          {t('search.sections.sharedBy', { domain: hit.domain, name: hit.name })}
        </p>
        {hit.snippet.length > 0 && (
          <p className="mt-2 text-sm text-stone-700">
            <Highlighted pieces={hit.snippet} />
          </p>
        )}
      </Card>
    </li>
  );
}

function PersonResult({ hit }: { hit: PersonHit }) {
  const name = plainText(hit.name);
  return (
    <li>
      <Card className="flex items-center gap-3 p-4">
        <Avatar src={hit.avatar} name={name} initials={name.slice(0, 2).toUpperCase()} />
        <div>
          <Link to={`/profiles/${hit.profile_id}`} className="font-semibold text-stone-900 hover:underline">
            <Highlighted pieces={hit.name} />
          </Link>
          <p className="text-xs text-stone-500">
            @<Highlighted pieces={hit.username} />
          </p>
        </div>
      </Card>
    </li>
  );
}

function GroupResult({ hit }: { hit: GroupHit }) {
  const t = useT();
  return (
    <li>
      <Card className="flex items-center justify-between gap-3 p-4">
        <Link to={`/group/${hit.id}`} className="font-semibold text-stone-900 hover:underline">
          <UsersRound className="me-1.5 inline size-4 text-stone-400" aria-hidden="true" />
          <Highlighted pieces={hit.name} />
        </Link>
        {hit.is_member && (
          <span className="inline-flex items-center gap-1 text-xs text-stone-500">
            <Users className="size-3.5" aria-hidden="true" />
            {t('search.sections.member')}
          </span>
        )}
      </Card>
    </li>
  );
}
