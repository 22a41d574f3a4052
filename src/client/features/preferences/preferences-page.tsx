import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Languages, SlidersHorizontal } from 'lucide-react';
import { COUNTRIES, TOPICS } from '../../../shared/contacts';
import { WEEKLY_CAP_MAX, WEEKLY_CAP_MIN, type DataRequestKind, type PreferencePage, type PreferencesUpdate } from '../../../shared/preferences';
import { ApiError, errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { currentLocale, setLanguage, translateMessage } from '../../lib/i18n';
import { countryName } from '../../lib/place-names';
import { isolate } from '../../lib/isolate';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { FieldError, Input } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { useDataRequest, usePreferencePage, useSavePreferences } from './preferences-api';

type Draft = Required<Omit<PreferencesUpdate, 'weeklyCap' | 'topics' | 'countries'>> & {
  topics: string[];
  countries: string[];
  frequency: 'any' | 'cap' | 'digest';
  cap: string;
};
type LanguageChoice = 'arabic' | 'english' | 'both';

const draftOf = (page: PreferencePage): Draft => ({
  languages: page.languages,
  topics: page.topics,
  countries: page.countries,
  digest: page.digest,
  acceptsEmbargo: page.acceptsEmbargo,
  timeZone: page.timeZone,
  unsubscribedFrom: page.unsubscribedFrom,
  unsubscribedAll: page.unsubscribedAll,
  frequency: page.digest ? 'digest' : page.weeklyCap ? 'cap' : 'any',
  cap: String(page.weeklyCap ?? 5),
});

/** What is sent: the cap as a number when the field holds one, so the server judges 0, 51 or 2.5 (422). */
function updateOf(draft: Draft): PreferencesUpdate {
  const { frequency, cap, ...fields } = draft;
  const capNumber = cap.trim() === '' ? NaN : Number(cap);
  // The server checks the topics and countries against its lists (422 on the field).
  return { ...fields, digest: frequency === 'digest', weeklyCap: frequency === 'cap' ? (Number.isFinite(capNumber) ? capNumber : -1) : null } as PreferencesUpdate;
}

const toggle = <T,>(values: readonly T[], value: T, on: boolean) => (on ? [...new Set([...values, value])] : values.filter((v) => v !== value));

/** /preferences/{token}: what a journalist receives through Nashr, set from the link of any release e-mail. */
export default function PreferencesPage() {
  const { t } = useTranslation('preferences');
  const { token = '' } = useParams();
  const page = usePreferencePage(token);
  useDocumentTitle(t('documentTitle'));

  return (
    <QueryState
      query={page}
      loading={<Spinner label={t('common:loading')} className="min-h-[50vh]" />}
      notFound={
        <Card className="p-6 text-center" data-testid="preferences-invalid">
          <h1 className="text-xl font-bold text-slate-900">{t('invalid.title')}</h1>
          <p className="mt-2 text-sm text-slate-600">{t('invalid.text')}</p>
        </Card>
      }
      frame={(state) => <Frame>{state}</Frame>}
    >
      {(found) => <PreferencesForm token={token} page={found} />}
    </QueryState>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('preferences');
  const next = i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <div className="mb-4 flex justify-end">
        <button type="button" onClick={() => setLanguage(next)} className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-slate-100" data-testid="preferences-language">
          <Languages className="h-4 w-4" aria-hidden />
          <span lang={next}>{t(`common:language.${next}`)}</span>
        </button>
      </div>
      {children}
    </main>
  );
}

function PreferencesForm({ token, page }: { token: string; page: PreferencePage }) {
  const { t, i18n } = useTranslation('preferences');
  const save = useSavePreferences(token);
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(draftOf(page)), [page]);
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const errors = save.error instanceof ApiError ? save.error.errors : [];
  const errorAt = (path: string) => translateMessage(errors.find((e) => e.path === path || e.path.startsWith(`${path}.`))?.message);
  const language: LanguageChoice = draft.languages.length === 2 ? 'both' : (draft.languages[0] ?? 'both');
  const submit = () => save.mutate(updateOf(draft), { onSuccess: () => setSaved(true) });

  return (
    <Frame>
      <Card className="p-5 sm:p-8" data-testid="preferences">
        <div className="mb-6 text-center">
          <SlidersHorizontal className="mx-auto h-9 w-9 text-brand-600" aria-hidden />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('for', { name: isolate(page.name || page.email), email: isolate(page.email) })}</p>
          <p className="mt-2 text-sm text-slate-600">{t('intro')}</p>
        </div>
        {saved && <Notice tone="success" title={t('saved')} />}
        {save.isError && !errors.length && <Notice tone="error" title={translateMessage(errorMessage(save.error))} />}
        {/* noValidate: the server's message, in the page's language, says what a weekly limit may be; the
            browser's own bubble would speak the browser's language and hide the field's error. */}
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Section title={t('language.title')}>
            {(['arabic', 'english', 'both'] as const).map((choice) => (
              <Choice key={choice} type="radio" name="language" checked={language === choice} onChange={() => set({ languages: choice === 'both' ? ['arabic', 'english'] : [choice] })}>
                {t(`language.${choice}`)}
              </Choice>
            ))}
            <FieldError message={errorAt('languages')} />
          </Section>

          <Section title={t('topics.title')} hint={t('topics.hint')}>
            <div className="flex flex-wrap gap-2" data-testid="topic-chips">
              {TOPICS.map((topic) => (
                <Chip key={topic} checked={draft.topics.includes(topic)} onChange={(on) => set({ topics: toggle(draft.topics, topic, on) })}>
                  {t(`topicNames.${topic}`)}
                </Chip>
              ))}
            </div>
            <FieldError message={errorAt('topics')} />
          </Section>

          <Section title={t('countries.title')} hint={t('countries.hint')}>
            <div className="flex flex-wrap gap-2" data-testid="country-chips">
              {COUNTRIES.map((country) => (
                <Chip key={country} checked={draft.countries.includes(country)} onChange={(on) => set({ countries: toggle(draft.countries, country, on) })}>
                  {countryName(country)}
                </Chip>
              ))}
            </div>
            <FieldError message={errorAt('countries')} />
          </Section>

          <Section title={t('frequency.title')}>
            <Choice type="radio" name="frequency" checked={draft.frequency === 'any'} onChange={() => set({ frequency: 'any' })}>
              {t('frequency.any')}
            </Choice>
            <Choice type="radio" name="frequency" checked={draft.frequency === 'cap'} onChange={() => set({ frequency: 'cap' })}>
              {t('frequency.cap')}
            </Choice>
            {draft.frequency === 'cap' && (
              <div className="ps-7">
                <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  {t('frequency.atMost')}
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={WEEKLY_CAP_MIN}
                    max={WEEKLY_CAP_MAX}
                    value={draft.cap}
                    onChange={(e) => set({ cap: e.target.value })}
                    className="w-24"
                    invalid={Boolean(errorAt('weeklyCap'))}
                    data-testid="weekly-cap"
                  />
                  {t('frequency.perWeek')}
                </label>
                <FieldError message={errorAt('weeklyCap')} />
              </div>
            )}
            <Choice type="radio" name="frequency" checked={draft.frequency === 'digest'} onChange={() => set({ frequency: 'digest' })}>
              {t('frequency.digest')}
            </Choice>
          </Section>

          <Section title={t('embargo.title')}>
            <Choice type="checkbox" checked={draft.acceptsEmbargo} onChange={(on) => set({ acceptsEmbargo: on })}>
              {t('embargo.accept')}
            </Choice>
          </Section>

          <Section title={t('unsubscribe.title')}>
            {page.companies.length > 0 && <p className="text-sm text-slate-600">{t('unsubscribe.companies')}</p>}
            {page.companies.map((company) => (
              <Choice key={company} type="checkbox" checked={draft.unsubscribedFrom.includes(company)} onChange={(on) => set({ unsubscribedFrom: toggle(draft.unsubscribedFrom, company, on) })}>
                {t('unsubscribe.company', { company: isolate(companyName(page, company, i18n.language)) })}
              </Choice>
            ))}
            <FieldError message={errorAt('unsubscribedFrom')} />
            <Choice type="checkbox" checked={draft.unsubscribedAll} onChange={(on) => set({ unsubscribedAll: on })}>
              <strong>{t('unsubscribe.all')}</strong>
            </Choice>
          </Section>

          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto" data-testid="save-preferences">
            {t('save')}
          </Button>
        </form>
      </Card>
      <DataRequests token={token} page={page} />
    </Frame>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-base font-semibold text-slate-900">{title}</legend>
      {hint && <p className="text-sm text-slate-500">{hint}</p>}
      {children}
    </fieldset>
  );
}

