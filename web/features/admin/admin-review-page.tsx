import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Flag, MailPlus, MessageSquareHeart, ShieldAlert } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { APP_NAME } from '@shared/domain/constants';
import { PageHeader } from '@web/components/page-header';
import { useAuth } from '@web/app/auth/auth-context';
import { EmptyState } from '@web/components/empty-state';
import { LoadingScreen } from '@web/components/loading-screen';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { adminKeys, feedbacksPaging, reportSummaryQueryOptions } from './api';
import { FeedbackList } from './components/feedback-list';
import { InvitingPanel } from './components/inviting-panel';
import { ReportsPanel } from './components/reports-panel';

const tabClasses =
  'inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium text-stone-600 transition-colors ' +
  'hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ' +
  'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm';

/**
 * /admin: open reports to dismiss, resolve or act on (admins: all; a group's Owners and Moderators:
 * their groups'), and for admins members' feedback and who may invite.
 */
export function AdminReviewPage() {
  const t = useT();
  const { user } = useAuth();
  const isAdmin = Boolean(user?.is_admin);
  useDocumentTitle(t(isAdmin ? 'admin.page.titleAdmin' : 'admin.page.titleModerator'));
  const [tab, setTab] = useState('reports');
  const summary = useQuery({ ...reportSummaryQueryOptions(), enabled: Boolean(user) && !isAdmin });

  if (user && !isAdmin) {
    if (summary.isPending) return <LoadingScreen label={t('admin.page.loadingReports')} />;
    if (!summary.data?.can_review) {
      return (
        <EmptyState
          icon={ShieldAlert}
          title={t('admin.page.notForYouTitle')}
          description={t('admin.page.notForYouDescription', { app: APP_NAME })}
        />
      );
    }
    return (
      <>
        <PageHeader
          title={t('admin.page.titleModerator')}
          description={t('admin.page.moderatorDescription')}
        />
        <ReportsPanel />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('admin.page.titleAdmin')} description={t('admin.page.adminDescription')} />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label={t('admin.page.tabsLabel')}
          className="mb-5 inline-flex gap-1 rounded-xl bg-stone-100 p-1"
        >
          <Tabs.Trigger value="reports" className={tabClasses}>
            <Flag className="size-4" aria-hidden="true" />
            {t('admin.page.tabReports')}
          </Tabs.Trigger>
          <Tabs.Trigger value="feedback" className={tabClasses}>
            <MessageSquareHeart className="size-4" aria-hidden="true" />
            {t('admin.page.tabFeedback')}
          </Tabs.Trigger>
          <Tabs.Trigger value="inviting" className={tabClasses}>
            <MailPlus className="size-4" aria-hidden="true" />
            {t('admin.page.tabInviting')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports" className={cn('focus-visible:outline-none')}>
          <ReportsPanel />
        </Tabs.Content>
        <Tabs.Content value="feedback" className="focus-visible:outline-none">
          <FeedbackPanel />
        </Tabs.Content>
        <Tabs.Content value="inviting" className="focus-visible:outline-none">
          <InvitingPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function FeedbackPanel() {
  const query = useInfiniteQuery({ queryKey: adminKeys.feedbacks(), ...feedbacksPaging() });
  return <FeedbackList query={query} />;
}
