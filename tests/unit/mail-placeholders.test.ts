import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../src/server/mail/layout';
import {
  builtInTemplate,
  EDITABLE_MAIL_TEMPLATES,
  htmlToText,
  renderCustomContent,
  sampleVars,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
} from '../../src/server/mail/placeholders';

const render = (subject: string, body: string, vars: Parameters<typeof renderCustomContent>[1]) =>
  renderCustomContent({ subject, body }, vars, 'footer', (block) => renderBlock(block, '#123456'));
const bodyOf = (content: ReturnType<typeof render>) => {
  const block = content.blocks[0]!;
  if (block.kind !== 'html') throw new Error('not an html block');
  return block;
};

describe('e-mail placeholders', () => {
  it.each(['en', 'ru'] as const)(
    'every template’s built-in text (%s) uses only its own placeholders, and sample data fills them all',
    (lang) => {
      const samples = sampleVars(lang, 'https://shop.test', 'Tea');
      for (const template of EDITABLE_MAIL_TEMPLATES) {
        const { subject, body } = builtInTemplate(template, lang);
        expect(unknownPlaceholders(template, subject), template).toEqual([]);
        expect(unknownPlaceholders(template, body), template).toEqual([]);
        for (const name of TEMPLATE_PLACEHOLDERS[template]) expect(samples[name], `${template} ${name}`).toBeDefined();
      }
    },
  );

  it('renders the built-in text in both languages with the values', () => {
    const en = builtInTemplate('order-status', 'en');
    const ru = builtInTemplate('order-status', 'ru');
    const vars = {
      'order.number': '7',
      'order.status': 'Shipped',
      'order.button': { kind: 'button' as const, label: 'View', url: 'https://s/o' },
    };
    expect(render(en.subject, en.body, vars).subject).toBe('Order 7: Shipped');
    expect(render(ru.subject, ru.body, { ...vars, 'order.status': 'Отправлен' }).subject).toBe('Заказ № 7: Отправлен');
    const body = bodyOf(render(en.subject, en.body, vars));
    expect(body.text).toContain('Your order 7 is now: Shipped.');
    expect(body.text).toContain('View: https://s/o');
    expect(body.html).toContain('href="https://s/o"');
  });

  it('escapes the values in the HTML, keeps them plain in the text and subject, and drops paragraphs left empty', () => {
    const content = render('Hi {{customer.name}}', '<p>Dear {{ customer.name }}</p><p>{{cancel.reason}}</p><p>{{order.summary}}</p>', {
      'customer.name': '<img src=x onerror=alert(1)>',
      'cancel.reason': '',
      'order.summary': { kind: 'rows', rows: [{ label: 'Tea × 2', value: '$5' }] },
    });
    expect(content.subject).toBe('Hi <img src=x onerror=alert(1)>');
    const body = bodyOf(content);
    expect(body.html).toContain('Dear &lt;img src=x onerror=alert(1)&gt;');
    expect(body.html).not.toContain('<img');
    expect(body.html).not.toContain('<p></p>');
    expect(body.html).toContain('<table');
    expect(body.text).toBe('Dear <img src=x onerror=alert(1)>\n\nTea × 2: $5');
  });

  it('names unknown and malformed placeholders once each', () => {
    expect(unknownPlaceholders('order-placed', '{{order.number}} {{order.numbr}} {{order.numbr}} {{ 1x }} {{lead.name}}')).toEqual([
      'order.numbr',
      'lead.name',
      '1x',
    ]);
    expect(unknownPlaceholders('lead-created', '{{lead.name}} {{shop.name}}')).toEqual([]);
  });

  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>One &amp; two<br>three</p><ul><li>a</li><li>b</li></ul>')).toBe('One & two\nthree\n\n• a\n\n• b');
  });
});
