/**
 * Picks where a link goes: a page, catalog, product, category, article or an external address, stored as
 * menus store links (`{ type, url }`). Placeholder: the content helper replaces the body; the props stay.
 */
export type LinkValue = { type: 'page' | 'catalog' | 'product' | 'category' | 'article' | 'external'; url: string };
export type LinkPickerProps = { value: LinkValue | null; onChange: (link: LinkValue | null) => void; label: string };

export function LinkPicker({ value, onChange, label }: LinkPickerProps) {
  return (
    <label>
      {label}
      <input value={value?.url ?? ''} onChange={(event) => onChange(event.target.value ? { type: 'external', url: event.target.value } : null)} />
    </label>
  );
}
