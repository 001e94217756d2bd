import type { Language } from '../../lib/localize';

/** A country's name in the page language, from its ISO code (the runtime's own names); the code when unknown. */
export function countryName(code: string, lang: Language): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
