import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileArchive } from 'lucide-react';
import type { DataExport } from '@shared/api/data-exports';
import { DATA_EXPORT_LIMITS } from '@shared/domain/data-export-limits';
import { formatBytes } from '@shared/domain/format-bytes';
import { Alert } from '@web/components/alert';
import { Button, buttonClasses } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { RetryAlert } from '@web/components/retry-alert';
import { Time } from '@web/components/time';
import { errorMessage, serverErrorText } from '@web/lib/api-errors';
import {
  dataExportKeys,
  dataExportsQueryOptions,
  EXPORT_POLL_MS,
  requestDataExport,
} from './data-export-api';

const INCLUDED = [
  'Your profile, email address, time zone and notification settings',
  'Your posts, with their group and public address if published',
  'Your comments on posts and links, and what they answer',
  'The links you shared, with their summaries',
  'Your likes, groups and roles, follows, invitations and blocks',
  'The files you uploaded',
];

/** The newest export, with the list updated in place (a new one first, the same one replaced). */
function withExport(list: DataExport[] | undefined, created: DataExport): DataExport[] {
  return [created, ...(list ?? []).filter((item) => item.id !== created.id)];
}

/** /settings/data: ask for a zip of everything the member shared, follow it, download it. */
export function DataExportSection() {
  const queryClient = useQueryClient();
  const exports = useQuery({
    ...dataExportsQueryOptions(),
    // Polls only while the newest export is being prepared; stops once it is ready or failed.
    refetchInterval: (query) => (query.state.data?.[0]?.status === 'pending' ? EXPORT_POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (created) =>
      queryClient.setQueryData<DataExport[]>(dataExportKeys.all, (list) => withExport(list, created)),
  });
  const latest = exports.data?.[0];
  const requestError = request.error ? (serverErrorText(request.error) ?? errorMessage(request.error)) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Export your data</CardTitle>
        <CardDescription>
          Get a copy of what you have shared on Hearth as one zip file of JSON documents and your files. We
          prepare it in the background and email you when it is ready; the download works for{' '}
          {DATA_EXPORT_LIMITS.keepDays} days.
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        <div>
          <p className="text-sm font-medium text-stone-800">What is included</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-stone-600">
            {INCLUDED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-stone-600">
            Never included: your password, sign-in sessions, two-factor secrets and other members' posts.
          </p>
        </div>
        {requestError ? <Alert>{requestError}</Alert> : null}
        {exports.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            Loading your exports…
          </p>
        ) : exports.isError ? (
          <RetryAlert
            message={`An error has occurred: ${errorMessage(exports.error)}`}
            retrying={exports.isFetching}
            onRetry={() => void exports.refetch()}
          />
        ) : (
          <ExportState latest={latest} requesting={request.isPending} onRequest={() => request.mutate()} />
        )}
      </CardBody>
    </Card>
  );
}

function ExportState({
  latest,
  requesting,
  onRequest,
}: {
  latest: DataExport | undefined;
  requesting: boolean;
  onRequest: () => void;
}) {
  if (latest?.status === 'pending') {
    return <Alert variant="info">We're preparing your export. We'll email you when it's ready.</Alert>;
  }
  if (latest?.status === 'failed') {
    return (
      <div className="space-y-3">
        <Alert>We couldn't prepare your export. Nothing was lost; please try again.</Alert>
        <Button busy={requesting} onClick={onRequest}>
          Try again
        </Button>
      </div>
    );
  }
  const ready = latest?.status === 'ready' && latest.download_url ? latest : null;
  return (
    <div className="space-y-3">
      {ready ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3">
          <FileArchive className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-stone-900">Your export is ready</p>
            <p className="text-sm text-stone-600">
              Available until <Time value={ready.expires_at!} format="date" />
            </p>
          </div>
          <a
            href={ready.download_url!}
            download
            className={buttonClasses({ variant: 'primary', size: 'sm' })}
          >
            <Download className="size-4" aria-hidden="true" />
            Download{ready.byte_size != null ? ` (${formatBytes(ready.byte_size)})` : ''}
          </a>
        </div>
      ) : latest?.status === 'ready' ? (
        <p className="text-sm text-stone-600">Your last export has expired and was deleted.</p>
      ) : null}
      <Button variant={ready ? 'outline' : 'primary'} busy={requesting} onClick={onRequest}>
        Request export
      </Button>
    </div>
  );
}
