import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MAX_ATTACHMENT_BYTES,
  releaseFieldsSchema,
  sendPressReleaseSchema,
  translationSchema,
} from '../../../shared/releases';
import {
  emptyTranslation,
  emptyValues,
  FIELD_ORDER,
  mediaContactOf,
  fieldOfPath,
  firstProblem,
  localInputToIso,
  toLocalInputValue,
  toPayload,
  validate,
  withBrand,
  withStoredFiles,
  type EditorValues,
} from './editor-form';
import type { PressRelease } from '../../../shared/releases';
import { returnPathFrom } from '../billing/return-path';
import { checkPickedFiles } from './attachment-files';

const LIST = '5b0c1f2e-8d3a-4c1e-9f7a-2b6d8e4a1c3f';
const complete = (): EditorValues => ({
  ...emptyValues('2026-11-21'),
  title: 'Nashr opens in Riyadh',
  location: 'Dubai, UAE',
  content: `<p>${'A long enough paragraph about the news. '.repeat(3)}</p>`,
  boilerplate: 'Nashr distributes press releases across MENA.',
  contactName: 'Sara Haddad',
  contactEmail: 'press@company.test',
  contactPhone: '+971 4 000 0000',
  recipientLists: [LIST],
  attachments: [
    {
      key: 'a',
      originalName: 'release.pdf',
      mimetype: 'application/pdf',
      size: 10,
      base64Content: 'JVBERi0=',
    },
  ],
});

