import { greeting, renderLayout, type RenderedEmail } from './layout.js';

export function verifyEmailMessage(input: { firstName: string; link: string; validHours: number }): RenderedEmail {
  return renderLayout({
    subject: 'Verify your email address for Nashr',
    preheader: 'One click to activate your Nashr account.',
    greeting: greeting(input.firstName),
    paragraphs: [
      'Thank you for creating a Nashr account. Please confirm that this is your email address so that you can sign in and start distributing your press releases across the Middle East and North Africa.',
    ],
    action: { label: 'Verify email address', url: input.link },
    notes: [
      `This link is valid for ${input.validHours} hours and can be used once.`,
      'If you did not create a Nashr account, you can ignore this email.',
    ],
  });
}
