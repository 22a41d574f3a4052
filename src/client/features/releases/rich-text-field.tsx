import { Component, memo, useCallback, useEffect, useRef, useState, type ClipboardEvent, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ErrorState } from '../../ui/feedback';
import type { EditorDraft, RichTextEditor } from './rich-text-editor';
import { RICH_TEXT_AREA_CLASS, richTextFrameClass } from './rich-text-frame';

type Props = Omit<ComponentProps<typeof RichTextEditor>, 'draft'>;
type Editor = typeof RichTextEditor;

/**
 * TipTap and ProseMirror are most of the editor page's code (about 106 KB compressed, more than the rest of the
 * page together), so they are a chunk of their own, fetched at the first sign of writing rather than with the
 * page: a focus anywhere in a version's fields (its title comes first), a pointer over the content box, or
 * content to show (a saved release). A new release's first screen, and a phone that opens it to schedule or send,
 * never wait for them. Until they arrive the content box is a plain-text box of the same size: what is typed or
 * pasted into it is handed to the editor when it mounts, so nothing written is lost to the wait.
 */
const loadEditor = () => import('./rich-text-editor').then((m) => m.RichTextEditor);
let editorModule: Promise<Editor> | undefined;
let loadedEditor: Editor | undefined;
/** The content boxes on screen, each switched to the editor as soon as its code has arrived. */
const waiting = new Set<(editor: Editor) => void>();

/** Starts fetching the editor's code once; a failed fetch is forgotten, so the next call tries again. */
export function preloadRichTextEditor(): Promise<Editor> {
  editorModule ??= loadEditor().then(
    (editor) => {
      loadedEditor = editor;
      for (const take of waiting) take(editor);
      return editor;
    },
    (error: unknown) => {
      editorModule = undefined;
      throw error;
    },
  );
  // A failed fetch is shown by the field that asked for it; a preload alone is not an unhandled rejection.
  editorModule.catch(() => {});
  return editorModule;
}

export function RichTextField(props: Props) {
  const { t } = useTranslation('releases');
  const [Editor, setEditor] = useState<Editor | undefined>(() => loadedEditor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const draft = useRef<EditorDraft>({ text: '', pasted: [], focused: false });
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (Editor) return;
    if (loadedEditor) return setEditor(() => loadedEditor);
    const take = (editor: Editor) => {
      // Read now, while the box is still on the page: the editor takes the focus over from it.
      draft.current.focused = !!box.current && box.current === document.activeElement;
      setEditor(() => editor);
    };
    waiting.add(take);
    return () => void waiting.delete(take);
  }, [Editor]);

  const load = useCallback(() => {
    setLoading(true);
    preloadRichTextEditor().catch(() => {
      setLoading(false);
      setFailed(true);
    });
  }, []);

  // A saved release's content is shown in the editor itself: this box only ever holds what was typed into it.
  useEffect(() => {
    if (props.value && !Editor) load();
  }, [props.value, Editor, load]);

  if (Editor) {
    return (
      <EditorRenderBoundary>
        <Editor {...props} draft={draft.current} />
      </EditorRenderBoundary>
    );
  }
  // A failed fetch (offline, a new deployment) is said below the box, which stays as it is with what was written.
  return (
    <div>
      <div className={richTextFrameClass(props.invalid)} aria-busy={loading || undefined} onPointerEnter={load}>
        {/* The toolbar's height, so the page does not move when the editor arrives. */}
        <div className="flex h-[2.3125rem] items-center justify-end border-b border-slate-200 px-2" aria-hidden>
          {loading && <Loader2 className="h-4 w-4 animate-spin text-slate-400" />}
        </div>
        {props.value ? (
          <SavedContentLoading {...props} />
        ) : (
          <WritingBox dir={props.dir} labelledBy={props.labelledBy} describedBy={props.describedBy} draft={draft.current} box={box} onIntent={load} />
        )}
      </div>
      {failed && (
        <div className="mt-2">
          <ErrorState
            message={t('editor.toolsUnavailable')}
            onRetry={() => {
              setFailed(false);
              load();
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * An empty release's content box before the editor arrives: plain text, so no markup is ever read back from it.
 * It has no children of its own and is drawn again only when its attributes change (memo), so the text typed
 * into it stays the browser's own.
 */
const WritingBox = memo(function WritingBox({
  dir,
  labelledBy,
  describedBy,
  draft,
  box,
  onIntent,
}: Pick<Props, 'dir' | 'labelledBy' | 'describedBy'> & { draft: EditorDraft; box: RefObject<HTMLDivElement | null>; onIntent: () => void }) {
  return (
    <div
      ref={box}
      role="textbox"
      aria-multiline="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      dir={dir}
      contentEditable="plaintext-only"
      className={`${RICH_TEXT_AREA_CLASS} focus:outline-none`}
      onFocus={onIntent}
      onInput={(event) => (draft.text = event.currentTarget.innerText)}
      onPaste={(event: ClipboardEvent<HTMLDivElement>) => {
        // Pasted formatting (a release written in a word processor) is kept for the editor, which reads it
        // through its own schema; the box itself takes no markup.
        const html = event.clipboardData.getData('text/html');
        if (!html) return;
        event.preventDefault();
        draft.pasted.push(html);
        onIntent();
      }}
    />
  );
});

/** A saved release's content while the editor's code arrives: read-only and busy. */
function SavedContentLoading({ dir, labelledBy, describedBy }: Props) {
  const { t } = useTranslation();
  return (
    <div
      role="textbox"
      aria-multiline="true"
      aria-readonly="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      dir={dir}
      className={`${RICH_TEXT_AREA_CLASS} flex items-center justify-center gap-2 text-slate-500`}
    >
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      {t('loading')}
    </div>
  );
}

/** The editor failed to draw: the rest of the form stays, with a retry here. */
class EditorRenderBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('The content editor could not be drawn', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState onRetry={() => this.setState({ failed: false })} />;
  }
}
