import { describe, expect, it } from 'vitest';
import { context, renderSection, section, texts } from './section-fixtures';
import { shopConfig } from './widget-fixtures';

const common = {
  phones: ['+1 (212) 555-0147', '+1 212 555 0199'],
  whatsapps: ['+1 212 555 0147'],
  whatsappMessage: { en: 'Hello! A question', ru: 'Здравствуйте!' },
  telegram: 'northfold_shop',
  emails: ['hello@northfold.example'],
  address: { en: '214 Mercer Street, New York', ru: 'Мерсер-стрит, 214' },
  workTime: { en: 'Mon–Sat 10:00–20:00', ru: 'Пн–Сб 10:00–20:00' },
  mapUrl: 'https://www.openstreetmap.org/?mlat=40.7262',
};
const ctx = context({ settings: shopConfig({ common }) });
const bare = context({ settings: shopConfig() });

describe('contacts sections', () => {
  it('SectionContacts1 lists phones, chats, e-mails, address, hours and the map with working links', async () => {
    const root = await renderSection(
      section('SectionContacts1', { heading: { title: 'Visit us' }, content: { html: '<p>Entrance from the yard.</p>' } }),
      ctx,
    );
    expect(root?.dataset['sectionType']).toBe('SectionContacts1');
    expect(texts(root!, 'h2')).toEqual(['Visit us']);
    const href = (selector: string) => [...root!.querySelectorAll<HTMLAnchorElement>(selector)].map((a) => a.getAttribute('href'));
    expect(href('[data-contact=phone] a')).toEqual(['tel:+12125550147', 'tel:+12125550199']);
    expect(href('[data-contact=whatsapp] a')).toEqual(['https://wa.me/12125550147?text=Hello!%20A%20question']);
    expect(root!.querySelector('[data-contact=whatsapp] a')!.getAttribute('target')).toBe('_blank');
    expect(href('[data-contact=telegram] a')).toEqual(['https://t.me/northfold_shop']);
    expect(href('[data-contact=email] a')).toEqual(['mailto:hello@northfold.example']);
    expect(texts(root!, '[data-contact=address] .contacts__text')).toEqual(['214 Mercer Street, New York']);
    expect(href('[data-contact=address] a')).toEqual(['https://www.openstreetmap.org/?mlat=40.7262']);
    expect(texts(root!, '[data-contact=workTime] .contacts__text')).toEqual(['Mon–Sat 10:00–20:00']);
    expect(texts(root!, '.contacts-1__text')).toEqual(['Entrance from the yard.']);
  });

  it('uses the section map link over the shop one and localizes the labels', async () => {
    const ru = context({ lang: 'ru', settings: shopConfig({ common }, 'ru') });
    const root = await renderSection(section('SectionContacts2', { mapUrl: 'https://maps.example/shop' }), ru);
    expect(root!.querySelector('[data-contact=address] a.contacts__map')!.getAttribute('href')).toBe('https://maps.example/shop');
    expect(texts(root!, '[data-contact=address] .contacts__text')).toEqual(['Мерсер-стрит, 214']);
    expect(texts(root!, '.contacts__title')).toContain('Телефон');
    expect(root!.querySelectorAll('.contacts--cards .s-card').length).toBeGreaterThan(3);
  });

  it('SectionContacts3 shows its places as cards, the shop contacts without them', async () => {
    const places = await renderSection(
      section('SectionContacts3', { heading: { title: 'Pick-up points' } }, [
        { heading: { title: 'SoHo store' }, content: { html: '<p>214 Mercer Street</p>' } },
        { heading: { title: 'Warehouse' }, content: { html: '<p>55 Water Street</p>' } },
        { heading: { title: '' }, content: { html: '' } },
      ]),
      ctx,
    );
    expect(texts(places!, '.place__title')).toEqual(['SoHo store', 'Warehouse']);
    expect(places!.querySelector('.places__map a')!.getAttribute('href')).toBe(common.mapUrl);
    const fallback = await renderSection(section('SectionContacts3', {}), ctx);
    expect(fallback!.querySelectorAll('[data-contact=phone] a')).toHaveLength(2);
  });

  it('leaves out contacts sections with nothing to show', async () => {
    for (const type of ['SectionContacts1', 'SectionContacts2', 'SectionContacts3']) {
      expect(await renderSection(section(type, { heading: { title: 'Contacts' } }), bare)).toBeNull();
      expect(await renderSection(section(type, {}), context())).toBeNull();
    }
  });

  it('drops unusable contact values instead of linking them', async () => {
    const odd = context({
      settings: shopConfig({
        common: { phones: ['—'], emails: ['not-an-email'], telegram: 'x y', mapUrl: 'javascript:alert(1)', address: 'Main St' },
      }),
    });
    const root = await renderSection(section('SectionContacts1', {}), odd);
    expect(root!.querySelector('[data-contact=phone] a')).toBeNull();
    expect(root!.querySelector('[data-contact=email]')).toBeNull();
    expect(root!.querySelector('[data-contact=telegram]')).toBeNull();
    expect(root!.querySelector('a[href^="javascript"]')).toBeNull();
    expect(texts(root!, '[data-contact=address] .contacts__text')).toEqual(['Main St']);
  });
});

