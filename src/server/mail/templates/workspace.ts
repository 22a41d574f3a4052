import type { WorkspaceRole } from '../../../shared/workspaces.js';
import {
  greeting,
  renderLayout,
  unlinked,
  type EmailLanguage,
  type RenderedEmail,
} from './layout.js';
import { longDateIn } from './zoned-date.js';

/**
 * Mail of workspaces: an invitation (to someone who may have no account yet), a release waiting for a
 * workspace's approval, and a release returned to its writer. Each in the reader's language. The workspace
 * and inviter names are the customer's words: they are shown as text, quoted, never as links.
 */

const ROLE_WORDS: Record<WorkspaceRole, { en: string; ar: string }> = {
  owner: { en: 'Owner', ar: 'مالك' },
  manager: { en: 'Manager', ar: 'مدير' },
  publisher: { en: 'Publisher', ar: 'ناشر' },
  writer: { en: 'Writer', ar: 'كاتب' },
  viewer: { en: 'Viewer', ar: 'مشاهد' },
  client: { en: 'Client', ar: 'عميل' },
};

/**
 * An invitation goes to someone who never asked Nashr for anything (issue 35): the subject and the preview
 * line are Nashr's own words only, and the names the customer typed (workspace, inviter, brands) appear in
 * the body alone, quoted and `unlinked`, so nothing they wrote reads as a link or as Nashr's offer.
 */
export function invitationMessage(input: {
  language: EmailLanguage;
  workspaceName: string;
  inviterName: string;
  role: WorkspaceRole;
  link: string;
  expiresAt: Date;
  /** The inviter's zone: the expiry is said on their clock, named (the invitee's is not known yet). */
  timeZone?: string | null;
  /** A client's brands: all they will see of the workspace. */
  brandNames?: Array<{ name: string; nameAr: string }>;
}): RenderedEmail {
  const role = ROLE_WORDS[input.role];
  const brands = input.brandNames ?? [];
  const workspaceName = unlinked(input.workspaceName);
  const inviterName = unlinked(input.inviterName);
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'دعوة للانضمام إلى مساحة عمل على نشر',
      preheader: `دُعيت للانضمام بدور ${role.ar}.`,
      greeting: greeting('', 'ar'),
      paragraphs: [
        `دعاك ${inviterName} للانضمام إلى مساحة عمل «${workspaceName}» على نشر بدور ${role.ar}.`,
        ...(brands.length
          ? [
              `سترى البيانات الصحفية ونتائجها وغرفة الأخبار لهذه العلامات التجارية: ${brands.map((b) => `«${unlinked(b.nameAr || b.name)}»`).join('، ')}.`,
            ]
          : []),
        'يمكنك إنشاء حساب بهذا العنوان أو تسجيل الدخول إن كان لديك حساب.',
      ],
      action: { label: 'قبول الدعوة', url: input.link },
      notes: [
        `تصلح الدعوة مرة واحدة حتى ${longDateIn(input.expiresAt, 'ar', input.timeZone)}.`,
        'إن لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة.',
      ],
      reason: 'وصلتك هذه الرسالة لأن عضوًا في مساحة عمل على نشر دعا عنوانك.',
    });
  }
  return renderLayout({
    subject: 'You are invited to a workspace on Nashr',
    preheader: `You are invited as ${role.en}.`,
    greeting: greeting(''),
    paragraphs: [
      `${inviterName} invited you to the “${workspaceName}” workspace on Nashr as ${role.en}.`,
      ...(brands.length
        ? [
            `You will see the press releases, results and newsroom of: ${brands.map((b) => `“${unlinked(b.name)}”`).join(', ')}.`,
          ]
        : []),
      'Create an account with this address, or sign in if you already have one.',
    ],
    action: { label: 'Accept the invitation', url: input.link },
    notes: [
      `The invitation works once, until ${longDateIn(input.expiresAt, 'en', input.timeZone)}.`,
      'If you did not expect it, ignore this email.',
    ],
    reason: 'You received this email because a member of a Nashr workspace invited your address.',
  });
}

export function awaitingApprovalMessage(input: {
  language: EmailLanguage;
  firstName: string;
  writerName: string;
  title: string;
  link: string;
}): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `بانتظار موافقتك: ${input.title}`,
      preheader: `أرسل ${input.writerName} بيانًا صحفيًا للموافقة.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`أرسل ${input.writerName} البيان الصحفي «${input.title}» للموافقة قبل إرساله.`],
      action: { label: 'مراجعة البيان', url: input.link },
      notes: ['لا يُخصم شيء من الرصيد حتى تتم الموافقة.'],
    });
  }
  return renderLayout({
    subject: `Waiting for your approval: ${input.title}`,
    preheader: `${input.writerName} submitted a press release for approval.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `${input.writerName} submitted the press release “${input.title}” for approval before it goes out.`,
    ],
    action: { label: 'Review the release', url: input.link },
    notes: ['Nothing is taken from the allowance until it is approved.'],
  });
}

export function returnedMessage(input: {
  language: EmailLanguage;
  firstName: string;
  approverName: string;
  title: string;
  comment: string;
  link: string;
}): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: `أُعيد للتعديل: ${input.title}`,
      preheader: `أعاد ${input.approverName} بيانك مع تعليق.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`أعاد ${input.approverName} البيان الصحفي «${input.title}» إليك:`, input.comment],
      action: { label: 'فتح البيان', url: input.link },
      notes: ['عدّله ثم أرسله للموافقة من جديد.'],
    });
  }
  return renderLayout({
    subject: `Returned for changes: ${input.title}`,
    preheader: `${input.approverName} returned your release with a comment.`,
    greeting: greeting(input.firstName),
    paragraphs: [`${input.approverName} returned the press release “${input.title}” to you:`, input.comment],
    action: { label: 'Open the release', url: input.link },
    notes: ['Edit it, then submit it for approval again.'],
  });
}
