import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  pageCount,
  readListParams,
  sortToState,
  stateToSort,
  withFilter,
  writeListParams,
} from '../../src/admin/lib/list-params';
import { parseMoneyInput } from '../../src/admin/lib/money-input';

const FILTERS = ['status', 'q'] as const;

describe('list params in the address', () => {
  it('reads page, perPage, sort and the known filters with defaults', () => {
    const params = readListParams(new URLSearchParams('page=3&perPage=50&sort=number&status=new&q=+Anna+&other=x'), FILTERS, '-createdAt');
    expect(params).toEqual({ page: 3, perPage: 50, sort: 'number', filters: { status: 'new', q: 'Anna' } });
    expect(readListParams(new URLSearchParams(''), FILTERS, '-createdAt')).toEqual({
      page: 1,
      perPage: 25,
      sort: '-createdAt',
      filters: {},
    });
  });

  it('ignores nonsense pages and caps perPage at 100', () => {
    const params = readListParams(new URLSearchParams('page=-2&perPage=5000'), FILTERS);
    expect(params.page).toBe(1);
    expect(params.perPage).toBe(100);
    expect(readListParams(new URLSearchParams('page=abc&perPage=0'), FILTERS).page).toBe(1);
  });

  it('writes a short address without defaults, and reads back what it wrote', () => {
    const params = { page: 2, perPage: 25, sort: '-createdAt', filters: { status: 'paid' } };
    const written = writeListParams(params, '-createdAt');
    expect(written.toString()).toBe('status=paid&page=2');
    expect(readListParams(written, FILTERS, '-createdAt')).toEqual(params);
  });

  it('sends the API every param, the default sort included', () => {
    expect(apiQuery({ page: 1, perPage: 25, sort: '-createdAt', filters: { q: '1042' } })).toEqual({
      page: '1',
      perPage: '25',
      sort: '-createdAt',
      q: '1042',
    });
  });

  it('returns to the first page when a filter changes, and drops an emptied filter', () => {
    const params = { page: 7, perPage: 25, sort: '', filters: { status: 'new', q: 'x' } };
    expect(withFilter(params, 'status', 'paid')).toEqual({ page: 1, perPage: 25, sort: '', filters: { status: 'paid', q: 'x' } });
    expect(withFilter(params, 'q', '  ').filters).toEqual({ status: 'new' });
  });

  it('converts sort between the address and the table', () => {
    expect(sortToState('-createdAt')).toEqual([{ id: 'createdAt', desc: true }]);
    expect(sortToState('number')).toEqual([{ id: 'number', desc: false }]);
    expect(stateToSort([{ id: 'totalCents', desc: true }])).toBe('-totalCents');
    expect(stateToSort([])).toBe('');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});

describe('amounts staff type', () => {
  it.each([
    ['250', 250],
    ['250.50', 250.5],
    ['250,5', 250.5],
    ['1 250,50', 1250.5],
    ['1,250.50', 1250.5],
    ['0', 0],
  ])('%s is %s', (text, amount) => expect(parseMoneyInput(text)).toBe(amount));

  it.each(['', 'abc', '-5', '1.234', '12e3', '99999999'])('%s is not an amount', (text) => expect(parseMoneyInput(text)).toBeNull());
});
