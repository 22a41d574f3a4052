import { greeting, renderLayout, type RenderedEmail } from './layout.js';

/** Mail of editorial review: the customer hears of each decision; editors hear of new work. */

type Decided = { firstName: string; title: string; link: string };

/** The "clear time": when distribution started and to how many journalists. */
export function approvedMessage(
  input: Decided & { startedAt: Date | null; scheduledAt: Date | null; recipients: number; scheduleHadPassed: boolean },
): RenderedEmail {
  const when = (date: Date) => `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
  const paragraphs = input.startedAt
    ? [
        `Your press release “${input.title}” was approved and distribution started at ${when(input.startedAt)} to ${input.recipients} journalists.`,
        ...(input.scheduleHadPassed ? ['Its scheduled time had passed by the time it was approved, so it went out at once.'] : []),
      ]
    : [`Your press release “${input.title}” was approved. It will go out as scheduled, at ${when(input.scheduledAt!)}.`];
  return renderLayout({
    subject: `Approved: ${input.title}`,
    preheader: input.startedAt ? 'Distribution has started.' : 'It will go out at its scheduled time.',
    greeting: greeting(input.firstName),
    paragraphs,
    action: { label: 'Follow its results', url: input.link },
    notes: ['Opens, clicks and downloads appear on the release page as they happen.'],
  });
}

export function changesRequestedMessage(input: Decided & { comment: string }): RenderedEmail {
  return renderLayout({
    subject: `Changes requested: ${input.title}`,
    preheader: 'An editor asked for changes before it goes out.',
    greeting: greeting(input.firstName),
    paragraphs: [`Our editor asked for changes to your press release “${input.title}” before it goes out:`, input.comment],
    action: { label: 'Edit and resubmit', url: input.link },
    notes: ['Your press release stays reserved for it while you make the changes.'],
  });
}

export function rejectedMessage(input: Decided & { reason: string }): RenderedEmail {
  return renderLayout({
    subject: `Not approved: ${input.title}`,
    preheader: 'An editor could not approve it for distribution.',
    greeting: greeting(input.firstName),
    paragraphs: [`Our editor could not approve your press release “${input.title}” for distribution:`, input.reason],
    action: { label: 'Open your press releases', url: input.link },
    notes: ['The press release it held has been returned to your account.'],
  });
}

export function reviewQueueAlertMessage(input: { firstName: string; waiting: number; link: string }): RenderedEmail {
  const releases = input.waiting === 1 ? '1 press release is' : `${input.waiting} press releases are`;
  return renderLayout({
    subject: `Review queue: ${releases} waiting`,
    preheader: 'Customers expect distribution within 30 minutes of approval.',
    greeting: greeting(input.firstName),
    paragraphs: [`${releases} waiting for review.`],
    action: { label: 'Open the review queue', url: input.link },
    notes: ['You receive at most one of these every few minutes.'],
  });
}
