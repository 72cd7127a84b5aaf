import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Flag, MailPlus, MessageSquareHeart, ShieldAlert } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { PageHeader } from '@web/components/page-header';
import { useAuth } from '@web/app/auth/auth-context';
import { EmptyState } from '@web/components/empty-state';
import { cn } from '@web/lib/cn';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { adminKeys, feedbacksPaging } from './api';
import { FeedbackList } from './components/feedback-list';
import { InvitingPanel } from './components/inviting-panel';
import { ReportsPanel } from './components/reports-panel';

const tabClasses =
  'inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium text-stone-600 transition-colors ' +
  'hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ' +
  'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm';

/** /admin: open reports to resolve or dismiss, members' feedback, and who may invite. Admins only. */
export function AdminReviewPage() {
  useDocumentTitle('Reports & feedback');
  const { user } = useAuth();
  const [tab, setTab] = useState('reports');

  if (user && !user.is_admin) {
    return (
      <EmptyState
        icon={ShieldAlert}
        title="This page is for admins"
        description="Reports and feedback are reviewed by the people who run this Hearth."
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Reports & feedback"
        description="Keep the community healthy: review reported posts and read what members tell you."
      />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Review" className="mb-5 inline-flex gap-1 rounded-xl bg-stone-100 p-1">
          <Tabs.Trigger value="reports" className={tabClasses}>
            <Flag className="size-4" aria-hidden="true" />
            Reports
          </Tabs.Trigger>
          <Tabs.Trigger value="feedback" className={tabClasses}>
            <MessageSquareHeart className="size-4" aria-hidden="true" />
            Feedback
          </Tabs.Trigger>
          <Tabs.Trigger value="inviting" className={tabClasses}>
            <MailPlus className="size-4" aria-hidden="true" />
            Inviting
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
