import { describe, expect, it } from 'vitest';
import { anchorOf, tableOfContents, withHeadingIds } from '../../src/sections/table-of-contents';

describe('table of contents', () => {
  const article =
    '<h2 id="wash">Washing</h2><p>Cold.</p><h3>Drying &amp; ironing</h3><p>…</p><h4>Ignored</h4><h2 class="x">Storing <em>it</em></h2>';

  it('lists the h2 and h3 headings in order with their anchors', () => {
    expect(tableOfContents([article, '<h3>Более</h3>'])).toEqual([
      { level: 2, id: 'wash', text: 'Washing' },
      { level: 3, id: 'drying-ironing', text: 'Drying & ironing' },
      { level: 2, id: 'storing-it', text: 'Storing it' },
      { level: 3, id: 'более', text: 'Более' },
    ]);
  });

  it('adds the same anchors to the headings that have no id, keeping their other attributes', () => {
    expect(withHeadingIds(article)).toBe(
      '<h2 id="wash">Washing</h2><p>Cold.</p><h3 id="drying-ironing">Drying &amp; ironing</h3><p>…</p><h4>Ignored</h4><h2 id="storing-it" class="x">Storing <em>it</em></h2>',
    );
  });

  it('keeps anchors unique within a text', () => {
    const html = '<h2>Care</h2><h2>Care</h2><h3 id="care-2">Own</h3>';
    expect(tableOfContents([html]).map((e) => e.id)).toEqual(['care', 'care-3', 'care-2']);
    expect(withHeadingIds(html)).toBe('<h2 id="care">Care</h2><h2 id="care-3">Care</h2><h3 id="care-2">Own</h3>');
  });

  it('leaves out empty headings and has nothing for texts without headings', () => {
    expect(tableOfContents(['<h2> </h2><p>text</p>', ''])).toEqual([]);
    expect(withHeadingIds('<p>plain</p>')).toBe('<p>plain</p>');
  });

  it('builds anchors from any alphabet and never an empty one', () => {
    expect(anchorOf('Как ухаживать за льном?')).toBe('как-ухаживать-за-льном');
    expect(anchorOf('!!!')).toBe('section');
    expect(anchorOf('a'.repeat(200))).toHaveLength(80);
  });
});
