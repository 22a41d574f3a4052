import { greeting, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

/**
 * Mail about an account's address: someone registering an address that already has an account, and the
 * two halves of an email change (the link to the new address, the notice to the old one).
 */

/** Sent instead of a second account: the owner learns of the attempt, a stranger learns nothing. */
export function accountExistsMessage(input: { firstName: string; forgotLink: string; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'لديك حساب في نشر بالفعل',
      preheader: 'حاول أحدهم التسجيل بهذا العنوان.',
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        'حاول أحدهم إنشاء حساب في نشر بعنوان البريد الإلكتروني هذا، وله حساب قائم. لم يُنشأ أي حساب جديد.',
        'إن كنت أنت، فسجّل الدخول بكلمة مرورك، أو اختر كلمة مرور جديدة إن كنت قد نسيتها.',
      ],
      action: { label: 'إعادة تعيين كلمة المرور', url: input.forgotLink },
      notes: ['إن لم تكن أنت، فيمكنك تجاهل هذه الرسالة: لم يتغير شيء في حسابك.'],
    });
  }
  return renderLayout({
    subject: 'You already have a Nashr account',
    preheader: 'Someone tried to register with this address.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'Someone tried to create a Nashr account with this email address, which already has one. No new account was created.',
      'If it was you, sign in with your password, or choose a new one if you have forgotten it.',
    ],
    action: { label: 'Reset your password', url: input.forgotLink },
    notes: ['If it was not you, you can ignore this email: your account is unchanged.'],
  });
}

/**
 * Goes to an address nobody has proven yet, possibly a stranger's: nothing the account wrote (its name)
 * is in it, so it cannot carry anyone's words to a stranger under our name.
 */
export function confirmEmailChangeMessage(input: { link: string; validHours: number; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'تأكيد عنوان بريدك الإلكتروني الجديد في نشر',
      preheader: 'نقرة واحدة لنقل حسابك في نشر إلى هذا العنوان.',
      greeting: greeting('', 'ar'),
      paragraphs: ['طلبت استخدام هذا العنوان لحسابك في نشر. أكّده بالزر أدناه؛ وحتى ذلك الحين يحتفظ حسابك بعنوانه الحالي.'],
      action: { label: 'تأكيد هذا العنوان', url: input.link },
      notes: [`هذا الرابط صالح لمدة ${input.validHours} ساعة ويُستخدم مرة واحدة.`, 'إن لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغير شيء.'],
    });
  }
  return renderLayout({
    subject: 'Confirm your new Nashr email address',
    preheader: 'One click to move your Nashr account to this address.',
    greeting: greeting(''),
    paragraphs: [
      'You asked to use this address for your Nashr account. Confirm it with the button below; until then your account keeps its current address.',
    ],
    action: { label: 'Confirm this address', url: input.link },
    notes: [
      `This link is valid for ${input.validHours} hours and can be used once.`,
      'If you did not ask for this, ignore this email: nothing changes.',
    ],
  });
}

export function emailChangeNoticeMessage(input: { firstName: string; newEmail: string; forgotLink: string; language: EmailLanguage }): RenderedEmail {
  if (input.language === 'ar') {
    return renderLayout({
      language: 'ar',
      subject: 'سيتغير عنوان بريدك الإلكتروني في نشر',
      preheader: `طُلب تغيير العنوان إلى ${input.newEmail}.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        `قُدّم طلب لتغيير عنوان البريد الإلكتروني لحسابك في نشر إلى ${input.newEmail}. لن يتم التغيير إلا عند فتح الرابط المرسل إلى ذلك العنوان.`,
        'إن لم تكن أنت، فأعد تعيين كلمة مرورك الآن: سيؤدي ذلك إلى تسجيل خروج كل الأجهزة من حسابك.',
      ],
      action: { label: 'إعادة تعيين كلمة المرور', url: input.forgotLink },
      notes: ['إن كنت أنت، فلا حاجة إلى أي إجراء آخر.'],
    });
  }
  return renderLayout({
    subject: 'Your Nashr email address is about to change',
    preheader: `A change of address to ${input.newEmail} was requested.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `A request was made to change the email address of your Nashr account to ${input.newEmail}. The change happens only when the link sent to that address is opened.`,
      'If this was not you, reset your password now: that signs every device out of your account.',
    ],
    action: { label: 'Reset your password', url: input.forgotLink },
    notes: ['If it was you, there is nothing more to do here.'],
  });
}
