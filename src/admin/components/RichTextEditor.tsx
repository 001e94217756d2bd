/**
 * Rich text in the back office (HTML, sanitised by the server when written). Placeholder: the content helper
 * replaces the body with a tiptap editor; the props stay as they are.
 */
export type RichTextEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** accessible name of the editor */
  label: string;
  id?: string;
};

export function RichTextEditor({ value, onChange, label, id }: RichTextEditorProps) {
  return <textarea id={id} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} rows={8} />;
}
