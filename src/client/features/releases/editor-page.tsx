import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, get, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Eye, FlaskConical, Save, Send } from 'lucide-react';
import {
  megabytes,
  READ_ONLY_STATUSES,
  type PressRelease,
  type ReleaseAction,
  type ReleaseStatus,
} from '../../../shared/releases';
import type { Brand } from '../../../shared/brands';
import { BrandPicker, pickableBrands, rememberBrand, useDefaultBrand } from './brand-picker';
import { useBrands } from '../../lib/brands';
import { ApiError, errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { useCurrentUser } from '../../lib/session';
import { mayOnPlatform, useCan } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Field, Input, Select } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { AttachmentsField } from './attachments-field';
import {
  attachmentsTooLarge,
  emptyValues,
  mediaContactOf,
  FIELD_ORDER,
  fieldOfPath,
  firstProblem,
  otherLanguage,
  toPayload,
  totalAttachmentBytes,
  withBrand,
  valuesFromRelease,
  VERSION_FIELDS,
  withStoredFiles,
  type EditorField,
  type EditorValues,
  type FormProblems,
} from './editor-form';
import { LiveEmailPreview, PreviewEmailDialog } from './email-preview';
import { purchasePath, PurchaseGate, TrialBanner } from './purchase-gate';
import { LeaveDialog, useLeaveGuard } from './leave-guard';
import { PresendDialog } from './presend-dialog';
import {
  canSendFrom,
  RELEASES_PATH,
  useRelease,
  useSendPressRelease,
  useTestSend,
} from './releases-api';
import { useSubscriptionStatus } from '../../lib/subscription-status';
import { useUserLists } from '../../lib/user-lists';
import { ReviewLock, RoleLock, WithdrawButton } from './review-status';
import { ReturnedNotice } from './returned-notice';
import { SaveStatus } from './save-status';
import { draftRulesPass, useAutosave } from './use-autosave';
import { VersionFields, VersionTabs, type Version } from './version-fields';
import { LocalCopyNotice } from './local-copy-notice';
import { RecipientPicker } from './recipient-picker';
import { ScheduleControl } from './schedule-control';
import { EmbargoSection, TopicsField } from './release-timing';
import { formatForViewer } from '../../lib/zoned-time';
import { SentReleaseLock } from './sent-release-lock';
import { useEditorForm, type EditorIntent } from './use-editor-form';
import './release-content.css';
import i18next from '../../lib/i18n';

/** /editor, /editor/{id} and /editor?id={id} (SPEC §2 'Send A Press Release'). */
export default function EditorPage() {
  // 'contacts' (the topic names of the distribution card) loads with the page: a namespace first asked for
  // inside the form suspends it, and the hidden form loses its text editors. So do the lifecycle's words
  // (a returned release's notice, the gates ahead in the pre-send check) and the roles they name.
  const { t } = useTranslation(['releases', 'brands', 'contacts', 'lifecycle', 'workspaces']);
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.id ?? search.get('id') ?? undefined;
  const release = useRelease(id);
  const can = useCan();
  // A new release starts with the brand last used; the form waits for it so its defaults are the form's own.
  const startingBrand = useDefaultBrand(!id && can('write'));
  useDocumentTitle(t('editor.pageTitle'));
  // A release this form created by autosaving keeps the same form (and its focus) when the URL gains its id.
  const adoptedKey = (location.state as { formKey?: string } | null)?.formKey;
  const formKey = adoptedKey ?? id ?? `new:${location.key}`;
  const adoptCreated = (created: PressRelease) => {
    queryClient.setQueryData([RELEASES_PATH, created.id], created);
    navigate(`/editor/${created.id}${location.search}`, { replace: true, state: { formKey } });
  };

  // A viewer reads releases but writes none: the editor is not theirs (the server refuses it anyway).
  if (!can('write')) return <RoleLock releaseId={id} />;
  if (startingBrand.pending) return <PageSkeleton />;
  const open = (stored: PressRelease | undefined) => {
    if (stored && LOCKED_STATUSES.includes(stored.status) && !adoptedKey) return <ReviewLock release={stored} />;
    if (stored && READ_ONLY_STATUSES.includes(stored.status) && !adoptedKey) return <SentReleaseLock />;
    return (
      <EditorForm key={formKey} release={stored} startingBrand={startingBrand.brand} onCreated={adoptCreated} paid={search.get('paid') === '1'} />
    );
  };
  // A new release, or one this form has just created (its answer may still be on the way), opens at once.
  if (!id || (adoptedKey && !release.isError)) return open(release.data);
  return (
    <QueryState query={release} loading={<PageSkeleton />} frame={(state) => <main className="mx-auto max-w-3xl px-4 py-8">{state}</main>}>
      {open}
    </QueryState>
  );
}


