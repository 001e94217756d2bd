import { describe, expect, it } from 'vitest';
import { MAX_BUILDER_CONTENT_BYTES, parseBuilderTarget, type BuilderSection } from '../../src/contract/admin/builder';
import {
  conflictTime,
  contentIssues,
  draftConflict,
  nextDraftVersion,
  nextRevisionNumber,
  publishMoment,
  sectionIdsForPublish,
} from '../../src/server/api/admin/builder/model';

const at = new Date('2026-11-23T18:05:42Z');
const section = (id: string, type = 'SectionFaq', items: string[] = []): BuilderSection => ({
  id,
  type,
  enable: true,
  hidden: false,
  options: {},
  items: items.map((itemId) => ({ id: itemId, options: {} })),
  styles: {},
});
const page = { title: { en: 'A', ru: 'А' }, slug: 'a' };
const known = (type: string) => type.startsWith('Section') && type !== 'SectionNope';

describe('builder targets', () => {
  it('parses the target forms and refuses others', () => {
    expect(parseBuilderTarget('page:abc-1')).toEqual({ kind: 'page', id: 'abc-1' });
    expect(parseBuilderTarget('settings:footer')).toEqual({ kind: 'settings', id: 'footer' });
    for (const bad of ['settings:seo', 'page:', 'widget:1', 'page:a/b', 'page:a:b', ' page:a'])
      expect(parseBuilderTarget(bad), bad).toBeNull();
  });
});

describe('draft versions', () => {
  const draft = { version: 3, updatedByName: 'Olga', updatedAt: at };

  it('lets a write go ahead on the current version, or on 0 when there is no draft', () => {
    expect(draftConflict(null, 0)).toBeNull();
    expect(draftConflict(draft, 3)).toBeNull();
    expect(nextDraftVersion(0)).toBe(1);
    expect(nextDraftVersion(3)).toBe(4);
  });

  it('names who saved a newer draft and when', () => {
    expect(draftConflict(draft, 2)).toEqual({ name: 'Olga', at });
    expect(draftConflict(draft, 0)).toEqual({ name: 'Olga', at });
    expect(conflictTime(at)).toBe('2026-11-23 18:05 UTC');
  });

  it('names who published a draft that is gone, or nobody', () => {
    expect(draftConflict(null, 2, { publishedByName: 'Mia', publishedAt: at })).toEqual({ name: 'Mia', at });
    expect(draftConflict(null, 2)).toEqual({ name: null, at: null });
    expect(draftConflict(null, 2, { publishedByName: '', publishedAt: at })).toEqual({ name: null, at });
  });
});

describe('revisions and publish time', () => {
  it('numbers revisions from 1, after the stored original 0', () => {
    expect(nextRevisionNumber(null)).toBe(1);
    expect(nextRevisionNumber(0)).toBe(1);
    expect(nextRevisionNumber(7)).toBe(8);
  });

  it('publishes now without a time or with a time not in the future', () => {
    expect(publishMoment(undefined, at)).toBe('now');
    expect(publishMoment(null, at)).toBe('now');
    expect(publishMoment(at.toISOString(), at)).toBe('now');
    expect(publishMoment('2026-11-23T18:00:00Z', at)).toBe('now');
    expect(publishMoment('2026-11-24T09:00:00+03:00', at)).toEqual(new Date('2026-11-24T06:00:00Z'));
  });

  it('keeps section ids unless another owner has them or they repeat', () => {
    let n = 0;
    const fresh = () => `new-${(n += 1)}`;
    expect(sectionIdsForPublish([section('a'), section('b'), section('a'), section('c')], new Set(['c']), fresh)).toEqual([
      'a',
      'b',
      'new-1',
      'new-2',
    ]);
  });
});

describe('draft content', () => {
  it('accepts sections of known types with unique ids', () => {
    expect(
      contentIssues('page', { page, sections: [section('a', 'SectionFaq', ['q1', 'q2']), section('b', 'SectionSlider')] }, known),
    ).toEqual([]);
    expect(contentIssues('settings', { value: { logo: null } }, known)).toEqual([]);
  });

  it('names unknown types, repeated ids and bad ids by path', () => {
    const issues = contentIssues(
      'catalog',
      { page, sections: [section('a', 'SectionNope'), section('a'), section('b', 'SectionFaq', ['q', 'q']), section('x y')] },
      known,
    );
    expect(issues.map((i) => i.path)).toEqual([
      'content.sections.0.type',
      'content.sections.1.id',
      'content.sections.2.items.1.id',
      'content.sections.3.id',
    ]);
  });

  it('refuses the wrong form for the target and content over the size bound', () => {
    expect(contentIssues('settings', { page, sections: [] }, known).map((i) => i.path)).toEqual(['content.value']);
    expect(contentIssues('product', { value: {} }, known).map((i) => i.path)).toEqual(['content.sections']);
    const big = section('a');
    big.options = { text: 'x'.repeat(MAX_BUILDER_CONTENT_BYTES) };
    expect(contentIssues('page', { page, sections: [big] }, known).map((i) => i.path)).toEqual(['content']);
  });
});