describe('lead form sections', () => {
  const policy = {
    show: true,
    enabledByDefault: false,
    text: { en: 'I agree to the <a href="/privacy-policy">privacy policy</a>', ru: 'Я согласен' },
    additionalCheckboxes: [
      { text: { en: 'I accept the terms', ru: 'Принимаю' }, isShown: true, isRequired: true },
      { text: { en: 'Send me news', ru: 'Новости' }, isShown: true, isRequired: false },
      { text: { en: 'Hidden box', ru: 'Скрыто' }, isShown: false, isRequired: true },
    ],
  };
  const withPolicy = context({ settings: shopConfig({ ecommerce: { leadsPopupPolicy: policy } }) });
  const form = {
    defaultComment: 'Please help me choose.',
    button: 'Request a call',
    successTitle: 'Thank you!',
    successText: 'We will call you.',
  };

  it("SectionForm1 renders the lead modal's enquiry form, live on first interaction, with required marks and autocomplete", async () => {
    const root = await renderSection(section('SectionForm1', { heading: { title: 'Need help?' }, form }), withPolicy);
    expect(root?.dataset['sectionType']).toBe('SectionForm1');
    const island = root!.querySelector('[data-inline-lead-form] astro-island')!;
    expect(island.getAttribute('client')).toBe('interaction');
    expect(JSON.parse(island.getAttribute('opts')!)).toMatchObject({ value: { eagerWhenStored: 'userProfile' } });
    const props = island.getAttribute('props')!;
    expect(props).toContain('Thank you!');
    expect(props).toContain('We will call you.');
    const formElement = root!.querySelector<HTMLFormElement>('form[data-form="inline-lead"]')!;
    expect(formElement.hasAttribute('data-lead-form')).toBe(false);
    expect(formElement.getAttribute('method')).toBeNull();
    const labelOf = (name: string) => {
      const input = formElement.querySelector<HTMLElement>(`[name="${name}"]`)!;
      return formElement.querySelector(`label[for="${input.id}"]`)?.textContent?.trim();
    };
    expect(labelOf('name')).toBe('Your name *');
    expect(labelOf('phone')).toBe('Phone *');
    expect(labelOf('email')).toBe('E-mail');
    expect(labelOf('text')).toBe('Comment');
    const attr = (name: string, attribute: string) => formElement.querySelector(`[name="${name}"]`)!.getAttribute(attribute);
    expect([attr('name', 'autocomplete'), attr('phone', 'autocomplete'), attr('email', 'autocomplete')]).toEqual(['name', 'tel', 'email']);
    expect([attr('phone', 'type'), attr('email', 'type')]).toEqual(['tel', 'email']);
    expect(formElement.querySelector('textarea')!.textContent).toBe('Please help me choose.');
    expect(texts(formElement, 'button[type=submit]')).toEqual(['Request a call']);
  });

  it('shows the consent checkbox and the shown extra checkboxes of the settings', async () => {
    const root = await renderSection(section('SectionForm2', { form }), withPolicy);
    const checks = [...root!.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(checks.map((c) => c.name)).toEqual(['policy', 'extras.0', 'extras.1']);
    expect(checks.map((c) => c.getAttribute('aria-required'))).toEqual(['true', 'true', null]);
    expect(checks[0]!.hasAttribute('checked')).toBe(false);
    expect(root!.querySelector('.form-check a')!.getAttribute('href')).toBe('/privacy-policy');
    expect(texts(root!, '.form-check')).toEqual(['I agree to the privacy policy *', 'I accept the terms *', 'Send me news']);
    // Sending is refused until the required boxes are ticked.
    expect(root!.querySelector('button[type=submit]')!.getAttribute('aria-disabled')).toBe('true');
    const checkedByDefault = context({ settings: shopConfig({ ecommerce: { leadsPopupPolicy: { ...policy, enabledByDefault: true } } }) });
    const checked = await renderSection(section('SectionForm2', { form }), checkedByDefault);
    expect(checked!.querySelector('input[name=policy]')!.hasAttribute('checked')).toBe(true);
  });

  it('has no consent checkbox when the settings do not show it; the comment is required when the enquiry setting says so', async () => {
    const settings = shopConfig({ ecommerce: { enquiryModalCustomFieldIsRequired: true } });
    const root = await renderSection(section('SectionForm2', {}), context({ settings }));
    expect(root!.querySelector('input[type=checkbox]')).toBeNull();
    const textarea = root!.querySelector('textarea')!;
    expect(root!.querySelector(`label[for="${textarea.id}"]`)!.textContent?.trim()).toBe('Comment *');
    expect(texts(root!, 'button[type=submit]')).toEqual(['Send']);
  });

  it('gives every form on a page its own field ids', async () => {
    const { renderSections } = await import('./section-fixtures');
    const document = await renderSections([section('SectionForm1', {}), section('SectionForm2', {})], withPolicy);
    const ids = [...document.querySelectorAll('form [id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('SectionContactsWithForm shows the contacts beside the form, or the form alone', async () => {
    const root = await renderSection(section('SectionContactsWithForm', { heading: { title: 'Write to us' }, form }), ctx);
    expect(root!.querySelectorAll('[data-contact=phone] a')).toHaveLength(2);
    expect(root!.querySelector('[data-inline-lead-form] form[data-form="inline-lead"]')).not.toBeNull();
    const alone = await renderSection(section('SectionContactsWithForm', { form }), bare);
    expect(alone!.querySelector('.contacts')).toBeNull();
    expect(alone!.querySelector('form')).not.toBeNull();
  });
});
