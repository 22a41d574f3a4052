import { greeting, renderLayout, type RenderedEmail } from './layout.js';

export function passwordResetMessage(input: { firstName: string; link: string; validMinutes: number }): RenderedEmail {
  return renderLayout({
    subject: 'Reset your Nashr password',
    preheader: 'A link to choose a new password for your Nashr account.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'We received a request to reset the password of your Nashr account. Choose a new password with the button below.',
      'When you set a new password, every device signed in to your account is signed out.',
    ],
    action: { label: 'Choose a new password', url: input.link },
    notes: [
      `This link is valid for ${input.validMinutes} minutes and can be used once.`,
      'If you did not ask for a new password, you can ignore this email: your password stays as it is.',
    ],
  });
}