/** Someone else decides about these (an approver, the client, an editor): the editor shows a lock instead. */
const LOCKED_STATUSES: readonly ReleaseStatus[] = [
  'in_review',
  'awaiting_approval',
  'awaiting_client_approval',
  'rejected',
];

/** The figures of a 413 STORAGE_QUOTA_EXCEEDED answer, in MB, or undefined for any other failure. */
function storageFigures(error: unknown): { used: string; limit: string; adding: string } | undefined {
  if (!(error instanceof ApiError) || error.code !== 'STORAGE_QUOTA_EXCEEDED') return undefined;
  const details = (error.body as { details?: { usedBytes: number; limitBytes: number; addingBytes: number } })
    ?.details;
  if (!details) return undefined;
  return {
    used: megabytes(details.usedBytes),
    limit: megabytes(details.limitBytes),
    adding: megabytes(details.addingBytes),
  };
}

/** A server error on a version's field (translation.title) or on one file (attachments.2.size) belongs to that field. */
const serverPathToField = fieldOfPath;

const TOAST_KEYS: Record<ReleaseAction, { ok: string; fail: string; fallback: string }> = {
  send_now: { ok: 'sent', fail: 'sendFailed', fallback: 'Failed to send press release' },
  schedule: { ok: 'scheduled', fail: 'scheduleFailed', fallback: 'Failed to schedule press release' },
  save_draft: { ok: 'draftSaved', fail: 'saveFailed', fallback: 'Failed to save draft' },
};

