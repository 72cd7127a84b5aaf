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
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { errorMessage, serverErrorText } from '@web/lib/api-errors';
import {
  dataExportKeys,
  dataExportsQueryOptions,
  EXPORT_POLL_MS,
  requestDataExport,
} from './data-export-api';

/** What the archive holds, one line each. */
const INCLUDED = [
  'settings.dataExport.includedProfile',
  'settings.dataExport.includedPosts',
  'settings.dataExport.includedComments',
  'settings.dataExport.includedLinks',
  'settings.dataExport.includedSocial',
  'settings.dataExport.includedFiles',
];

/** The newest export, with the list updated in place (a new one first, the same one replaced). */
function withExport(list: DataExport[] | undefined, created: DataExport): DataExport[] {
  return [created, ...(list ?? []).filter((item) => item.id !== created.id)];
}

/** /settings/data: ask for a zip of everything the member shared, follow it, download it. */
export function DataExportSection() {
  const t = useT();
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
        <CardTitle>{t('settings.dataExport.title')}</CardTitle>
        <CardDescription>
          {t('settings.dataExport.description', { days: DATA_EXPORT_LIMITS.keepDays })}
        </CardDescription>
      </CardHeader>
      <CardBody className="space-y-4">
        <div>
          <p className="text-sm font-medium text-stone-800">{t('settings.dataExport.included')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5 text-sm text-stone-600">
            {INCLUDED.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-stone-600">{t('settings.dataExport.neverIncluded')}</p>
        </div>
        {requestError ? <Alert>{requestError}</Alert> : null}
        {exports.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            {t('settings.dataExport.loading')}
          </p>
        ) : exports.isError ? (
          <RetryAlert
            message={t('settings.profile.loadFailed', { error: errorMessage(exports.error) })}
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
  const t = useT();
  if (latest?.status === 'pending') {
    return <Alert variant="info">{t('settings.dataExport.preparing')}</Alert>;
  }
  if (latest?.status === 'failed') {
    return (
      <div className="space-y-3">
        <Alert>{t('settings.dataExport.failed')}</Alert>
        <Button busy={requesting} onClick={onRequest}>
          {t('settings.dataExport.tryAgain')}
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
            <p className="font-medium text-stone-900">{t('settings.dataExport.ready')}</p>
            <p className="text-sm text-stone-600">
              <Message
                id="settings.dataExport.availableUntil"
                components={{ day: <Time value={ready.expires_at!} format="date" /> }}
              />
            </p>
          </div>
          <a
            href={ready.download_url!}
            download
            className={buttonClasses({ variant: 'primary', size: 'sm' })}
          >
            <Download className="size-4" aria-hidden="true" />
            {ready.byte_size != null
              ? t('settings.dataExport.downloadSize', { size: formatBytes(ready.byte_size) })
              : t('settings.dataExport.download')}
          </a>
        </div>
      ) : latest?.status === 'ready' ? (
        <p className="text-sm text-stone-600">{t('settings.dataExport.expired')}</p>
      ) : null}
      <Button variant={ready ? 'outline' : 'primary'} busy={requesting} onClick={onRequest}>
        {t('settings.dataExport.request')}
      </Button>
    </div>
  );
}
