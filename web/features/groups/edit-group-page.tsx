import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useParams } from 'react-router';
import { useAuth } from '@web/app/auth/auth-context';
import { Alert } from '@web/components/alert';
import { ButtonLink } from '@web/components/button';
import { LoadingScreen } from '@web/components/loading-screen';
import { PageHeader } from '@web/components/page-header';
import { statusMessage } from '@web/lib/api-errors';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { groupQueryOptions } from './api';
import { GroupLoadFailure } from './components/group-load-failure';
import { GroupProfileForm } from './components/group-profile-form';
import { InvitingCards } from './components/inviting-cards';
import { JoinRequestsCard } from './components/join-requests-card';
import { MembersCard } from './components/members-card';
import { RenameGroupForm } from './components/rename-group-form';
import { groupPath } from './paths';
import { useT } from '@web/i18n/i18n';

/**
 * /groups/edit/{id}: rename, members and their roles (Owners), inviting people (Owners and
 * Moderators; the group link Owners only), and Requests to Join (Owners and Moderators). The server enforces the same rules; the group's abilities decide what is shown.
 */
export function EditGroupPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const t = useT();
  const group = useQuery(groupQueryOptions(id));
  useDocumentTitle(
    group.data ? t('groups.edit.documentTitle', { group: group.data.name }) : t('groups.edit.title'),
  );

  if (group.isPending) return <LoadingScreen label={t('groups.page.loading')} />;
  if (group.isError) return <GroupLoadFailure group={group} />;

  const data = group.data;
  const back = (
    <ButtonLink to={groupPath(data.id)} variant="outline">
      <Eye className="size-4" aria-hidden="true" />
      {t('groups.edit.viewGroup')}
    </ButtonLink>
  );

  if (!data.can_edit && !data.can_answer_requests) {
    return (
      <div>
        <PageHeader title={t('groups.edit.title')} description={data.name} actions={back} />
        <Alert>{statusMessage(403)}</Alert>
      </div>
    );
  }

  return (
    <div>
      <PageHeader title={t('groups.edit.title')} description={data.name} actions={back} />
      <div className="space-y-6">
        {data.can_edit ? <RenameGroupForm key={data.id} group={data} /> : null}
        {data.can_edit ? <GroupProfileForm key={`${data.id}-profile`} group={data} /> : null}
        {data.can_answer_requests ? <InvitingCards groupId={data.id} /> : null}
        {data.can_edit ? <MembersCard group={data} currentUserId={user?.id} /> : null}
        {data.can_answer_requests ? <JoinRequestsCard groupId={data.id} /> : null}
      </div>
    </div>
  );
}
