import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, Link2Off } from 'lucide-react';
import type { InviteLink } from '@shared/api/group-invitations';
import { INVITE_LINK_LIMITS } from '@shared/domain/group-links';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Input, Label, TextField } from '@web/components/input';
import { Select } from '@web/components/select';
import { errorMessage } from '@web/lib/api-errors';
import { copyToClipboard } from '@web/lib/clipboard';
import { queryKeys } from '@web/lib/query-keys';
import { useTimedMessage } from '@web/lib/use-timed-message';
import { makeInviteLink, turnOffInviteLink } from '../invitations-api';
import { useLocale, useT } from '@web/i18n/i18n';

const EXPIRY_CHOICES = [1, 7, 30, INVITE_LINK_LIMITS.expiresInDaysMax];

function formatDate(iso: string, locale: string) {
  return new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
}

/**
 * The group's shareable link (Owners): its state, and controls to make one (expiry, use limit),
 * copy it while it is shown (only right after it is made: the server keeps its fingerprint alone),
 * and turn it off.
 */
export function InviteLinkCard({ groupId, link }: { groupId: string; link: InviteLink }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(INVITE_LINK_LIMITS.expiresInDaysDefault);
  const [maxUses, setMaxUses] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);
  const notice = useTimedMessage();

  const settle = (next: InviteLink) =>
    queryClient.setQueryData(
      queryKeys.groups.inviting(groupId),
      (old: { link: InviteLink | null } | undefined) => (old ? { ...old, link: next } : old),
    );
  const make = useMutation({
    mutationFn: makeInviteLink,
    onSuccess: (next) => {
      settle(next);
      setFresh(next.url);
    },
  });
  const off = useMutation({
    mutationFn: () => turnOffInviteLink(groupId),
    onSuccess: (next) => {
      settle(next);
      setFresh(null);
      notice.show(t('groups.link.turnedOff'));
    },
  });

  const limit = maxUses.trim() === '' ? null : Number(maxUses);
  const limitInvalid =
    limit !== null && (!Number.isInteger(limit) || limit < 1 || limit > INVITE_LINK_LIMITS.maxUsesMax);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (limitInvalid || make.isPending) return;
    make.mutate({ groupId, expiresInDays: days, maxUses: limit });
  }

  async function copy(url: string) {
    await copyToClipboard(url);
    notice.show(t('groups.link.copied'));
  }

  const state = !link.enabled
    ? t('groups.link.off')
    : link.usable
      ? t('groups.link.on', {
          expires: formatDate(link.expires_at!, locale),
          uses:
            link.max_uses === null
              ? t('groups.link.usedTimes', { count: link.uses })
              : t('groups.link.usedOf', { count: link.uses, max: link.max_uses }),
        })
      : t('groups.link.dead');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('groups.link.title')}</CardTitle>
        <CardDescription>{t('groups.link.description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-4 pt-3 sm:pt-4">
        <p className="text-sm text-stone-700" role="status">
          {state}
        </p>
        {make.isError ? <Alert>{errorMessage(make.error)}</Alert> : null}
        {off.isError ? <Alert>{errorMessage(off.error)}</Alert> : null}
        {notice.message ? <Alert variant="success">{notice.message}</Alert> : null}
        {fresh && link.enabled ? (
          <div className="space-y-1.5">
            <Label htmlFor={`group-link-${groupId}`}>{t('groups.link.url')}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={`group-link-${groupId}`}
                readOnly
                value={fresh}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono"
              />
              <Button variant="outline" onClick={() => void copy(fresh)}>
                <Copy className="size-4" aria-hidden="true" />
                {t('groups.link.copy')}
              </Button>
            </div>
            <p className="text-xs text-stone-500">{t('groups.link.shownOnce')}</p>
          </div>
        ) : null}
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="space-y-1.5">
            <Label htmlFor={`link-days-${groupId}`}>{t('groups.link.expires')}</Label>
            <Select
              id={`link-days-${groupId}`}
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              wrapperClassName="w-full sm:w-36"
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t('groups.link.days', { count: choice })}
                </option>
              ))}
            </Select>
          </div>
          <TextField
            label={t('groups.link.maxUses')}
            hint={t('groups.link.maxUsesHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={INVITE_LINK_LIMITS.maxUsesMax}
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
            error={
              limitInvalid
                ? t('groups.link.maxUsesInvalid', { max: INVITE_LINK_LIMITS.maxUsesMax })
                : undefined
            }
            className="sm:w-36"
          />
          <div className="flex flex-wrap gap-2 sm:mb-6">
            <Button type="submit" busy={make.isPending} disabled={limitInvalid}>
              <Link2 className="size-4" aria-hidden="true" />
              {link.enabled ? t('groups.link.makeNew') : t('groups.link.make')}
            </Button>
            {link.enabled ? (
              <Button variant="outline" busy={off.isPending} onClick={() => off.mutate()}>
                <Link2Off className="size-4" aria-hidden="true" />
                {t('groups.link.turnOff')}
              </Button>
            ) : null}
          </div>
        </form>
        {link.enabled ? <p className="text-xs text-stone-500">{t('groups.link.replaces')}</p> : null}
      </CardBody>
    </Card>
  );
}
