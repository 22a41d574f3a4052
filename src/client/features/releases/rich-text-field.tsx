import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ErrorState } from '../../ui/feedback';
import type { RichTextEditor } from './rich-text-editor';
import { RICH_TEXT_AREA_CLASS, richTextFrameClass } from './rich-text-frame';

type Props = ComponentProps<typeof RichTextEditor>;

/**
 * TipTap and ProseMirror are most of the editor page's code (about 100 KB compressed), so they are a chunk
 * of their own: fetched as soon as the editor page's code runs (beside the page's texts, not after its first
 * render), while the page draws its first screen without them. The release's content lives in the form
 * (react-hook-form), outside this boundary, so nothing written elsewhere waits for it or is lost by it.
 */
const loadEditor = () => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor }));
let editorModule = loadEditor();
// A failed fetch is shown by EditorLoadBoundary once rendered; until then it is not an unhandled rejection.
editorModule.catch(() => {});
let LazyRichTextEditor = lazy(() => editorModule);

function retryEditorLoad() {
  editorModule = loadEditor();
  LazyRichTextEditor = lazy(() => editorModule);
}

/** The content editor, drawn as a read-only, busy box of the same size until TipTap's code has arrived. */
export function RichTextField(props: Props) {
  return (
    <EditorLoadBoundary>
      <Suspense fallback={<RichTextLoading {...props} />}>
        <LazyRichTextEditor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  );
}

function RichTextLoading({ dir, labelledBy, describedBy, invalid }: Props) {
  const { t } = useTranslation();
  return (
    <div className={richTextFrameClass(invalid)} aria-busy="true">
      {/* The toolbar's height, so the page does not move when the editor arrives. */}
      <div className="h-[2.3125rem] border-b border-slate-200" aria-hidden />
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
    </div>
  );
}

/** The editor's code could not be fetched (offline, a new deployment): the rest of the form stays, with a retry here. */
class EditorLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('The content editor could not load', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        onRetry={() => {
          retryEditorLoad();
          this.setState({ failed: false });
        }}
      />
    );
  }
}
