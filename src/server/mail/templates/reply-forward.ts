import { escapeHtml, type EmailLanguage, type RenderedEmail } from './layout.js';

/**
 * A journalist's reply as the media contact receives it (issue 38): the reply itself, under one line that
 * says who wrote, to which release, and that answering writes to the journalist. In the release's language.
 */
export type ForwardedReply = {
  language: EmailLanguage;
  journalist: string;
  outlet: string;
  releaseTitle: string;
  subject: string;
  text: string;
  /** Sanitised (replies/reply-html.ts); the plain text is shown when the reply had none. */
  html: string | null;
  /** Files too large to forward: fetched from the release page. */
  linkedFiles: string[];
  releasePage: string;
  /** SPF/DMARC did not pass: the media contact is told before trusting who it is from. */
  authFailed: boolean;
};

const WORDS = {
  en: {
    intro: (who: string, title: string) => `${who} replied to your press release “${title}”. Answer this e-mail to write back to them.`,
    unverified: 'Their mail server could not prove this message is from their address (SPF/DMARC did not pass): check before you trust it.',
    linked: 'Files too large to forward, on the release page:',
  },
  ar: {
    intro: (who: string, title: string) => `ردّ ${who} على بيانك الصحفي «${title}». أجب على هذه الرسالة لتكتب إليه مباشرة.`,
    unverified: 'لم يثبت خادم بريد المرسل أن الرسالة من عنوانه (لم يجتز فحص SPF/DMARC): تحقق قبل أن تثق بها.',
    linked: 'ملفات أكبر من أن تُعاد توجيهها، في صفحة البيان:',
  },
} as const;

export function forwardedReplyMessage(input: ForwardedReply): RenderedEmail {
  const words = WORDS[input.language];
  const who = input.outlet ? `${input.journalist} (${input.outlet})` : input.journalist;
  const intro = words.intro(who, input.releaseTitle);
  const notes = [input.authFailed ? words.unverified : '', input.linkedFiles.length ? `${words.linked} ${input.linkedFiles.join(', ')} — ${input.releasePage}` : '']
    .filter(Boolean);
  const dir = input.language === 'ar' ? 'rtl' : 'ltr';
  const body = input.html ?? `<p style="white-space:pre-wrap;">${escapeHtml(input.text)}</p>`;
  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:16px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div dir="${dir}" style="margin:0 0 16px;padding:10px 14px;border:1px solid #e2e8f0;border-radius:8px;background:#f8fafc;font-size:13px;line-height:1.5;color:#334155;">
<p style="margin:0;">${escapeHtml(intro)}</p>
${notes.map((note) => `<p style="margin:6px 0 0;">${escapeHtml(note)}</p>`).join('\n')}
</div>
${body}
</body></html>`;
  const text = [intro, ...notes, '', input.text].join('\n');
  return { subject: input.subject, html, text };
}
