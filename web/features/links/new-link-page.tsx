import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { LINK_NOTE_MAX } from '@shared/domain/link-texts';
import { LINK_VISIBILITIES, type LinkVisibility } from '@shared/domain/constants';
import { checkLinkUrl } from '@shared/domain/link-url';
import { Alert } from '@web/components/alert';
import { Button, ButtonLink } from '@web/components/button';
import { Card, CardBody } from '@web/components/card';
import { DraftNotice } from '@web/components/draft-notice';
import { Label, Textarea, TextField } from '@web/components/input';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { groupsQueryOptions } from '@web/features/groups/api';
import { postableGroups } from '@web/features/posts';
import { t, useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useDraft } from '@web/lib/use-draft';
import { useLeaveWarning } from '@web/lib/use-leave-warning';
import { createLink } from './api';
import { linkPath } from './components/link-card';
import { createLinkErrors, VISIBILITY_LABEL_IDS, type LinkFormField } from './messages';

type Field = LinkFormField;

/**
 * The form's own checks (spec section 5): the same URL rule as the server's, and a group chosen
 * when the link is shared into one (ADR 046).
 */
export function validateNewLink(values: {
  url: string;
  visibility: string;
  groupId?: string;
}): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const url = checkLinkUrl(values.url);
  if (!url.ok) errors.url = url.problem === 'blank' ? t('links.new.urlRequired') : t('links.new.urlInvalid');
  if (!(LINK_VISIBILITIES as readonly string[]).includes(values.visibility))
    errors.visibility = t('links.new.visibilityRequired');
  else if (values.visibility === 'group' && !values.groupId) errors.group_id = t('links.new.groupChoose');
  return errors;
}

/**
 * /links/new (spec sections 2, 5 and 8): url (required, a valid http(s) URL), an optional comment
 * (sent as null when empty) and the visibility (private by default; "A group" asks which of the
 * groups the member may post in, and ?group_id= chooses it). A field's error clears when it is
 * edited; Add is disabled while the url is blank. Success goes to /links/{id}, carrying the
 * earlier shares of the same page so that screen can show them.
 */
