import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { MailMessage } from '../mail/transport.js';
import { suppress } from '../suppressions/suppressions.service.js';
import { invitationMessage } from '../mail/templates/workspace.js';
import { suppressions } from '../db/schema.js';

/**
 * Issue 35, High 1: invitations were a mail cannon. One verified, unpaid account could start workspaces
 * without end and invite one stranger again and again in each (re-inviting a pending address mailed again,
 * and deleting a workspace forgot its count), with its own words in the subject. These tests are the attack,
 * route by route, and count the mails that reach the stranger: at most 3 a day from all of Nashr, at most
 * 2 (the invitation and one resend) from one workspace, never one to a suppressed address, and the
 * answer the same whether or not a mail went out.
 */

let t: TestApp;
/** Every message the application hands to its mailer, in order (the SMTP peer receives the same). */
const mailed: MailMessage[] = [];
let clockOffsetMs = 0;
const HOUR_MS = 3_600_000;

/** Mails per route: the figure for the issue's note. */
const figures: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  const real = t.deps.mailer;
  t.deps.mailer = {
    mode: real.mode,
    close: () => real.close(),
    send: (message) => {
      mailed.push(message);
      return real.send(message);
    },
  };
  t.deps.now = () => new Date(Date.now() + clockOffsetMs);
});
afterEach(() => {
  clockOffsetMs = 0;
});
afterAll(async () => {
  if (Object.keys(figures).length)
    console.info(
      `invitation mails one attacker got to one stranger within an hour, by route:\n${Object.entries(figures)
        .map(([route, n]) => `  ${route.padEnd(44)} ${n}`)
        .join('\n')}`,
    );
  await t?.close();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;
/** Each test acts from its own client address, so the per-client allowances of one do not touch another's. */
let lastOctet = 10;
const nextIp = () => `198.51.100.${++lastOctet}`;

/** A verified account that never paid (a trial workspace of its own), signed in as `as`. */
async function unpaidAccount(fields: Record<string, unknown> = {}) {
  const as = unique('Attacker');
  const user = await t.signInAs(as, { userType: 'trial', ...fields });
  return { as, user };
}

const invite = (as: string, email: string, ip: string, role = 'viewer') =>
  t.request({
    method: 'POST',
    url: '/api/workspace/invitations',
    payload: { email, role },
    as,
    remoteAddress: ip,
  });
const resend = (as: string, id: string, ip: string) =>
  t.request({ method: 'POST', url: `/api/workspace/invitations/${id}/resend`, as, remoteAddress: ip });
const revoke = (as: string, id: string, ip: string) =>
  t.request({ method: 'DELETE', url: `/api/workspace/invitations/${id}`, as, remoteAddress: ip });
const startWorkspace = (as: string, name: string, ip: string) =>
  t.request({ method: 'POST', url: '/api/workspaces', payload: { name }, as, remoteAddress: ip });
const deleteWorkspace = (as: string, name: string, ip: string) =>
  t.request({ method: 'POST', url: '/api/workspace/delete', payload: { name }, as, remoteAddress: ip });
const pending = async (as: string) =>
  (await t.request({ method: 'GET', url: '/api/workspace/invitations', as })).json() as Array<{
    id: string;
    email: string;
    role: string;
  }>;

const mailsTo = (email: string) => mailed.filter((m) => m.to === email);

/** The answer to an invitation, as the inviter sees it: a new invitation, listed, whatever happened to the mail. */
function expectInvitationAnswer(
  answer: { statusCode: number; json: () => Record<string, unknown> },
  email: string,
) {
  expect(answer.statusCode).toBe(201);
  const body = answer.json();
  expect(Object.keys(body).sort()).toEqual([
    'brandIds',
    'createdAt',
    'email',
    'expiresAt',
    'id',
    'invitedBy',
    'role',
  ]);
  expect(body.email).toBe(email);
  return body as { id: string; email: string };
}

/**
 * The token of the `nth` invitation mailed to `email`, as the stranger reads it in the text. The mail is sent
 * once the answer is given, so it is waited for.
 */
async function nthToken(email: string, nth: number): Promise<string> {
  await expect.poll(() => mailsTo(email).length).toBeGreaterThanOrEqual(nth);
  const mails = mailsTo(email).slice(0, nth);
  const match = /\/invitation\?token=([A-Za-z0-9_%-]+)/.exec(mails[mails.length - 1]?.text ?? '');
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]);
}

