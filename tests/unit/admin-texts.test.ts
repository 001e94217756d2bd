import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin as en } from '../../locales/en.json';
import { admin as ru } from '../../locales/ru.json';

/** Every text key the back office uses exists in both languages (plural keys by their _other form). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}
function has(texts: unknown, key: string): boolean {
  let node: unknown = texts;
  const parts = key.split('.');
  for (const [i, part] of parts.entries()) {
    if (typeof node !== 'object' || node === null) return false;
    const record = node as Record<string, unknown>;
    node = i === parts.length - 1 ? (record[part] ?? record[`${part}_other`]) : record[part];
  }
  return typeof node === 'string';
}

describe('back office texts', () => {
  const used = new Set<string>();
  for (const file of files('src/admin')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g)) used.add(match[1]!);
    for (const match of readFileSync(file, 'utf8').matchAll(/\?\s*'([a-z]+\.[a-zA-Z.]+)'\s*:\s*'([a-z]+\.[a-zA-Z.]+)'/g)) {
      used.add(match[1]!);
      used.add(match[2]!);
    }
  }

  it('finds the keys', () => expect(used.size).toBeGreaterThan(100));
  it.each(['en', 'ru'] as const)('has every used key in %s', (lang) => {
    const texts = lang === 'en' ? en : ru;
    expect([...used].filter((key) => !has(texts, key))).toEqual([]);
  });
  it('has the same keys in both languages, Russian plural forms aside', () => {
    const keys = (node: unknown, prefix = ''): string[] =>
      typeof node === 'object' && node !== null
        ? Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix.replace(/_(one|few|many|other)$/, '')];
    expect(new Set(keys(ru))).toEqual(new Set(keys(en)));
  });
});
