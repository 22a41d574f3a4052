import { greeting, renderLayout, type RenderedEmail } from './layout.js';

/**
 * Mail about an account's address: someone registering an address that already has an account, and the
 * two halves of an email change (the link to the new address, the notice to the old one).
 */

/** Sent instead of a second account: the owner learns of the attempt, a stranger learns nothing. */
export function accountExistsMessage(input: { firstName: string; forgotLink: string }): RenderedEmail {
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

export function confirmEmailChangeMessage(input: { firstName: string; link: string; validHours: number }): RenderedEmail {
  return renderLayout({
    subject: 'Confirm your new Nashr email address',
    preheader: 'One click to move your Nashr account to this address.',
    greeting: greeting(input.firstName),
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

export function emailChangeNoticeMessage(input: { firstName: string; newEmail: string; forgotLink: string }): RenderedEmail {
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
