import { describe, expect, it } from 'vitest';
import { builderEditorFieldSchema } from '../../src/contract/admin/builder';
import {
  FIELD_KINDS,
  isFieldDate,
  isFieldDateTime,
  isRecordFieldKind,
  RECORD_FIELD_KINDS,
  storesRecordId,
} from '../../src/lib/field-kinds';
import { field, fieldLabelKeys } from '../../src/sections/editor';
import { date, dateTime } from '../../src/sections/schema-kit';

describe('field kinds', () => {
  it('is one list: every kind the definitions build is one the contract accepts', () => {
    const built = [
      field.text('a'),
      field.plain('a'),
      field.richText('a'),
      field.date('a'),
      field.datetime('a'),
      field.catalog('a', { required: true }),
      field.category('a', { hint: 'pageCategory' }),
      field.page('a', { required: true }),
      field.product('a', { required: true }),
      field.article('a', { required: true }),
    ];
    for (const entry of built) expect(FIELD_KINDS).toContain(entry.kind);
    const label = { en: 'A', ru: 'А' };
    for (const kind of FIELD_KINDS) expect(builderEditorFieldSchema.safeParse({ path: 'a', kind, label }).success, kind).toBe(true);
    expect(builderEditorFieldSchema.safeParse({ path: 'a', kind: 'uuid', label }).success).toBe(false);
  });

  it('a record picker is required (with the kind’s hint) or names what empty means', () => {
    expect(field.catalog('catalogSlug', { required: true })).toEqual({
      path: 'catalogSlug',
      kind: 'catalog',
      label: 'sections.fields.catalogSlug',
      required: true,
      hint: 'sections.hints.catalogRequired',
    });
    expect(field.category('categorySlug', { hint: 'pageCategory' })).toMatchObject({ hint: 'sections.hints.pageCategory' });
    expect(field.category('categorySlug', { hint: 'pageCategory' }).required).toBeUndefined();
    expect(fieldLabelKeys([field.product('product.id', { required: true })])).toEqual([
      'sections.fields.product_id',
      'sections.hints.productRequired',
    ]);
    expect(RECORD_FIELD_KINDS.every(isRecordFieldKind)).toBe(true);
    expect(isRecordFieldKind('text')).toBe(false);
    expect(RECORD_FIELD_KINDS.filter(storesRecordId)).toEqual(['product', 'article']);
  });

  it('dates and local date-times are checked by their form, else they read as null', () => {
    expect(isFieldDate('2026-11-23')).toBe(true);
    expect(isFieldDate('2026-13-01')).toBe(false);
    expect(isFieldDate('2026-11-23T18:00')).toBe(false);
    expect(isFieldDateTime('2026-11-23T18:00')).toBe(true);
    expect(isFieldDateTime('2026-11-23T24:00')).toBe(false);
    expect(isFieldDateTime('2026-11-23T18:00:00Z')).toBe(false);
    expect(date().parse(' 2026-02-28 ')).toBe('2026-02-28');
    expect(date().parse('yesterday')).toBeNull();
    expect(date().parse(undefined)).toBeNull();
    expect(dateTime().parse('2026-02-28T09:30')).toBe('2026-02-28T09:30');
    expect(dateTime().parse(42)).toBeNull();
  });
});
