import { useCallback, useEffect, useRef, useState } from 'react';
import type { PressRelease } from '../../../shared/releases';
import { errorMessage } from '../../lib/api';
import { firstProblem, validate, type EditorValues } from './editor-form';

/**
 * The editor's autosave: a few seconds after the last change, the draft goes to the server once the draft
 * rules pass; until then (or when the server cannot be reached) it is kept in this browser's local storage,
 * so a closed tab or a crash loses nothing. Saves run one after another, never two at once, so a new
 * release is created once and every later save updates it.
 */

export const AUTOSAVE_DELAY_MS = 3000;

export type SaveState =
  | { kind: 'clean' }
  | { kind: 'saved'; at: Date }
  | { kind: 'saving' }
  /** `reason`: why the server does not hold it yet (the draft's first missing field, or the server's answer). */
  | { kind: 'unsaved'; keptLocally: boolean; reason?: string };

/** What makes two versions of the form the same release: the files by identity, not their bytes. */
export function fingerprint(values: EditorValues): string {
  return JSON.stringify({ ...values, attachments: values.attachments.map((a) => [a.key, a.language ?? null]) });
}

export const draftRulesPass = (values: EditorValues) => !draftProblem(values);
/** What keeps a draft from the server: the first of its fields the draft rules refuse, in the shared message. */
const draftProblem = (values: EditorValues): string | undefined => firstProblem(validate(values, 'save_draft'))?.message;

// ---------------------------------------------------------------- the copy kept in this browser

type LocalCopy = { values: EditorValues; savedAt: string };

const localKey = (userId: string, releaseId: string | undefined) => `nashr:editor:${userId}:${releaseId ?? 'new'}`;

/** Files picked but not yet uploaded are not kept (local storage holds a few MB); stored files are. */
export function keepLocally(userId: string, releaseId: string | undefined, values: EditorValues): boolean {
  const copy: LocalCopy = { values: { ...values, attachments: values.attachments.filter((a) => a.id) }, savedAt: new Date().toISOString() };
  try {
    localStorage.setItem(localKey(userId, releaseId), JSON.stringify(copy));
    return true;
  } catch {
    return false;
  }
}

export function readLocalCopy(userId: string, releaseId: string | undefined): LocalCopy | undefined {
  try {
    const raw = localStorage.getItem(localKey(userId, releaseId));
    const copy = raw ? (JSON.parse(raw) as LocalCopy) : undefined;
    return copy?.values && copy.savedAt ? copy : undefined;
  } catch {
    return undefined;
  }
}

export function dropLocalCopies(userId: string, releaseIds: (string | undefined)[]): void {
  for (const id of releaseIds) {
    try {
      localStorage.removeItem(localKey(userId, id));
    } catch {
      // Storage that cannot be written cannot hold a stale copy either.
    }
  }
}

// ---------------------------------------------------------------- the hook

type AutosaveOptions = {
  userId: string | undefined;
  values: EditorValues;
  initialValues: EditorValues;
  /** The release being edited; undefined until the first save creates it. */
  releaseId: () => string | undefined;
  /** Whether changes may go to the server by themselves (not for a scheduled release, not during a send). */
  toServer: boolean;
  saveDraft: (values: EditorValues) => Promise<PressRelease>;
  lastSavedAt?: string;
};

export function useAutosave({ userId, values, initialValues, releaseId, toServer, saveDraft, lastSavedAt }: AutosaveOptions) {
  const [baseline, setBaseline] = useState(() => fingerprint(initialValues));
  const [state, setState] = useState<SaveState>(() => (lastSavedAt ? { kind: 'saved', at: new Date(lastSavedAt) } : { kind: 'clean' }));
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(values);
  latest.current = values;
  const current = fingerprint(values);
  const dirty = current !== baseline;

  /** Saves these values to the server after any save already running; the state follows. */
  const saveNow = useCallback(
    (snapshot: EditorValues): Promise<PressRelease> => {
      const run = queue.current.catch(() => undefined).then(async () => {
        setState({ kind: 'saving' });
        const previousId = releaseId();
        try {
          const saved = await saveDraft(snapshot);
          setBaseline(fingerprint(snapshot));
          if (userId) dropLocalCopies(userId, [previousId, saved.id]);
          const changedMeanwhile = fingerprint(latest.current) !== fingerprint(snapshot);
          setState(changedMeanwhile ? { kind: 'unsaved', keptLocally: false } : { kind: 'saved', at: new Date() });
          return saved;
        } catch (error) {
          setState({ kind: 'unsaved', keptLocally: userId ? keepLocally(userId, previousId, snapshot) : false, reason: errorMessage(error) });
          throw error;
        }
      });
      queue.current = run;
      return run;
    },
    [releaseId, saveDraft, userId],
  );

  useEffect(() => {
    if (!dirty) return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'unsaved', keptLocally: false }));
    const timer = setTimeout(() => {
      const snapshot = latest.current;
      if (toServer && draftRulesPass(snapshot)) {
        saveNow(snapshot).catch(() => undefined);
      } else if (userId) {
        setState({ kind: 'unsaved', keptLocally: keepLocally(userId, releaseId(), snapshot), reason: draftProblem(snapshot) });
      }
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // Restart the wait on every change of the form's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, dirty, toServer]);

  /** After a send or schedule the form is what the server holds. */
  const markSaved = useCallback((snapshot: EditorValues) => {
    setBaseline(fingerprint(snapshot));
    if (userId) dropLocalCopies(userId, [releaseId()]);
  }, [releaseId, userId]);

  return { state, dirty, saveNow, markSaved };
}
