/**
 * Picks images from the media library (upload included). Placeholder: the media library helper replaces
 * the body; the props stay as they are.
 */
export type MediaPickerProps = {
  /** chosen image ids, in order */
  value: string[];
  onChange: (ids: string[]) => void;
  /** one image (false) or several (true) */
  multiple?: boolean;
  /** accessible name of the control */
  label: string;
};

export function MediaPicker({ value, onChange, label }: MediaPickerProps) {
  return (
    <label>
      {label}
      <input value={value.join(',')} onChange={(event) => onChange(event.target.value.split(',').map((id) => id.trim()).filter(Boolean))} />
    </label>
  );
}
