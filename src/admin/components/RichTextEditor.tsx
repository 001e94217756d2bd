import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n';
import './content-editors.css';

/**
 * Rich text in the back office (HTML, sanitised by the server when written): a tiptap editor with a toolbar
 * (bold, italic, headings, lists, link, quotation, undo and redo). The toolbar is one tab stop's worth of
 * buttons moved through with the arrow keys; each button says what it does and whether it is on.
 */
export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** accessible name of the editor */
  label: string;
  id?: string;
  /** shown while the editor is empty (a section preset's sample text) */
  placeholder?: string;
};

/** Addresses a link may have: http(s), mail, phone, or a path on this shop. */
export function isAllowedHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return true;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

export function RichTextEditor({ value, onChange, label, id, placeholder }: RichTextEditorProps) {
  const t = useT();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** the last HTML this editor reported, so a value coming back from the parent does not reset the cursor */
  const emitted = useRef(value);
  const attributes = {
    class: 'rte-content',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(id ? { id } : {}),
    ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => isAllowedHref(url) },
      }),
    ],
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, label, id, placeholder]);

  const empty = useEditorState({ editor, selector: ({ editor: current }) => current?.isEmpty ?? true });

  if (!editor) return null;
  return (
    <div className="rte">
      <Toolbar editor={editor} label={t('content.editor.toolbar', { label })} />
      <div className="rte-body">
        <EditorContent editor={editor} />
        {placeholder && empty ? (
          <div className="rte-placeholder" aria-hidden="true">
            {placeholder}
          </div>
        ) : null}
      </div>
    </div>
  );
}

type Button = { key: string; label: string; active?: boolean; disabled?: boolean; run: () => void; text: ReactNode; className?: string };

const LINK_ICON = (
  <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
    <path
      d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const t = useT();
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
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: Button[] = [
    {
      key: 'bold',
      label: t('content.editor.bold'),
      text: 'B',
      className: 'rte-bold',
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t('content.editor.italic'),
      text: 'I',
      className: 'rte-italic',
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    { key: 'h2', label: t('content.editor.heading2'), text: 'H2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t('content.editor.heading3'), text: 'H3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bullet', label: t('content.editor.bulletList'), text: '•', active: state.bullet, run: () => chain().toggleBulletList().run() },
    {
      key: 'ordered',
      label: t('content.editor.orderedList'),
      text: '1.',
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'link',
      label: t('content.editor.link'),
      text: LINK_ICON,
      active: state.link || linkOpen,
      run: () => setLinkOpen((open) => !open),
    },
    { key: 'quote', label: t('content.editor.quote'), text: '❝', active: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'undo', label: t('content.editor.undo'), text: '↶', disabled: !state.canUndo, run: () => chain().undo().run() },
    { key: 'redo', label: t('content.editor.redo'), text: '↷', disabled: !state.canRedo, run: () => chain().redo().run() },
  ];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.rte-tool:not(:disabled)')];
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[(next + all.length) % all.length]?.focus();
  };
  return (
    <>
      <div className="rte-toolbar" role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
        {buttons.map((button) => (
          <button
            key={button.key}
            type="button"
            className={`btn btn-small rte-tool ${button.className ?? ''}`}
            aria-label={button.label}
            title={button.label}
            {...(button.active === undefined ? {} : { 'aria-pressed': button.active })}
            disabled={button.disabled}
            // a click keeps the focus and selection in the text; the keyboard reaches the buttons with Tab
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
          >
            <span aria-hidden="true">{button.text}</span>
          </button>
        ))}
      </div>
      {linkOpen ? <LinkForm editor={editor} onClose={() => setLinkOpen(false)} /> : null}
    </>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState('');
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const value = href.trim();
    if (!value) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isAllowedHref(value)) {
      setError(t('content.editor.badLink'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    onClose();
  };
  return (
    <div className="rte-link" role="group" aria-label={t('content.editor.link')}>
      <label htmlFor={id}>{t('content.editor.linkAddress')}</label>
      <input
        id={id}
        type="text"
        inputMode="url"
        autoFocus
        value={href}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="https://"
        onChange={(event) => {
          setHref(event.target.value);
          setError('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
      />
      <button type="button" className="btn btn-small btn-primary" onClick={apply}>
        {t('content.editor.applyLink')}
      </button>
      {editor.isActive('link') ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          {t('content.editor.removeLink')}
        </button>
      ) : null}
      <button type="button" className="btn btn-small btn-ghost" onClick={close}>
        {t('common.back')}
      </button>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