export function NewLinkPage() {
  const t = useT();
  useDocumentTitle(t('links.new.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const requestedGroup = searchParams.get('group_id') ?? '';
  const ids = {
    comment: useId(),
    visibility: useId(),
    visibilityError: useId(),
    commentError: useId(),
    group: useId(),
    groupError: useId(),
    groupHint: useId(),
  };
  // The address and the comment are kept as the member's draft until the link is added.
  const draft = useDraft('link:new', { url: '', comment: '' });
  const { url, comment } = draft.values;
  const [visibility, setVisibility] = useState<LinkVisibility | ''>(requestedGroup ? 'group' : 'private');
  const [groupId, setGroupId] = useState(requestedGroup);
  const sharingInGroup = visibility === 'group';
  const groups = useQuery({ ...groupsQueryOptions(), select: postableGroups, enabled: sharingInGroup });
  // A group the member may not post in (or that does not exist) is not offered: they choose again.
  const chosenGroup = groups.isSuccess && !groups.data.some((group) => group.id === groupId) ? '' : groupId;
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: createLink,
    onSuccess: (created) => {
      draft.clear();
      void queryClient.invalidateQueries({ queryKey: queryKeys.links.timeline() });
      navigate(linkPath(created.id), { state: { earlierLinks: created.earlier_links } });
    },
    onError: (error) => {
      console.error('Could not create link', error);
      const parsed = createLinkErrors(error);
      setErrors(parsed.fields);
      setFailure(parsed.other);
    },
  });

  function edit(field: Field) {
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || create.isSuccess) return;
    const found = validateNewLink({ url, visibility, groupId: chosenGroup });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    create.mutate({
      url: url.trim(),
      comment: comment.trim() ? comment : null,
      visibility: visibility as LinkVisibility,
      ...(sharingInGroup ? { group_id: chosenGroup } : {}),
    });
  }

  const busy = create.isPending || create.isSuccess;
  useLeaveWarning(create.isPending);
  return (
    <>
      <PageHeader title={t('links.new.title')} description={t('links.new.description')} />
      <Card>
        <CardBody>
          <form noValidate onSubmit={submit} className="space-y-5">
            {failure ? <Alert>{failure}</Alert> : null}
            {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
            <TextField
              label={t('links.new.url')}
              name="url"
              type="url"
              inputMode="url"
              required
              autoFocus
              placeholder={t('links.new.urlPlaceholder')}
              value={url}
              error={errors.url}
              onChange={(event) => {
                draft.update({ url: event.target.value });
                edit('url');
              }}
            />
            <div className="space-y-1.5">
              <Label htmlFor={ids.comment}>{t('links.new.comment')}</Label>
              <Textarea
                id={ids.comment}
                name="comment"
                rows={4}
                maxLength={LINK_NOTE_MAX}
                placeholder={t('links.new.commentPlaceholder')}
                value={comment}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? ids.commentError : undefined}
                onChange={(event) => {
                  draft.update({ comment: event.target.value });
                  edit('comment');
                }}
              />
              {errors.comment ? (
                <p id={ids.commentError} className="text-sm text-red-700">
                  {errors.comment}
                </p>
              ) : null}
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.visibility} required>
                {t('links.new.visibility')}
              </Label>
              <Select
                id={ids.visibility}
                name="visibility"
                required
                wrapperClassName="w-full sm:w-72"
                value={visibility}
                aria-invalid={errors.visibility ? true : undefined}
                aria-describedby={errors.visibility ? ids.visibilityError : undefined}
                onChange={(event) => {
                  setVisibility(event.target.value as LinkVisibility | '');
                  edit('visibility');
                }}
              >
                {LINK_VISIBILITIES.map((value) => (
                  <option key={value} value={value}>
                    {t(VISIBILITY_LABEL_IDS[value])}
                  </option>
                ))}
              </Select>
              {errors.visibility ? (
                <p id={ids.visibilityError} className="text-sm text-red-700">
                  {errors.visibility}
                </p>
              ) : null}
            </div>
            {sharingInGroup ? (
              <div className="space-y-1.5">
                <Label htmlFor={ids.group} required>
                  {t('links.new.group')}
                </Label>
                <Select
                  id={ids.group}
                  name="group_id"
                  required
                  wrapperClassName="w-full sm:w-72"
                  value={chosenGroup}
                  disabled={groups.isPending}
                  aria-invalid={errors.group_id ? true : undefined}
                  aria-describedby={
                    [errors.group_id ? ids.groupError : null, ids.groupHint].filter(Boolean).join(' ') ||
                    undefined
                  }
                  onChange={(event) => {
                    setGroupId(event.target.value);
                    edit('group_id');
                  }}
                >
                  {groups.isPending ? (
                    <option value={chosenGroup}>{t('links.new.loadingGroups')}</option>
                  ) : (
                    <>
                      <option value="">{t('links.new.chooseGroup')}</option>
                      {groups.data?.map((group) => (
                        <option key={group.id} value={group.id}>
                          {group.name}
                        </option>
                      ))}
                    </>
                  )}
                </Select>
                {errors.group_id ? (
                  <p id={ids.groupError} className="text-sm text-red-700">
                    {errors.group_id}
                  </p>
                ) : null}
                <p id={ids.groupHint} className="text-sm text-stone-500">
                  {groups.isError
                    ? t('links.new.groupsFailed')
                    : groups.isSuccess && groups.data.length === 0
                      ? t('links.new.noGroups')
                      : t('links.new.groupHint')}
                </p>
              </div>
            ) : null}
            <div className="flex justify-end gap-2">
              <ButtonLink to="/links" variant="outline">
                {t('links.new.cancel')}
              </ButtonLink>
              <Button type="submit" disabled={!url.trim()} busy={busy}>
                <Link2 className="size-4" aria-hidden="true" />
                {busy ? t('links.new.adding') : t('links.new.title')}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </>
  );
}