describe('editor form', () => {
  it('orders every field of the shared schema, and only those, so each rule the server applies has its place', () => {
    // bilingualEmail is a switch, never wrong; translation is its fields; scheduledAt is the schedule's own field.
    const schemaFields = [
      ...Object.keys(releaseFieldsSchema.shape).filter((f) => f !== 'translation' && f !== 'bilingualEmail'),
      ...Object.keys(translationSchema.shape).map((f) => `translation.${f}`),
      'scheduledAt',
      // The schedule's zone (timeZone), the embargo's lift and zone, and the topics (issue 30).
      'scheduleZone',
      'embargoAt',
      'embargoZone',
      'topics',
    ];
    expect([...FIELD_ORDER].sort()).toEqual(schemaFields.sort());
    expect(new Set(FIELD_ORDER).size).toBe(FIELD_ORDER.length);
  });

  it('defaults the release date to today', () => {
    expect(emptyValues('2026-01-02').releaseDate).toBe('2026-01-02');
    // A new release names its author as the media contact; the account has no phone to give.
    const author = mediaContactOf({ firstName: 'Sara', lastName: 'Haddad', email: 'sara@company.test' });
    expect(emptyValues('2026-01-02', 'english', author)).toMatchObject({
      contactName: 'Sara Haddad',
      contactEmail: 'sara@company.test',
      contactPhone: '',
    });
    expect(mediaContactOf({ firstName: '', lastName: '', email: 'desk@company.test' }).contactName).toBe('');
    expect(emptyValues('2026-01-02')).toMatchObject({ contactName: '', contactEmail: '', contactPhone: '' });
  });

  it('builds a payload the shared schema accepts for each action', () => {
    const values = { ...complete(), scheduledAt: toLocalInputValue(new Date(Date.now() + 86_400_000)) };
    for (const action of ['send_now', 'schedule', 'save_draft'] as const) {
      const result = sendPressReleaseSchema.safeParse(toPayload(values, action, null));
      expect(result.success, action).toBe(true);
    }
    expect(validate(values, 'send_now')).toEqual({});
  });

  it('keeps stored attachments by id and sends new files as base64', () => {
    const values = complete();
    values.attachments.push({
      key: 'b',
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      originalName: 'old.png',
      mimetype: 'image/png',
      size: 3,
    });
    const payload = toPayload(values, 'save_draft', 'c3f1f1de-8d3a-4c1e-9f7a-2b6d8e4a1c3f');
    expect(payload.attachments?.[1]).toEqual({ id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(payload.attachments?.[0]).toMatchObject({
      originalName: 'release.pdf',
      base64Content: 'JVBERi0=',
    });
    expect(payload.existingPressReleaseId).toBe('c3f1f1de-8d3a-4c1e-9f7a-2b6d8e4a1c3f');
    expect(payload.subject).toBe(values.title);
  });

  it('names the first failing rule in SPEC order', () => {
    const values = { ...complete(), title: 'abc', contactPhone: '1', content: '<p>short</p>' };
    const problems = validate(values, 'send_now');
    expect(problems.contactPhone).toBe(MESSAGES.contactPhone);
    expect(firstProblem(problems)).toEqual({ field: 'title', message: MESSAGES.title });
  });

  it('counts visible text, not markup, for the content minimum', () => {
    const values = { ...complete(), content: `<p><strong>${'<em></em>'.repeat(20)}</strong></p>` };
    expect(validate(values, 'send_now').content).toBe(MESSAGES.content);
  });

  it('requires lists and an attachment to send, but not to save a draft', () => {
    const values = { ...complete(), recipientLists: [], attachments: [] };
    const send = validate(values, 'send_now');
    expect(send.recipientLists).toBe(MESSAGES.recipientLists);
    expect(send.attachments).toBe(MESSAGES.noAttachments);
    expect(validate(values, 'save_draft')).toEqual({});
  });

  it('uses the looser draft messages', () => {
    const values = { ...complete(), contactEmail: 'nope', boilerplate: '', location: '' };
    expect(validate(values, 'save_draft')).toEqual({ contactEmail: MESSAGES.draftContactEmail });
  });

  it('refuses a schedule without a time or in the past', () => {
    expect(validate({ ...complete(), scheduledAt: '' }, 'schedule').scheduledAt).toBe(MESSAGES.scheduledAt);
    const past = toLocalInputValue(new Date(Date.now() - 60_000));
    expect(validate({ ...complete(), scheduledAt: past }, 'schedule').scheduledAt).toBe(
      MESSAGES.scheduledInPast,
    );
  });

  it('turns the browser-zone schedule input into an absolute instant', () => {
    const moment = new Date(2026, 10, 22, 9, 30);
    expect(localInputToIso(toLocalInputValue(moment))).toBe(moment.toISOString());
    expect(localInputToIso('not a time')).toBe('');
  });
});

describe('picked files', () => {
  it('accepts the allowed types under the limits', () => {
    expect(
      checkPickedFiles(
        [
          { name: 'a.PDF', size: 100 },
          { name: 'b.docx', size: 100 },
        ],
        0,
      ).kind,
    ).toBe('accepted');
  });
  it('refuses other types, a file of 5 MB or more, and a total over 15 MB', () => {
    expect(checkPickedFiles([{ name: 'run.exe', size: 1 }], 0)).toEqual({
      kind: 'rejectedType',
      names: ['run.exe'],
    });
    expect(checkPickedFiles([{ name: 'big.png', size: MAX_ATTACHMENT_BYTES }], 0)).toEqual({
      kind: 'tooLarge',
      names: ['big.png'],
    });
    const four = 4 * 1024 * 1024;
    expect(checkPickedFiles([{ name: 'a.pdf', size: four }], 12 * 1024 * 1024)).toEqual({
      kind: 'totalTooLarge',
      totalBytes: 16 * 1024 * 1024,
    });
  });

  it('gives uploaded files their stored ids after a save, leaving files changed meanwhile alone', () => {
    const kept = {
      key: 'k',
      id: '11111111-1111-4111-8111-111111111111',
      originalName: 'kept.pdf',
      mimetype: 'application/pdf',
      size: 5,
    };
    const fresh = {
      key: 'n',
      originalName: 'new.pdf',
      mimetype: 'application/pdf',
      size: 7,
      base64Content: 'JVBERi0=',
    };
    const later = {
      key: 'l',
      originalName: 'later.pdf',
      mimetype: 'application/pdf',
      size: 9,
      base64Content: 'JVBERi0=',
    };
    // The server answers kept files first, then the new ones.
    const saved = {
      attachments: [{ id: kept.id }, { id: '22222222-2222-4222-8222-222222222222' }],
    } as unknown as PressRelease;
    const after = withStoredFiles([fresh, kept, later], [fresh, kept], saved);
    expect(after).toEqual([
      {
        key: 'n',
        id: '22222222-2222-4222-8222-222222222222',
        originalName: 'new.pdf',
        mimetype: 'application/pdf',
        size: 7,
      },
      kept,
      later,
    ]);
  });

  it('follows a purchase only back to the editor', () => {
    const from = (value: string) => returnPathFrom(new URLSearchParams({ return: value }));
    expect(from('/editor')).toBe('/editor');
    expect(from('/editor/5b0c1f2e-8d3a-4c1e-9f7a-2b6d8e4a1c3f')).toBe(
      '/editor/5b0c1f2e-8d3a-4c1e-9f7a-2b6d8e4a1c3f',
    );
    for (const hostile of [
      'https://evil.example/editor',
      '//evil.example',
      '/editor/../admin',
      '/admin',
      '/editor/x?y=1',
    ])
      expect(from(hostile)).toBeUndefined();
  });

  describe('picking a brand (issue 28)', () => {
    const gulf = {
      id: '0b1d3c5e-7f9a-4b2c-8d4e-6f8a0b2c4d6e',
      boilerplate: 'Gulf Bridge PR advises companies across the Gulf.',
      boilerplateAr: 'غلف بريدج للعلاقات العامة تقدم المشورة للشركات في الخليج.',
      contactName: 'Hala Mansour',
      contactEmail: 'hala@gulfbridge.test',
      contactPhone: '+971 4 111 2222',
      language: 'english' as const,
    };
    const riyadh = {
      id: '1c2e4d6f-8a0b-4c3d-9e5f-7a9b1c3d5e7f',
      boilerplate: 'Riyadh Dates grows and exports dates.',
      boilerplateAr: 'تمور الرياض تزرع التمور وتصدرها.',
      contactName: 'Faisal Otaibi',
      contactEmail: 'faisal@riyadhdates.test',
      contactPhone: '',
      language: 'arabic' as const,
    };
    const author = { contactName: 'Sara Haddad', contactEmail: 'sara@company.test', contactPhone: '' };

    it('gives a second version added later the brand’s boilerplate in that version’s language', () => {
      // An Arabic-first brand's release gets an English version: its English boilerplate, not an empty one.
      expect(emptyTranslation('arabic', riyadh)).toMatchObject({ language: 'english', boilerplate: riyadh.boilerplate, title: '' });
      expect(emptyTranslation('english', gulf)).toMatchObject({ language: 'arabic', boilerplate: gulf.boilerplateAr });
      expect(emptyTranslation('english', null).boilerplate).toBe('');
    });

    it('fills empty fields and the author’s prefilled contact, and sends the brand', () => {
      const values = withBrand(emptyValues('2026-11-21', 'english', author), null, gulf, {
        isNew: false,
        prefilled: author,
      });
      expect(values).toMatchObject({
        brandId: gulf.id,
        boilerplate: gulf.boilerplate,
        contactName: 'Hala Mansour',
        contactEmail: 'hala@gulfbridge.test',
        contactPhone: '+971 4 111 2222',
        language: 'english',
      });
      expect(toPayload(values, 'save_draft')).toMatchObject({ brandId: gulf.id });
    });

    it('replaces the previous brand’s defaults, keeps what was typed, and takes the language of a new release', () => {
      const first = withBrand(emptyValues('2026-11-21'), null, gulf);
      const typed = {
        ...first,
        contactName: 'Omar Khalil',
        translation: {
          language: 'arabic' as const,
          title: '',
          subtitle: '',
          location: '',
          content: '',
          boilerplate: gulf.boilerplateAr,
        },
      };
      const next = withBrand(typed, gulf, riyadh, { isNew: true });
      expect(next.language).toBe('arabic');
      expect(next.boilerplate).toBe(riyadh.boilerplateAr);
      expect(next.translation).toMatchObject({ language: 'english', boilerplate: riyadh.boilerplate });
      expect(next.contactName).toBe('Omar Khalil');
      expect(next.contactEmail).toBe('faisal@riyadhdates.test');
      // The new brand has no phone: the previous brand's is not left behind for it.
      expect(next.contactPhone).toBe('');
      // An existing release keeps its language; a boilerplate the writer changed stays.
      const kept = withBrand({ ...first, boilerplate: 'Our own words about the company.' }, gulf, riyadh, {
        isNew: false,
      });
      expect(kept.language).toBe('english');
      expect(kept.boilerplate).toBe('Our own words about the company.');
    });
  });
});

describe('times entered in a chosen zone (issue 30)', () => {
  const NOW = new Date('2026-11-26T12:00:00Z');
  const inRiyadh = (overrides: Partial<EditorValues> = {}): EditorValues => ({
    ...complete(),
    scheduledAt: '2026-12-01T09:00',
    scheduleZone: 'Asia/Riyadh',
    ...overrides,
  });

  it('sends 09:00 Riyadh time as the instant 06:00Z with its zone, whatever the browser’s zone', () => {
    const payload = toPayload(inRiyadh(), 'schedule') as Record<string, unknown>;
    expect(payload).toMatchObject({ scheduledAt: '2026-12-01T06:00:00.000Z', timeZone: 'Asia/Riyadh', embargo: null, topics: [] });
  });

  it('sends an embargo in another zone, and refuses one that lifts before the send or in the past', () => {
    const embargoed = inRiyadh({ embargoOn: true, embargoAt: '2026-12-01T12:00', embargoZone: 'Asia/Dubai', topics: ['Technology'] });
    expect(toPayload(embargoed, 'schedule')).toMatchObject({ embargo: { until: '2026-12-01T08:00:00.000Z', timeZone: 'Asia/Dubai' }, topics: ['Technology'] });
    expect(validate(embargoed, 'schedule', NOW)).toEqual({});
    // 09:30 in Dubai is 08:30 in Riyadh: before the 09:00 Riyadh send.
    expect(validate({ ...embargoed, embargoAt: '2026-12-01T09:30' }, 'schedule', NOW).embargoAt).toBe('The embargo must lift after the scheduled send');
    expect(validate({ ...embargoed, embargoAt: '2026-11-01T09:30' }, 'send_now', NOW).embargoAt).toBe('The embargo must lift in the future');
    expect(validate({ ...embargoed, embargoAt: '' }, 'send_now', NOW).embargoAt).toBe('An embargo needs a date and a time');
    // A draft keeps an unfinished embargo to itself rather than failing to save.
    expect(toPayload({ ...embargoed, embargoAt: '' }, 'save_draft')).toMatchObject({ embargo: undefined });
  });

  it('puts the server’s errors on the embargo’s and the zone’s fields', () => {
    expect(fieldOfPath('embargo.until')).toBe('embargoAt');
    expect(fieldOfPath('embargo.timeZone')).toBe('embargoZone');
    expect(fieldOfPath('embargo')).toBe('embargoAt');
    expect(fieldOfPath('timeZone')).toBe('scheduleZone');
    expect(fieldOfPath('translation.title')).toBe('translation.title');
    expect(fieldOfPath('attachments.2.size')).toBe('attachments');
  });
});