function EditorForm({
  release,
  startingBrand,
  onCreated,
  paid,
}: {
  release?: PressRelease;
  startingBrand: Brand | null;
  onCreated: (release: PressRelease) => void;
  paid: boolean;
}) {
  const { t } = useTranslation(['releases', 'brands']);
  const toast = useToast();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const lists = useUserLists();
  const status = useSubscriptionStatus();
  const send = useSendPressRelease();
  const [previewOpen, setPreviewOpen] = useState(false);
  const [pendingAction, setPendingAction] = useState<ReleaseAction | null>(null);
  const [confirming, setConfirming] = useState<{
    action: 'send_now' | 'schedule';
    values: EditorValues;
  } | null>(null);
  const testSend = useTestSend();
  const [authorContact] = useState(() => (user ? mediaContactOf(user) : undefined));
  const [initialValues] = useState(() => {
    if (release) return valuesFromRelease(release);
    const blank = emptyValues(undefined, i18next.language === 'ar' ? 'arabic' : 'english', authorContact);
    return startingBrand
      ? withBrand(blank, null, startingBrand, { isNew: false, prefilled: authorContact })
      : blank;
  });
  const [startedNew] = useState(!release);
  const allBrands = useBrands();
  const brands = pickableBrands(allBrands.data, initialValues.brandId);
  const { form, submitAs } = useEditorForm(initialValues);
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as EditorValues;
  const dir = values.language === 'arabic' ? 'rtl' : 'ltr';
  const [activeVersion, setActiveVersion] = useState<Version>('primary');
  const shownVersion: Version =
    activeVersion === 'translation' && values.translation ? 'translation' : 'primary';
  const versionHasError = (version: Version) =>
    version === 'translation' ? Boolean(errors.translation) : VERSION_FIELDS.some((field) => errors[field]);
  /** The primary version changing language takes the other's: the second version moves to the other language. */
  const brand = brands.find((b) => b.id === values.brandId) ?? null;
  /** Picking a brand fills what is still its default (never what was typed); a new, unwritten release takes its language. */
  const pickBrand = (next: Brand) => {
    const current = form.getValues();
    const unwritten = startedNew && !current.title.trim() && !current.content.replace(/<[^>]*>/g, '').trim();
    const updated = withBrand(current, brand, next, {
      isNew: unwritten,
      prefilled: startedNew ? authorContact : undefined,
    });
    for (const field of [
      'brandId',
      'language',
      'boilerplate',
      'contactName',
      'contactEmail',
      'contactPhone',
      'translation',
    ] as const) {
      if (updated[field] !== current[field]) form.setValue(field, updated[field], { shouldDirty: true });
    }
    rememberBrand(user?.workspace?.id, next.id);
  };
  const keepVersionsApart = () => {
    const { language, translation } = form.getValues();
    if (translation && translation.language === language)
      form.setValue('translation.language', otherLanguage(language));
  };

  const releaseId = useRef(release?.id);
  const currentReleaseId = useCallback(() => releaseId.current, []);
  const saveDraft = useCallback(
    async (snapshot: EditorValues) => {
      const { pressRelease } = await send.mutateAsync(toPayload(snapshot, 'save_draft', releaseId.current));
      form.setValue(
        'attachments',
        withStoredFiles(form.getValues('attachments'), snapshot.attachments, pressRelease),
      );
      if (!releaseId.current) {
        releaseId.current = pressRelease.id;
        onCreated(pressRelease);
      }
      return pressRelease;
    },
    [form, onCreated, send],
  );
  // A scheduled release keeps its slot until the user schedules or sends again: its edits stay on this device.
  const autosave = useAutosave({
    userId: user?.id,
    values,
    initialValues,
    releaseId: currentReleaseId,
    toServer: release?.status !== 'scheduled' && pendingAction === null,
    saveDraft,
    lastSavedAt: release?.updatedAt,
  });
  const guard = useLeaveGuard(autosave.dirty || autosave.state.kind === 'saving');

  const unmetered = mayOnPlatform(user, 'unmetered');
  const can = useCan();
  // A writer's Send is "Submit for approval" (with the workspace's "second pair of eyes" setting, everyone's
  // is): the server says whose Send waits.
  const submitsForApproval = !!user?.workspace?.sendsForApproval;
  const allowed = unmetered || canSendFrom(status.data);
  const isTrial = !unmetered && (status.data?.isTrialUser ?? user?.userType === 'trial');
  const busy = pendingAction !== null;
  const fieldError = (field: EditorField) =>
    translateMessage((get(errors, field) as { message?: string } | undefined)?.message);
  const describedBy = (field: EditorField) => (get(errors, field) ? `${field}-error` : undefined);

  function reportInvalid(fieldErrors: FieldErrors<EditorValues>) {
    const problems: FormProblems = Object.fromEntries(
      FIELD_ORDER.flatMap((field) =>
        get(fieldErrors, field) ? [[field, (get(fieldErrors, field) as { message: string }).message]] : [],
      ),
    );
    const { attachments: attachmentProblem, ...others } = problems;
    const first = firstProblem(others);
    if (first) {
      toast({
        title: t('toasts.validationError'),
        description: translateMessage(first.message),
        variant: 'destructive',
      });
      const inTranslation = first.field.startsWith('translation.');
      if (inTranslation || VERSION_FIELDS.some((field) => field === first.field))
        setActiveVersion(inTranslation ? 'translation' : 'primary');
      // The tab's fields mount on the next render; focus waits for them.
      const focusable =
        !first.field.endsWith('content') &&
        first.field !== 'recipientLists' &&
        first.field !== 'translation.language';
      if (focusable) setTimeout(() => form.setFocus(first.field as Path<EditorValues>));
    } else if (attachmentProblem) {
      toast({
        title: t('toasts.noAttachments'),
        description: t('toasts.noAttachmentsDescription'),
        variant: 'destructive',
      });
    }
  }

  async function submit(chosen: ReleaseAction, valid: EditorValues) {
    if (chosen !== 'save_draft' && attachmentsTooLarge(valid.attachments)) {
      const size = (totalAttachmentBytes(valid.attachments) / 1024 / 1024).toFixed(1);
      return toast({
        title: t('toasts.filesTooLarge'),
        description: t('toasts.filesTooLargeDescription', { size }),
        variant: 'destructive',
      });
    }
    if (chosen !== 'save_draft' && !submitsForApproval)
      return setConfirming({ action: chosen, values: valid });
    await commit(chosen, valid);
  }

  /** Saves, or (confirmed in the pre-send dialog) sends or schedules, and goes to the release's own page. */
  async function commit(chosen: ReleaseAction, valid: EditorValues) {
    setPendingAction(chosen);
    try {
      const keys = TOAST_KEYS[chosen];
      if (chosen === 'save_draft') {
        await autosave.saveNow(valid);
        toast({ title: t(`toasts.${keys.ok}`), description: t(`toasts.${keys.ok}Description`) });
        return;
      }
      const { pressRelease } = await send.mutateAsync(toPayload(valid, chosen, releaseId.current));
      rememberBrand(user?.workspace?.id, valid.brandId);
      autosave.markSaved(valid);
      guard.allowNext();
      setConfirming(null);
      // A customer's release waits for an editor, a writer's for the workspace's approver: say so, rather than "Sent!".
      if (pressRelease.status === 'awaiting_client_approval') {
        toast({
          title: t('brands:clientApproval.submitted'),
          description: t('brands:clientApproval.submittedDescription'),
        });
      } else {
        const outcome =
          pressRelease.status === 'in_review'
            ? 'submitted'
            : pressRelease.status === 'awaiting_approval'
              ? 'submittedForApproval'
              : keys.ok;
        toast({ title: t(`toasts.${outcome}`), description: t(`toasts.${outcome}Description`) });
      }
      navigate(`/analytics/${pressRelease.id}`);
    } catch (error) {
      setConfirming(null);
      placeServerErrors(error);
      const keys = TOAST_KEYS[chosen];
      toast({
        title: t(`toasts.${keys.fail}`),
        description: describeFailure(error, keys.fallback),
        variant: 'destructive',
      });
    } finally {
      setPendingAction(null);
    }
  }

  /** The storage message carries figures, so it is written from them in the reader's language. */
  function describeFailure(error: unknown, fallback: string): string {
    const figures = storageFigures(error);
    if (figures) return t('toasts.storageFullDescription', figures);
    return translateMessage(errorMessage(error, fallback));
  }

  const placeServerErrors = (error: unknown) =>
    applyServerFieldErrors(error, form.setError, FIELD_ORDER as Path<EditorValues>[], serverPathToField);

  /** The purchase gate keeps the work: saved first when it can be, and the payment brings the user back here. */
  async function goPurchase() {
    const snapshot = form.getValues();
    if (autosave.dirty && draftRulesPass(snapshot)) await autosave.saveNow(snapshot).catch(() => undefined);
    guard.allowNext();
    navigate(purchasePath(releaseId.current));
  }

  /** The test goes out as the server holds the release, so unsaved changes are saved first (not a scheduled one's). */
  async function sendTest(valid: EditorValues) {
    try {
      const mustSave = !releaseId.current || (autosave.dirty && release?.status !== 'scheduled');
      const id = mustSave ? (await autosave.saveNow(valid)).id : releaseId.current!;
      const { sentTo } = await testSend.mutateAsync(id);
      toast({ title: t('toasts.testSent'), description: t('toasts.testSentDescription', { email: sentTo }) });
    } catch (error) {
      placeServerErrors(error);
      toast({
        title: t('toasts.testFailed'),
        description: describeFailure(error, 'Failed to send the test'),
        variant: 'destructive',
      });
    }
  }

  /** Every button goes through here: the intent picks the rules, then the send, schedule, draft or test. */
  const run = (intent: EditorIntent) =>
    void submitAs(
      intent,
      (chosen, valid) => (chosen === 'test' ? sendTest(valid) : submit(chosen, valid)),
      reportInvalid,
    );

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('editor.heading')}</h1>
          <p className="mt-1 text-slate-600">
            {release ? (
              <>
                {t('editor.editingPrefix')} <bdi>{release.title}</bdi>
              </>
            ) : (
              t('editor.subheading')
            )}
          </p>
        </div>
        <SaveStatus state={autosave.state} />
      </header>
      <LocalCopyNotice
        userId={user?.id}
        release={release}
        initialValues={initialValues}
        onRestore={(restored) => form.reset(restored, { keepDefaultValues: true })}
      />
      {paid && allowed && (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {t('editor.paidNote')}
        </p>
      )}
      {isTrial && can('billing') && <TrialBanner returnTo={releaseId.current} />}
      {release && (
        <ReturnedNotice release={release}>
          {/* Nashr's editor keeps the press release reserved: withdrawing gives it back. */}
          {release.returned?.source === 'review' && <WithdrawButton id={release.id} />}
        </ReturnedNotice>
      )}
      {release?.status === 'scheduled' && release.scheduledAt && (
        <p
          role="note"
          className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800"
        >
          {t('editor.scheduledNote', { when: formatForViewer(release.scheduledAt, release.timeZone, 'long') })}
        </p>
      )}

      <form
        noValidate
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)]"
      >
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title={t('recipients.title')} description={t('recipients.description')} />
            <CardBody>
              <Controller
                control={form.control}
                name="recipientLists"
                render={({ field }) => (
                  <RecipientPicker
                    lists={lists}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldError('recipientLists')}
                  />
                )}
              />
            </CardBody>
          </Card>

          <Card>
            <CardHeader title={t('details.title')} />
            <CardBody className="space-y-4">
              <BrandPicker brands={brands} value={values.brandId} onChange={pickBrand} disabled={busy} />
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Field id="language" label={t('fields.language')}>
                  <Select id="language" {...form.register('language', { onChange: keepVersionsApart })}>
                    <option value="english">{t('languages.english')}</option>
                    <option value="arabic">{t('languages.arabic')}</option>
                  </Select>
                </Field>
                <Field id="releaseDate" label={t('fields.releaseDate')} error={fieldError('releaseDate')}>
                  <Input
                    id="releaseDate"
                    type="date"
                    invalid={!!errors.releaseDate}
                    aria-describedby={describedBy('releaseDate')}
                    {...form.register('releaseDate')}
                  />
                </Field>
              </div>
              <VersionTabs
                form={form}
                active={activeVersion}
                onSelect={setActiveVersion}
                hasError={versionHasError}
              />
              <VersionFields key={activeVersion} form={form} version={activeVersion} />
            </CardBody>
          </Card>

          <Card>
            <CardHeader title={t('contact.title')} />
            <CardBody className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Field id="contactName" label={t('fields.contactName')} error={fieldError('contactName')}>
                <Input
                  id="contactName"
                  dir={dir}
                  autoComplete="name"
                  invalid={!!errors.contactName}
                  aria-describedby={describedBy('contactName')}
                  {...form.register('contactName')}
                />
              </Field>
              <Field id="contactEmail" label={t('fields.contactEmail')} error={fieldError('contactEmail')}>
                <Input
                  id="contactEmail"
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  invalid={!!errors.contactEmail}
                  aria-describedby={describedBy('contactEmail')}
                  {...form.register('contactEmail')}
                />
              </Field>
              <Field id="contactPhone" label={t('fields.contactPhone')} error={fieldError('contactPhone')}>
                <Input
                  id="contactPhone"
                  type="tel"
                  dir="ltr"
                  autoComplete="tel"
                  invalid={!!errors.contactPhone}
                  aria-describedby={describedBy('contactPhone')}
                  {...form.register('contactPhone')}
                />
              </Field>
            </CardBody>
          </Card>

          <Card>
            <CardHeader title={t('distribution.title')} description={t('distribution.description')} />
            <CardBody className="space-y-5">
              <EmbargoSection form={form} fieldError={fieldError} disabled={busy} releaseId={releaseId.current} />
              <TopicsField form={form} error={fieldError('topics')} disabled={busy} />
            </CardBody>
          </Card>

          <Card>
            <CardHeader title={t('attachments.title')} description={t('attachments.description')} />
            <CardBody>
              <Controller
                control={form.control}
                name="attachments"
                render={({ field }) => (
                  <AttachmentsField
                    value={field.value}
                    onChange={field.onChange}
                    disabled={busy}
                    error={fieldError('attachments')}
                    versions={values.translation ? [values.language, values.translation.language] : undefined}
                  />
                )}
              />
            </CardBody>
          </Card>
        </div>

        {/* The preview sticks within the form's row only: stuck to the grid it slid over the actions below it. */}
        <div className="min-w-0">
          <aside className="lg:sticky lg:top-20">
            <LiveEmailPreview values={values} version={shownVersion} releaseId={releaseId.current} />
          </aside>
        </div>

        <div className="space-y-4 lg:col-span-2">
          {submitsForApproval ? (
            <p
              role="note"
              className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-800"
              data-testid="approval-note"
            >
              {t('approval.writerNote')}
            </p>
          ) : !allowed && !status.isPending ? (
            <PurchaseGate trial={isTrial} onPurchase={can('billing') ? () => void goPurchase() : undefined} />
          ) : (
            <ScheduleControl
              form={form}
              error={fieldError('scheduledAt')}
              zoneError={fieldError('scheduleZone')}
              disabled={busy || status.isPending}
              pending={pendingAction === 'schedule'}
              onSchedule={() => run('schedule')}
            />
          )}
          <div className="flex flex-col-reverse gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
            <Button variant="ghost" onClick={() => navigate('/press-releases')} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <span className="flex-1" />
            <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
              <Eye className="h-4 w-4" aria-hidden />
              {t('actions.preview')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => run('test')}
              loading={testSend.isPending}
              disabled={busy}
            >
              {!testSend.isPending && <FlaskConical className="h-4 w-4" aria-hidden />}
              {t('actions.testSend')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => run('save_draft')}
              loading={pendingAction === 'save_draft'}
              disabled={busy}
            >
              {pendingAction !== 'save_draft' && <Save className="h-4 w-4" aria-hidden />}
              {pendingAction === 'save_draft' ? t('actions.saving') : t('actions.saveDraft')}
            </Button>
            {submitsForApproval ? (
              <Button onClick={() => run('send_now')} loading={pendingAction === 'send_now'} disabled={busy}>
                {pendingAction !== 'send_now' && <Send className="flip-rtl h-4 w-4" aria-hidden />}
                {pendingAction === 'send_now' ? t('approval.submitting') : t('approval.submit')}
              </Button>
            ) : (
              (allowed || status.isPending) && (
                <Button
                  onClick={() => run('send_now')}
                  loading={pendingAction === 'send_now'}
                  disabled={busy || status.isPending}
                >
                  {pendingAction !== 'send_now' && <Send className="flip-rtl h-4 w-4" aria-hidden />}
                  {pendingAction === 'send_now' ? t('actions.sending') : t('actions.sendNow')}
                </Button>
              )
            )}
          </div>
        </div>
      </form>

      <PreviewEmailDialog
        key={previewOpen ? 'open' : 'closed'}
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        values={values}
        lists={lists.data ?? []}
        releaseId={releaseId.current}
        initialVersion={shownVersion}
      />
      <LeaveDialog blocker={guard.blocker} />
      <PresendDialog
        action={confirming?.action ?? null}
        values={confirming?.values ?? values}
        releaseId={releaseId.current}
        release={release}
        pending={pendingAction !== null}
        onConfirm={() => confirming && void commit(confirming.action, confirming.values)}
        onClose={() => setConfirming(null)}
      />
    </main>
  );
}