describe('one account inviting one stranger again and again', () => {
  it('re-inviting a pending address: the invitation and one more mail a day, however often it is asked', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('reinvited')}@stranger.test`;
    for (let i = 0; i < 20; i++) expectInvitationAnswer(await invite(as, stranger, ip), stranger);
    figures['re-invite a pending address (20 times)'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(2);
    // One pending invitation per address and workspace.
    expect((await pending(as)).filter((i) => i.email === stranger)).toHaveLength(1);
  });

  it('resending: at most once a day after the invitation', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('resent')}@stranger.test`;
    let id = expectInvitationAnswer(await invite(as, stranger, ip), stranger).id;
    for (let i = 0; i < 20; i++) {
      const again = expectInvitationAnswer(await resend(as, id, ip), stranger);
      expect(again.id).not.toBe(id);
      id = again.id;
    }
    figures['resend (20 times)'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(2);
    expect((await pending(as)).filter((i) => i.email === stranger)).toHaveLength(1);
  });

  it('revoking and inviting anew: counted as the same address, not as a new invitation', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('revoked')}@stranger.test`;
    for (let i = 0; i < 20; i++) {
      const sent = expectInvitationAnswer(await invite(as, stranger, ip), stranger);
      expect((await revoke(as, sent.id, ip)).statusCode).toBe(204);
    }
    figures['invite, revoke, invite again (20 times)'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(2);
  });

  it('across many workspaces of one account: a bounded number of workspaces, and 3 mails a day to one address', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('everywhere')}@stranger.test`;
    const started: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await startWorkspace(as, `Join me ${i}`, ip);
      started.push(answer.statusCode);
      if (answer.statusCode !== 201) {
        expect(answer.statusCode).toBe(429);
        expect(answer.json().code).toBe('TOO_MANY_WORKSPACES');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        continue;
      }
      // In each new workspace: invite, re-invite, resend.
      const first = expectInvitationAnswer(await invite(as, stranger, ip), stranger);
      expectInvitationAnswer(await invite(as, stranger, ip, 'writer'), stranger);
      expectInvitationAnswer(await resend(as, (await pending(as))[0].id, ip), stranger);
      void first;
    }
    expect(started.filter((s) => s === 201)).toHaveLength(5);
    figures['across workspaces (5 started, 3 asks in each)'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(3);
  });

  it('deleting a workspace and starting it again forgets nothing', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('after-delete')}@stranger.test`;
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const name = `Again ${i}`;
      const answer = await startWorkspace(as, name, ip);
      codes.push(answer.statusCode);
      if (answer.statusCode !== 201) continue;
      expectInvitationAnswer(await invite(as, stranger, ip), stranger);
      expectInvitationAnswer(await invite(as, stranger, ip), stranger);
      expect((await deleteWorkspace(as, name, ip)).statusCode).toBe(204);
    }
    // The workspaces started count after they are deleted too.
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    figures['delete and start again (10 times)'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(3);
  });

  it('every route at once on one address: 3 mails, and again the next day', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('all-routes')}@stranger.test`;
    const run = async () => {
      for (let i = 0; i < 5; i++) expectInvitationAnswer(await invite(as, stranger, ip), stranger);
      const id = (await pending(as)).find((p) => p.email === stranger)!.id;
      expectInvitationAnswer(await resend(as, id, ip), stranger);
      const next = (await pending(as)).find((p) => p.email === stranger)!.id;
      expect((await revoke(as, next, ip)).statusCode).toBe(204);
      expectInvitationAnswer(await invite(as, stranger, ip), stranger);
      for (let i = 0; i < 3; i++) {
        const name = unique('Every route ');
        if ((await startWorkspace(as, name, ip)).statusCode !== 201) continue;
        expectInvitationAnswer(await invite(as, stranger, ip), stranger);
        expectInvitationAnswer(await invite(as, stranger, ip), stranger);
        expect((await deleteWorkspace(as, name, ip)).statusCode).toBe(204);
      }
    };
    await run();
    figures['every route on one address'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(3);
    // A day later the address may hear again, as much and no more.
    clockOffsetMs = 25 * HOUR_MS;
    await run();
    expect(mailsTo(stranger)).toHaveLength(6);
    // Every mail reached the SMTP peer.
    await t.smtp.waitForMail((m) => m.envelopeTo.includes(stranger) && mailsTo(stranger).length === 6, 0);
  });

  it('all at once: one account asking 20 times together, then 8 accounts 5 times each, get exactly 2 and 3 mails', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('at-once')}@stranger.test`;
    const together = await Promise.all(Array.from({ length: 20 }, () => invite(as, stranger, ip)));
    for (const answer of together) expectInvitationAnswer(answer, stranger);
    // Counted one invitation of the address at a time: exactly the allowance, on either database.
    expect(mailsTo(stranger)).toHaveLength(2);
    expect((await pending(as)).filter((i) => i.email === stranger)).toHaveLength(1);
    const accounts: string[] = [];
    for (let i = 0; i < 8; i++) accounts.push((await unpaidAccount()).as);
    const crowd = await Promise.all(
      accounts.flatMap((each) => Array.from({ length: 5 }, () => invite(each, stranger, ip))),
    );
    for (const answer of crowd) expectInvitationAnswer(answer, stranger);
    figures['all at once (20 parallel, then 8 accounts x 5)'] = mailsTo(stranger).length;
    expect(mailsTo(stranger)).toHaveLength(3);
  }, 60_000);

  it('a stranger invited by several accounts hears at most 3 times a day from all of Nashr', async () => {
    const stranger = `${unique('popular')}@stranger.test`;
    for (let i = 0; i < 6; i++) {
      const { as } = await unpaidAccount();
      expectInvitationAnswer(await invite(as, stranger, nextIp()), stranger);
    }
    expect(mailsTo(stranger)).toHaveLength(3);
  });
});

describe('what the inviter learns', () => {
  it('never mails a suppressed address, and answers exactly as when it does', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const reachable = `${unique('reachable')}@stranger.test`;
    const complained = `${unique('complained')}@stranger.test`;
    const unsubscribed = `${unique('unsubscribed')}@stranger.test`;
    await suppress(t.db, complained, 'complained');
    await suppress(t.db, unsubscribed, 'unsubscribed');
    const mailedAnswer = await invite(as, reachable, ip);
    expectInvitationAnswer(mailedAnswer, reachable);
    for (const address of [complained, unsubscribed]) {
      const answer = await invite(as, address, ip);
      const body = expectInvitationAnswer(answer, address);
      expect(answer.headers['content-type']).toBe(mailedAnswer.headers['content-type']);
      expectInvitationAnswer(await resend(as, body.id, ip), address);
      expect(mailsTo(address)).toEqual([]);
    }
    expect(mailsTo(reachable)).toHaveLength(1);
    expect((await pending(as)).map((i) => i.email).sort()).toEqual(
      [complained, reachable, unsubscribed].sort(),
    );
  });

  it('an invitation not mailed again keeps the link already sent working, with the new role', async () => {
    const { as } = await unpaidAccount();
    const ip = nextIp();
    const stranger = `${unique('keeps-link')}@stranger.test`;
    const first = expectInvitationAnswer(await invite(as, stranger, ip), stranger);
    const firstToken = await nthToken(stranger, 1);
    const second = expectInvitationAnswer(await resend(as, first.id, ip), stranger);
    const secondToken = await nthToken(stranger, 2);
    expect(secondToken).not.toBe(firstToken);
    expect((await t.request({ method: 'GET', url: `/api/invitations/${firstToken}` })).json().state).toBe(
      'revoked',
    );
    // Not mailed (twice today already): the link in the last mail is the one that works, now as a writer.
    const third = expectInvitationAnswer(await invite(as, stranger, ip, 'writer'), stranger);
    expect(third.id).not.toBe(second.id);
    expect(mailsTo(stranger)).toHaveLength(2);
    const view = (await t.request({ method: 'GET', url: `/api/invitations/${secondToken}` })).json();
    expect(view).toMatchObject({ state: 'pending', role: 'writer', email: stranger });
    expect(await pending(as)).toEqual([expect.objectContaining({ id: third.id, role: 'writer' })]);
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: stranger,
        password: 'a-long-passphrase',
        firstName: 'Kept',
        lastName: 'Link',
        invitationToken: secondToken,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await pending(as)).toEqual([]);
  });
});

describe('the allowances of an account and of a client', () => {
  /**
   * `n` invitations to new addresses, ten at a time. The addresses are suppressed, so nothing is mailed: an
   * invitation counts against its inviter whether or not it is mailed (and the SMTP peer is spared 300 mails).
   */
  const fill = async (as: string, ip: string, n: number, prefix: string) => {
    await t.db
      .insert(suppressions)
      .values(Array.from({ length: n }, (_, i) => ({ email: `${prefix}-${i}@many.test`, reason: 'manual' as const })));
    const codes: number[] = [];
    for (let i = 0; i < n; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, n - i) }, (_, j) => invite(as, `${prefix}-${i + j}@many.test`, ip)),
      );
      codes.push(...batch.map((a) => a.statusCode));
    }
    return codes;
  };

  it('refuses an account its 101st invitation of a day across its workspaces, with a message; refusals do not count', async () => {
    const { as, user } = await unpaidAccount();
    const ip = nextIp();
    // Refused invitations (an existing member) take nothing from the allowance.
    for (let i = 0; i < 5; i++) expect((await invite(as, user.email, ip)).statusCode).toBe(409);
    const prefix = unique('acct');
    expect(await fill(as, ip, 50, `${prefix}-a`)).toEqual(Array(50).fill(201));
    expect((await startWorkspace(as, unique('Second '), ip)).statusCode).toBe(201);
    expect(await fill(as, ip, 50, `${prefix}-b`)).toEqual(Array(50).fill(201));
    expect((await startWorkspace(as, unique('Third '), ip)).statusCode).toBe(201);
    const refused = await invite(as, `${prefix}-c@many.test`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_INVITATIONS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pending(as)).toEqual([]);
    // From another client the account is still refused; a day later it may invite again.
    expect((await invite(as, `${prefix}-c@many.test`, nextIp())).statusCode).toBe(429);
    clockOffsetMs = 25 * HOUR_MS;
    expect((await invite(as, `${prefix}-c@many.test`, ip)).statusCode).toBe(201);
  }, 120_000);

  it('refuses a client address its 201st invitation of a day, whichever accounts ask', async () => {
    const ip = nextIp();
    const prefix = unique('client');
    for (let n = 0; n < 2; n++) {
      const { as } = await unpaidAccount();
      expect(await fill(as, ip, 50, `${prefix}-${n}a`)).toEqual(Array(50).fill(201));
      expect((await startWorkspace(as, unique('More '), ip)).statusCode).toBe(201);
      expect(await fill(as, ip, 50, `${prefix}-${n}b`)).toEqual(Array(50).fill(201));
    }
    const { as } = await unpaidAccount();
    const refused = await invite(as, `${prefix}-x@many.test`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_INVITATIONS');
    expect((await invite(as, `${prefix}-x@many.test`, nextIp())).statusCode).toBe(201);
  }, 120_000);

  it('lets one account start 5 workspaces a day, deleted or not, and one client 20', async () => {
    const ip = nextIp();
    const { as } = await unpaidAccount();
    for (let i = 0; i < 5; i++) expect((await startWorkspace(as, `Mine ${i}`, ip)).statusCode).toBe(201);
    expect((await deleteWorkspace(as, 'Mine 4', ip)).statusCode).toBe(204);
    const refused = await startWorkspace(as, 'Mine 5', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_WORKSPACES' });
    // Another client changes nothing for the account.
    expect((await startWorkspace(as, 'Mine 5', nextIp())).statusCode).toBe(429);
    for (let n = 0; n < 3; n++) {
      const other = await unpaidAccount();
      for (let i = 0; i < 5; i++)
        expect((await startWorkspace(other.as, `Theirs ${i}`, ip)).statusCode).toBe(201);
    }
    const fresh = await unpaidAccount();
    expect((await startWorkspace(fresh.as, 'One too many', ip)).statusCode).toBe(429);
    expect((await startWorkspace(fresh.as, 'Elsewhere', nextIp())).statusCode).toBe(201);
    clockOffsetMs = 25 * HOUR_MS;
    expect((await startWorkspace(as, 'Tomorrow', ip)).statusCode).toBe(201);
  });
});

describe('the words of the invitation mail', () => {
  const hostile = 'WIN $5000 NOW at http://prize.example/claim';

  it('keeps the workspace and inviter names out of the subject and breaks up anything that reads as a link', async () => {
    // Names are refused an address at registration now; an older account's may still hold one.
    const { as } = await unpaidAccount({
      firstName: 'www.prize.example',
      lastName: 'Visit https://bit.ly/x',
    });
    const ip = nextIp();
    expect((await startWorkspace(as, hostile, ip)).statusCode).toBe(201);
    const stranger = `${unique('words')}@stranger.test`;
    const from = t.smtp.messages.length;
    expectInvitationAnswer(await invite(as, stranger, ip), stranger);
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(stranger), from);
    expect(mail.parsed.subject).toBe('You are invited to a workspace on Nashr');
    const text = mail.parsed.text ?? '';
    const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
    for (const body of [text, html]) {
      expect(body).not.toMatch(/prize\.example|bit\.ly|https?:\/\/(?!localhost:3000\/invitation\?token=)/);
      expect(body).toContain('prize[.]example');
    }
    expect(text).toContain('“WIN $5000 NOW at http[:]//prize[.]example/claim”');
    expect(text).toContain('www[.]prize[.]example Visit https[:]//bit[.]ly/x invited you');
    // The only links are the invitation's own.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^http:\/\/localhost:3000\/invitation\?token=/);
    // The preview line beside the subject carries no free text either.
    expect(html.split('<div style="display:none')[1]?.split('</div>')[0]).not.toContain('prize');
  });

  it('in Arabic too, and for the names of a client’s brands', () => {
    const message = invitationMessage({
      language: 'ar',
      workspaceName: hostile,
      inviterName: 'sales@prize.example',
      role: 'client',
      link: 'http://localhost:3000/invitation?token=abc',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      brandNames: [{ name: 'Free', nameAr: 'مجانًا على www.prize.example' }],
    });
    expect(message.subject).toBe('دعوة للانضمام إلى مساحة عمل على نشر');
    for (const body of [message.text, message.html]) {
      expect(body).not.toMatch(/prize\.example|http:\/\/prize/);
      expect(body).toContain('«مجانًا على www[.]prize[.]example»');
      expect(body).toContain('sales@prize[.]example');
    }
    // Ordinary names read as they were written.
    const plain = invitationMessage({
      language: 'en',
      workspaceName: 'Gulf Bridge PR, St. James & Co',
      inviterName: 'Sara Haddad',
      role: 'writer',
      link: 'http://localhost:3000/invitation?token=abc',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    expect(plain.text).toContain('Sara Haddad invited you to the “Gulf Bridge PR, St. James & Co” workspace');
  });
});
