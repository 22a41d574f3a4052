import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useEditor, EditorContent, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import { useTranslation } from 'react-i18next';
import { Bold, Heading2, Heading3, Italic, Link as LinkIcon, List, ListOrdered, Redo2, Undo2, Unlink } from 'lucide-react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Input } from '../../ui/field';
import { cn } from '../../ui/cn';
import { RICH_TEXT_AREA_CLASS, richTextFrameClass } from './rich-text-frame';

/** What was written into the content box before the editor's code arrived (rich-text-field.tsx): its plain text, what was pasted with formatting, and whether it had the focus. */
export type EditorDraft = { text: string; pasted: string[]; focused: boolean };

/** True when the draft held anything, now in the editor: its typed text, then its pastes, with the caret after them. */
function adoptDraft(editor: Editor, draft: EditorDraft | undefined): boolean {
  if (!draft) return false;
  // Handed over as pastes are (ProseMirror's own paste path): typed text is never read as markup, pasted markup
  // goes through the editor's schema, and web addresses become links as they do when typed or pasted here.
  // The word still being typed when the editor arrived is not pasted but typed on: a web address half written
  // ("https://nashr.exa") would otherwise be linked as it stood, and the rest of it typed into that link.
  const text = draft.text.replace(/\n$/, '');
  const typing = /\S*$/.exec(text)![0];
  if (text.length > typing.length) editor.view.pasteText(text.slice(0, text.length - typing.length));
  if (typing) editor.view.dispatch(editor.state.tr.insertText(typing));
  for (const html of draft.pasted.splice(0)) editor.view.pasteHTML(html);
  // The next keystroke must land here, so not through the focus command's animation frame; a microtask, because
  // EditorContent puts the view on the page later in this same commit, and a key is a task of its own.
  if (draft.focused) queueMicrotask(() => editor.view.focus());
  draft.text = '';
  return !editor.isEmpty;
}

/**
 * The content editor (loaded on demand through rich-text-field.tsx): only what the server's allow-list keeps (paragraphs, headings, bold, italic, lists,
 * http/https links), so what is written is what is sent.
 */
export function RichTextEditor({
  value,
  onChange,
  dir,
  labelledBy,
  describedBy,
  invalid,
  draft,
}: {
  value: string;
  onChange: (html: string) => void;
  dir: 'ltr' | 'rtl';
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  draft?: EditorDraft;
}) {
  const adopted = useRef(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
      // No `protocols`: linkify knows http and https already, and the extension registers each listed one
      // with linkify on every editor it creates; the second editor of the page (the other language's
      // version) then warned "linkifyjs: already initialized" once per protocol.
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        // Part of the options on every render: useEditor re-applies its options when the form re-renders.
        dir,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: `${RICH_TEXT_AREA_CLASS} focus:outline-none`,
      },
    },
  });

  // A release loaded after the editor was created (or reset) replaces its content. A layout effect, so the check
  // runs as the new value is drawn: a passive effect may run after the next keystroke (Preact runs them after the
  // paint), compare that keystroke's text with the value before it, and set the editor back, losing the key.
  useLayoutEffect(() => {
    // A suspended tree (a translation still loading) unmounts the editor, and useEditor replaces it with a new
    // one made from the current `value`; this effect may still hold the destroyed one.
    if (!editor || editor.isDestroyed) return;
    // Once, as the editor first appears: what was written before it arrived becomes the form's value.
    if (!adopted.current) {
      adopted.current = true;
      if (!value && adoptDraft(editor, draft)) return onChange(editor.getHTML());
    }
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value, draft, onChange]);

  return (
    <div className={richTextFrameClass(invalid)}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} dir={dir} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('releases');
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap gap-1 border-b border-slate-200 p-1">
      <ToolButton label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.heading2')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.heading3')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 className="h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List className="flip-rtl h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className="flip-rtl h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.link')} active={state.link} onClick={() => setLinkOpen(true)}>
        <LinkIcon className="h-4 w-4" aria-hidden />
      </ToolButton>
      {state.link && (
        <ToolButton label={t('editor.unlink')} onClick={() => chain().unsetLink().run()}>
          <Unlink className="h-4 w-4" aria-hidden />
        </ToolButton>
      )}
      <span className="mx-1 w-px bg-slate-200" aria-hidden />
      <ToolButton label={t('editor.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 className="flip-rtl h-4 w-4" aria-hidden />
      </ToolButton>
      <ToolButton label={t('editor.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 className="flip-rtl h-4 w-4" aria-hidden />
      </ToolButton>
      {linkOpen && (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setLinkOpen(false)}
          onSave={(href) => {
            if (href) chain().extendMarkRange('link').setLink({ href }).run();
            else chain().extendMarkRange('link').unsetLink().run();
            setLinkOpen(false);
          }}
        />
      )}
    </div>
  );
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active ?? undefined}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn('rounded p-1.5 text-slate-700 hover:bg-slate-100 disabled:opacity-40', active && 'bg-brand-100 text-brand-800')}
    >
      {children}
    </button>
  );
}

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

function LinkDialog({ initial, onClose, onSave }: { initial: string; onClose: () => void; onSave: (href: string) => void }) {
  const { t } = useTranslation('releases');
  const [href, setHref] = useState(initial);
  const [error, setError] = useState('');
  const save = () => {
    const value = href.trim() && !/^https?:\/\//i.test(href.trim()) ? `https://${href.trim()}` : href.trim();
    if (value && !isWebAddress(value)) return setError(t('editor.linkInvalid'));
    onSave(value);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('editor.linkTitle')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={save}>{t('editor.linkSave')}</Button>
        </>
      }
    >
      <Field id="link-href" label={t('editor.linkAddress')} error={error}>
        <Input
          id="link-href"
          dir="ltr"
          type="url"
          placeholder="https://"
          value={href}
          invalid={!!error}
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
      </Field>
    </Dialog>
  );
}