function Choice({ type, name, checked, onChange, children }: { type: 'radio' | 'checkbox'; name?: string; checked: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md py-1 text-sm text-slate-800">
      <input type={type} name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 shrink-0 accent-brand-600" />
      <span className="text-start">{children}</span>
    </label>
  );
}

/**
 * One of many choices (a topic, a country) as a chip: a real checkbox inside its label, so a phone shows
 * several a line (the page was 2,520 px long with one a line) and keyboards and screen readers get a checkbox.
 */
function Chip({ checked, onChange, children }: { checked: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-3.5 w-3.5 shrink-0 accent-brand-600 focus-visible:outline-none" />
      <span>{children}</span>
    </label>
  );
}

function DataRequests({ token, page }: { token: string; page: PreferencePage }) {
  const { t } = useTranslation('preferences');
  const ask = useDataRequest(token);
  const date = (iso: string) => new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(new Date(iso));
  const pending = (kind: DataRequestKind) => page.requests.find((r) => r.kind === kind);
  return (
    <Card className="mt-6 p-5 sm:p-8" data-testid="data-requests">
      <h2 className="text-lg font-semibold text-slate-900">{t('requests.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('requests.intro')}</p>
      {ask.isError && <Notice tone="error" title={translateMessage(errorMessage(ask.error))} />}
      <div className="mt-4 space-y-3">
        {(['access', 'erasure'] as const).map((kind) => {
          const open = pending(kind);
          return (
            <div key={kind} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              {open ? (
                <p className="text-sm text-slate-700" data-testid={`request-${kind}`}>
                  {t(`requests.pending.${kind}`, { due: date(open.dueAt) })}
                </p>
              ) : (
                <Button variant="secondary" loading={ask.isPending && ask.variables === kind} onClick={() => ask.mutate(kind)} data-testid={`ask-${kind}`}>
                  {t(`requests.ask.${kind}`)}
                </Button>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

/** A company as the page's reader reads it: its Arabic name on the Arabic page where it has one (issue 37). */
const companyName = (page: PreferencePage, company: string, language: string) =>
  (language === 'ar' && page.companyNamesAr[company]) || company;
