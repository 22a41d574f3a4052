import type { CoverageKind } from '../../../shared/coverage.js';
import { greeting, renderLayout, type RenderedEmail } from './layout.js';

/** The email of coverage: the first article found for a release, in the release's language. */

type FirstArticle = {
  language: 'english' | 'arabic';
  firstName: string;
  releaseTitle: string;
  outlet: string;
  articleTitle: string;
  kind: CoverageKind;
  link: string;
};

const KIND_EN: Record<CoverageKind, string> = {
  verbatim: 'It carries your press release as you wrote it.',
  earned: 'It is written anew and names your company or your release’s own words.',
  unverified: '',
};
const KIND_AR: Record<CoverageKind, string> = {
  verbatim: 'ينشر المقال بيانك الصحفي كما كتبته.',
  earned: 'كُتب المقال من جديد ويذكر شركتك أو عبارات بيانك.',
  unverified: '',
};

export function firstCoverageMessage(input: FirstArticle): RenderedEmail {
  if (input.language === 'arabic') {
    return renderLayout({
      language: 'ar',
      subject: `أول تغطية: ${input.releaseTitle}`,
      preheader: `نشرت ${input.outlet} مقالًا عن بيانك الصحفي.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`نشرت ${input.outlet} أول مقال وجدناه عن بيانك الصحفي «${input.releaseTitle}»:`, input.articleTitle, KIND_AR[input.kind]].filter(Boolean),
      action: { label: 'عرض التغطية', url: input.link },
      notes: ['تظهر المقالات التالية في صفحة البيان دون رسائل أخرى.'],
    });
  }
  return renderLayout({
    subject: `First coverage: ${input.releaseTitle}`,
    preheader: `${input.outlet} published an article about your press release.`,
    greeting: greeting(input.firstName),
    paragraphs: [`${input.outlet} published the first article we found about your press release “${input.releaseTitle}”:`, input.articleTitle, KIND_EN[input.kind]].filter(Boolean),
    action: { label: 'See the coverage', url: input.link },
    notes: ['Further articles appear on the release page without more emails.'],
  });
}
