/** A plain object (not null, not an array): what JSON objects and option records are checked with. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
