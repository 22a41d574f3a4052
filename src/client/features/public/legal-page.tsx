import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/i18n';
import { PublicShell } from './public-shell';
import { PageHero } from './page-hero';
import { CONTACT_EMAIL, LEGAL_LAST_UPDATED } from './company';

type LegalDoc = 'privacy' | 'terms';

type SectionShape = { text?: Record<string, string>; points?: Record<string, string>; note?: string };

function BackHome({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation('public');
  return (
    <Link
      to="/"
      className={
        inverted
          ? 'inline-flex items-center gap-2 text-sm font-semibold text-gold-400 hover:underline'
          : 'inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline'
      }
    >
      <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
      {t('legal.backHome')}
    </Link>
  );
}

function LegalSection({ doc, id }: { doc: LegalDoc; id: string }) {
  const { t } = useTranslation(['legal', 'public']);
  const base = `${doc}.sections.${id}`;
  // The shape (which paragraphs and points exist) comes from the English and Arabic files alike; each
  // text is then translated on its own so that {{email}} and {{address}} are filled in.
  const shape = t(base, { returnObjects: true }) as SectionShape;
  const values = { email: CONTACT_EMAIL, address: t('public:company.address') };
  return (
    <section id={`${doc}-${id}`} aria-labelledby={`${doc}-${id}-title`} className="scroll-mt-20">
      <h2 id={`${doc}-${id}-title`} className="text-xl font-bold text-brand-900 sm:text-2xl">
        {t(`${base}.title`)}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
        {Object.keys(shape.text ?? {}).map((key) => (
          <p key={key}>{t(`${base}.text.${key}`, values)}</p>
        ))}
        {shape.points && (
          <ul className="list-disc space-y-2 ps-6 marker:text-gold-600">
            {Object.keys(shape.points).map((key) => (
              <li key={key}>{t(`${base}.points.${key}`, values)}</li>
            ))}
          </ul>
        )}
        {shape.note && (
          <p className="rounded-lg border-s-4 border-gold-500 bg-gold-400/10 px-4 py-3 text-slate-800">
            {t(`${base}.note`, values)}
          </p>
        )}
      </div>
    </section>
  );
}

/** A static legal document (SPEC §2): title band, last-updated date, contents, numbered sections. */
export function LegalPage({ doc, sections }: { doc: LegalDoc; sections: readonly string[] }) {
  const { t } = useTranslation(['legal', 'public']);
  useDocumentTitle(t(`${doc}.title`), t(`${doc}.metaDescription`));
  return (
    <PublicShell>
      <PageHero title={t(`${doc}.title`)}>
        <p className="mt-3 text-brand-100">
          {t('public:legal.lastUpdated', { date: formatDate(LEGAL_LAST_UPDATED) })}
        </p>
        <div className="mt-6">
          <BackHome inverted />
        </div>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('public:legal.contents')} className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {t('public:legal.contents')}
            </p>
            <ol className="mt-3 space-y-2 border-s border-slate-200 text-sm">
              {sections.map((id) => (
                <li key={id}>
                  <a
                    href={`#${doc}-${id}`}
                    className="-ms-px block border-s-2 border-transparent ps-3 text-slate-600 hover:border-gold-500 hover:text-brand-800"
                  >
                    {t(`${doc}.sections.${id}.title`)}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="min-w-0 space-y-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <p className="text-lg leading-relaxed text-slate-700">{t(`${doc}.intro`)}</p>
          {sections.map((id) => (
            <LegalSection key={id} doc={doc} id={id} />
          ))}
          <div className="border-t border-slate-100 pt-6">
            <BackHome />
          </div>
        </article>
      </div>
    </PublicShell>
  );
}
