import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, MAX_JSON_DEPTH, parseJsonBody } from '../../src/server/api/core/validate';

describe('JSON request bodies', () => {
  it('measures nesting, ignoring brackets inside strings and escaped quotes', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('"[[[[{{{{"')).toBe(0);
    expect(jsonNestingDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonNestingDepth('1')).toBe(0);
  });

  it('refuses bodies nested deeper than the limit before parsing them, with a 400', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => parseJsonBody(deep)).toThrow(expect.objectContaining({ status: 400 }));
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJsonBody(atLimit)).toBeInstanceOf(Array);
  });

  it('reads an empty body as {} and malformed JSON as a 400', () => {
    expect(parseJsonBody('  ')).toEqual({});
    expect(() => parseJsonBody('{"a":')).toThrow(expect.objectContaining({ status: 400 }));
  });
});
