import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PickupLocationDto, ShippingZoneDto } from '../../lib/api-client';
import { analyticsItem, type AnalyticsItem } from '../../lib/analytics';
import { cartTotals, isAvailable, type CartItem } from '../../lib/cart';
import type { Language } from '../../lib/localize';
import { amountToCents, centsToAmount } from '../../lib/money';
import { track } from '../../stores/analytics';
import { $cart, clearCart, refreshCart, saveCheckoutFields, startCartSync } from '../../stores/cart';
import { $user } from '../../stores/user';
import { DiscountCodeForm } from '../cart/DiscountCodeForm';
import { SummaryRows } from '../cart/SummaryRows';
import { orderLinesOf, useDiscountCode } from '../cart/use-discount-code';
import { optionsText } from '../product/product-view';
import { shopApi } from '../../stores/user';
import { countryName } from '../shop/country';
import { zoneCountries, zoneRegions } from '../../lib/shipping-zones';
import { useHydrated } from '../shop/hooks';
import { formatMoney, type MoneyFormat } from '../shop/money';
import { ProductImage } from '../shop/ProductImage';
import { fieldErrorsOf } from '../shop/server-errors';
import { shopText, shopTexts, type ShopTextKey } from '../shop/texts';
import {
  applicableRates,
  cartDeliveryWeight,
  deliveryCharge,
  fillFromProfile,
  initialCheckoutValues,
  paymentMethodOptions,
  placeOrderInput,
  serverErrorsOnForm,
  validateCheckout,
  valuesToKeep,
  type CheckoutErrors,
  type CheckoutPolicy,
  type CheckoutValues,
  type DeliveryCharge,
  type PaymentMethodOption,
} from './checkout-form';
import { paymentResultPath, paysAtCheckout } from '../payment/payment-screen';
import { addressLabels, type PostalLabel, type RegionLabel } from '../../lib/address-labels';
import { shopperText, type ShopperTextKey } from '../shop/shopper-texts';

const REGION_TEXT: Record<Exclude<RegionLabel, 'region'>, ShopperTextKey> = { state: 'regionState', province: 'regionProvince', county: 'regionCounty' };
const POSTAL_TEXT: Record<Exclude<PostalLabel, 'postal'>, ShopperTextKey> = { zip: 'postalZip', postcode: 'postalPostcode', eircode: 'postalEircode', pin: 'postalPin' };

type Props = {
  lang: Language;
  money: MoneyFormat;
  showReceiver: boolean;
  policy: CheckoutPolicy;
  /** settings.ecommerce.checkoutFormMessage */
  formMessage: string;
  locations: PickupLocationDto[];
  zones: ShippingZoneDto[];
};

/** Spec 5: validation runs this long after the last edit (once the shopper has tried to place the order). */
const VALIDATION_DEBOUNCE_MS = 500;
const SAVE_FIELDS_DELAY_MS = 300;
const SHIPPING_METHODS_CODE = 'shipping';

type MethodsState = 'idle' | 'loading' | 'failed' | PaymentMethodOption[];

const SPEEDS: Record<string, ShopTextKey> = {
  '1_day': 'speed_1_day',
  '2_days': 'speed_2_days',
  '3_days': 'speed_3_days',
  '5_days': 'speed_5_days',
  '1_week': 'speed_1_week',
  '2_weeks': 'speed_2_weeks',
  '1_month': 'speed_1_month',
};

function itemsOf(list: readonly CartItem[]): AnalyticsItem[] {
  return cartTotals(list).lines.flatMap((line) => (line.product && line.variation ? [analyticsItem(line.product, line.variation, line.quantity)] : []));
}

/** The checkout (spec 2.1, 3.2, 5): contacts, receiver, delivery, payment, policy, and the server-computed summary. */
export default function CheckoutPage({ lang, money, showReceiver, policy, formMessage, locations, zones }: Props) {
  const t = shopTexts(lang);
  const hydrated = useHydrated();
  const cart = useStore($cart);
  const [values, setValues] = useState<CheckoutValues | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [clientErrors, setClientErrors] = useState<CheckoutErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [methods, setMethods] = useState<MethodsState>('idle');
  const [placing, setPlacing] = useState(false);
  const [refreshed, setRefreshed] = useState(false);
  const [dropped, setDropped] = useState<string[]>([]);
  const leaving = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const discount = useDiscountCode(lang, refreshed);

  // Arrival: an empty cart goes back to /cart; otherwise the form starts from what was typed last time.
  useEffect(() => {
    startCartSync();
    if ($cart.get().list.length === 0) {
      window.location.replace('/cart');
      return;
    }
    const start = initialCheckoutValues($cart.get().checkoutFields, policy);
    if (!start.delivery.method) start.delivery.method = locations.length > 0 ? 'pickup' : zones.length > 0 ? 'shipping' : '';
    if (!locations.some((l) => l.id === start.delivery.locationId)) start.delivery.locationId = locations[0]?.id ?? '';
    if (!zones.some((z) => z.id === start.delivery.zoneId)) start.delivery.zoneId = zones[0]?.id ?? '';
    setValues(start);
    track({ name: 'begin_checkout', items: itemsOf($cart.get().list) });
    void refreshCart().then((gone) => {
      setDropped(gone.map((item) => item.product?.title).filter((title): title is string => !!title));
      if ($cart.get().list.length === 0 && !leaving.current) window.location.replace('/cart');
      setRefreshed(true);
    });
    if ($user.get()) {
      void shopApi({ lang }).getProfile().then(({ data }) => data && setValues((current) => (current ? fillFromProfile(current, data) : current)));
    }
  }, []);

  // What the shopper types is kept with the cart for the next visit.
  useEffect(() => {
    if (!values) return;
    const timer = setTimeout(() => saveCheckoutFields(valuesToKeep(values)), SAVE_FIELDS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values]);

  const location = locations.find((l) => l.id === values?.delivery.locationId) ?? null;
  const methodsCode = values?.delivery.method === 'pickup' ? (location?.code ?? '') : values?.delivery.method === 'shipping' ? SHIPPING_METHODS_CODE : '';

  // Payment methods of the chosen pick-up point (or of shipping).
  useEffect(() => {
    if (!methodsCode) return setMethods('idle');
    let current = true;
    setMethods('loading');
    void shopApi({ lang })
      .getPaymentMethodsByLocation(methodsCode)
      .then(({ error, data }) => {
        if (!current) return;
        const options = paymentMethodOptions(data);
        setMethods(error ? 'failed' : options);
        if (!error) setValues((v) => (v && !options.some((o) => o.code === v.paymentMethod) ? { ...v, paymentMethod: options[0]?.code ?? '' } : v));
      });
    return () => {
      current = false;
    };
  }, [methodsCode, lang]);

  const totals = useMemo(() => cartTotals(cart.list), [cart.list]);
  const discountPrice = discount.applied?.price ?? 0;
  const orderAmount = centsToAmount(amountToCents(totals.totalPrice) - amountToCents(discountPrice));
  const weight = useMemo(() => cartDeliveryWeight(cart.list), [cart.list]);
  const zone = zones.find((z) => z.id === values?.delivery.zoneId) ?? null;
  const rates = useMemo(() => applicableRates(zone, { amount: orderAmount, weight }), [zone, orderAmount, weight]);
  const rateKey = rates.map((r) => r.id).join(',');

  // A rate that no longer fits the order (or another zone) gives way to the first one that does.
  useEffect(() => {
    setValues((v) => (v && !rates.some((r) => r.id === v.delivery.rateId) ? { ...v, delivery: { ...v.delivery, rateId: rates[0]?.id ?? '' } } : v));
  }, [rateKey]);

  // A zone serving one country has it chosen.
  useEffect(() => {
    const served = zone ? zoneCountries(zone.countries) : [];
    if (served.length === 1) {
      const only = served[0]!;
      setValues((v) => (v && v.delivery.address.country !== only ? { ...v, delivery: { ...v.delivery, address: { ...v.delivery.address, country: only } } } : v));
    }
  }, [zone?.id]);

  const rate = rates.find((r) => r.id === values?.delivery.rateId) ?? null;
  const deliveryText = values?.delivery.method === 'pickup' ? location?.title : rate?.title;
  useEffect(() => {
    if (deliveryText) track({ name: 'add_shipping_info', items: itemsOf($cart.get().list), shippingTier: deliveryText });
  }, [deliveryText]);
  useEffect(() => {
    if (values?.paymentMethod) track({ name: 'add_payment_info', items: itemsOf($cart.get().list), paymentType: values.paymentMethod });
  }, [values?.paymentMethod]);

  const validationContext = { showReceiver, policy, hasRates: rates.length > 0, paymentMethods: methods === 'idle' ? ('loading' as const) : methods };
  // After a first attempt, the form is checked again 500 ms after each edit.
  useEffect(() => {
    if (!attempted || !values) return;
    const timer = setTimeout(() => setClientErrors(validateCheckout(values, validationContext)), VALIDATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values, attempted, methods, rateKey]);

  if (!hydrated || !values || cart.list.length === 0) {
    return (
      <div className="cart-skeleton" aria-busy="true">
        <p>{t('loadingCart')}</p>
      </div>
    );
  }

  const charge: DeliveryCharge | null = values.delivery.method === 'pickup' ? { kind: 'free' } : rate ? deliveryCharge(rate) : null;
  const total = centsToAmount(amountToCents(orderAmount) + (charge?.kind === 'price' ? amountToCents(charge.amount) : 0));
  const available = isAvailable(cart.list);

  const errorOf = (path: string): string | undefined => {
    const key = clientErrors[path];
    return key ? shopText(lang, key) : serverErrors[path];
  };
  const update = (change: (v: CheckoutValues) => CheckoutValues, ...paths: string[]) => {
    setValues((v) => (v ? change(v) : v));
    if (paths.length > 0) {
      setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([path]) => !paths.includes(path))));
    }
  };
  const setField = (group: 'customer' | 'receiver', field: string) => (value: string) =>
    update((v) => ({ ...v, [group]: { ...v[group], [field]: value } }), `${group}.${field}`);
  const setAddress = (field: keyof CheckoutValues['delivery']['address']) => (value: string) =>
    update((v) => ({ ...v, delivery: { ...v.delivery, address: { ...v.delivery.address, [field]: value } } }), `delivery.address.${field}`);
  const setDelivery = (change: Partial<CheckoutValues['delivery']>, path: string) =>
    update((v) => ({ ...v, delivery: { ...v.delivery, ...change } }), path, 'delivery.method');

  const focusFirstError = (): void => {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placing) return;
    setAttempted(true);
    const found = validateCheckout(values, validationContext);
    setClientErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0 || !available) {
      focusFirstError();
      return;
    }
    setPlacing(true);
    const api = shopApi({ lang });
    const state = $cart.get();
    const { error, data: order } = await api.placeOrder(
      placeOrderInput(values, { items: orderLinesOf(state.list), discountCodeId: discount.applied ? state.discountCodeId : null }, showReceiver),
    );
    if (!order) {
      setPlacing(false);
      setServerErrors(serverErrorsOnForm(fieldErrorsOf(error), error ? t('orderFailed', { message: error.message }) : ''));
      if (error && fieldErrorsOf(error).discountCodeId) discount.remove();
      focusFirstError();
      return;
    }
    // The order exists: only now is the cart emptied.
    leaving.current = true;
    clearCart();
    if (paysAtCheckout(order)) {
      const { data: payment } = await api.initializePayment({ order: order.number, token: order.secretToken });
      if (payment?.url) {
        // Back from the provider's page comes to the order's result page (with "pay now"), not to an empty checkout.
        window.history.replaceState(null, '', paymentResultPath(order));
        window.addEventListener('pageshow', (event) => event.persisted && window.location.reload());
      }
      window.location.assign(payment?.url ?? paymentResultPath(order, { initializationFailed: true }));
    } else {
      window.location.assign(paymentResultPath(order));
    }
  };

  // The region and postal code fields take the names the chosen country uses (State, ZIP code; County, Postcode…).
  const labels = addressLabels(values?.delivery.address.country);
  const regionLabel = labels.region === 'region' ? t('region') : shopperText(lang, REGION_TEXT[labels.region]);
  // a zone that serves only some regions of the chosen country offers those
  const servedRegions = zone && values ? zoneRegions(zone.countries, values.delivery.address.country) : null;
  const postalLabel = labels.postal === 'postal' ? t('postalCode') : shopperText(lang, POSTAL_TEXT[labels.postal]);

  const field = (path: string, label: string, value: string, onChange: (value: string) => void, options: FieldOptions = {}) => (
    <TextField key={path} path={path} label={label} value={value} onChange={onChange} error={errorOf(path)} {...options} />
  );

  return (
    <form ref={formRef} className="checkout" onSubmit={submit} noValidate>
      {dropped.length > 0 && (
        <p className="shop-notice shop-notice--warning checkout__notice" role="status">
          {t('itemsDropped', { titles: dropped.join(', ') })}
        </p>
      )}
      {serverErrors[''] && (
        <p className="shop-notice shop-notice--error checkout__notice" role="alert">
          {serverErrors['']}
        </p>
      )}
      <div className="checkout__form">
        <Step number={1} title={t('contacts')}>
          <div className="shop-form-grid">
            {field('customer.name', t('firstName'), values.customer.name, setField('customer', 'name'), { required: true, autoComplete: 'given-name' })}
            {field('customer.lastName', t('lastName'), values.customer.lastName, setField('customer', 'lastName'), { autoComplete: 'family-name' })}
            {field('customer.phone', t('phone'), values.customer.phone, setField('customer', 'phone'), {
              required: true,
              type: 'tel',
              autoComplete: 'tel',
              hint: t('phoneHint'),
            })}
            {field('customer.email', t('email'), values.customer.email, setField('customer', 'email'), { type: 'email', autoComplete: 'email' })}
          </div>
          {showReceiver && (
            <>
              <label className="shop-check">
                <input
                  type="checkbox"
                  checked={values.otherReceiver}
                  onChange={(event) => update((v) => ({ ...v, otherReceiver: event.target.checked }))}
                />
                <span>{t('otherReceiver')}</span>
              </label>
              {values.otherReceiver && (
                <fieldset className="checkout__receiver">
                  <legend className="shop-field__label">{t('receiver')}</legend>
                  <div className="shop-form-grid">
                    {field('receiver.name', t('firstName'), values.receiver.name, setField('receiver', 'name'), { required: true })}
                    {field('receiver.lastName', t('lastName'), values.receiver.lastName, setField('receiver', 'lastName'))}
                    {field('receiver.phone', t('phone'), values.receiver.phone, setField('receiver', 'phone'), { required: true, type: 'tel' })}
                  </div>
                </fieldset>
              )}
            </>
          )}
        </Step>

        <Step number={2} title={t('deliveryMethod')}>
          {locations.length === 0 && zones.length === 0 ? (
            <p className="shop-notice shop-notice--error">{t('noDeliveryMethods')}</p>
          ) : (
            <div className="choice-tabs" role="radiogroup" aria-label={t('deliveryMethod')} aria-invalid={errorOf('delivery.method') ? true : undefined}>
              {locations.length > 0 && (
                <ChoiceTab checked={values.delivery.method === 'pickup'} onChoose={() => setDelivery({ method: 'pickup' }, 'delivery.method')} label={t('pickup')} name="delivery-method" />
              )}
              {zones.length > 0 && (
                <ChoiceTab checked={values.delivery.method === 'shipping'} onChoose={() => setDelivery({ method: 'shipping' }, 'delivery.method')} label={t('shipping')} name="delivery-method" />
              )}
            </div>
          )}
          <FieldError path="delivery.method" message={errorOf('delivery.method')} />

          {values.delivery.method === 'pickup' && (
            <fieldset className="choice-list" aria-invalid={errorOf('delivery.locationId') ? true : undefined}>
              <legend className="shop-field__label">{t('pickupLocation')}</legend>
              {locations.map((l) => (
                <label key={l.id} className="choice">
                  <input type="radio" name="location" checked={values.delivery.locationId === l.id} onChange={() => setDelivery({ locationId: l.id }, 'delivery.locationId')} />
                  <span className="choice__body">
                    <strong>{l.title}</strong>
                    {l.address && <span>{l.address}</span>}
                    {l.workTime && <span className="choice__muted">{l.workTime}</span>}
                  </span>
                  <span className="choice__price">{t('free')}</span>
                </label>
              ))}
              <FieldError path="delivery.locationId" message={errorOf('delivery.locationId')} />
            </fieldset>
          )}

          {values.delivery.method === 'shipping' && (
            <>
              {zones.length > 1 && (
                <SelectField
                  path="delivery.zoneId"
                  label={t('shippingZone')}
                  value={values.delivery.zoneId}
                  onChange={(zoneId) => setDelivery({ zoneId }, 'delivery.zoneId')}
                  options={zones.map((z) => ({ value: z.id, label: z.title }))}
                  error={errorOf('delivery.zoneId')}
                  required
                />
              )}
              <div className="shop-form-grid">
                {zone && zone.countries.length > 0 ? (
                  <SelectField
                    path="delivery.address.country"
                    label={t('country')}
                    value={values.delivery.address.country}
                    onChange={setAddress('country')}
                    options={zoneCountries(zone.countries).map((code) => ({ value: code, label: countryName(code, lang) }))}
                    error={errorOf('delivery.address.country')}
                    required
                    placeholder={t('country')}
                  />
                ) : (
                  field('delivery.address.country', t('country'), values.delivery.address.country, setAddress('country'), { required: true, autoComplete: 'country' })
                )}
                {servedRegions ? (
                  <SelectField
                    path="delivery.address.region"
                    label={regionLabel}
                    value={values.delivery.address.region}
                    onChange={setAddress('region')}
                    options={servedRegions.map((code) => ({ value: code, label: zone?.regionNames?.[`${values.delivery.address.country.toUpperCase()}-${code}`] ?? code }))}
                    error={errorOf('delivery.address.region')}
                    required
                    placeholder={regionLabel}
                  />
                ) : (
                  field('delivery.address.region', regionLabel, values.delivery.address.region, setAddress('region'), { autoComplete: 'address-level1' })
                )}
                {field('delivery.address.locality', t('locality'), values.delivery.address.locality, setAddress('locality'), { required: true, autoComplete: 'address-level2' })}
                {field('delivery.address.postalCode', postalLabel, values.delivery.address.postalCode, setAddress('postalCode'), { autoComplete: 'postal-code' })}
                {field('delivery.address.street', t('street'), values.delivery.address.street, setAddress('street'), {
                  required: true,
                  autoComplete: 'street-address',
                  wide: true,
                })}
              </div>
              <fieldset className="choice-list" aria-invalid={errorOf('delivery.rateId') ? true : undefined}>
                <legend className="shop-field__label">{t('shippingRate')}</legend>
                {rates.map((r) => (
                  <label key={r.id} className="choice">
                    <input type="radio" name="rate" checked={values.delivery.rateId === r.id} onChange={() => setDelivery({ rateId: r.id }, 'delivery.rateId')} />
                    <span className="choice__body">
                      <strong>{r.title}</strong>
                      {r.speed && <span className="choice__muted">{t('deliveryTime', { time: SPEEDS[r.speed] ? t(SPEEDS[r.speed]!) : r.speed })}</span>}
                    </span>
                    <span className="choice__price">
                      <ChargeText charge={deliveryCharge(r)} money={money} lang={lang} />
                    </span>
                  </label>
                ))}
                <FieldError path="delivery.rateId" message={errorOf('delivery.rateId') ?? (rates.length === 0 && zone ? t('noRates') : undefined)} />
              </fieldset>
            </>
          )}
        </Step>

        <Step number={3} title={t('payment')}>
          <PaymentMethods
            state={methods}
            chosen={values.paymentMethod}
            onChoose={(code) => update((v) => ({ ...v, paymentMethod: code }), 'paymentMethod')}
            error={errorOf('paymentMethod')}
            lang={lang}
          />
        </Step>

        <Step number={4} title={t('comment')}>
          <TextField
            path="comment"
            label={t('comment')}
            hideLabel
            value={values.comment}
            onChange={(comment) => update((v) => ({ ...v, comment }), 'comment')}
            error={errorOf('comment')}
            multiline
          />
        </Step>
      </div>

      <aside className="checkout__summary cart-summary" aria-label={t('yourOrder')}>
        <div className="checkout__summary-head">
          <h2 className="checkout__summary-title">{t('yourOrder')}</h2>
          <a href="/cart" className="button button--link">
            {t('editCart')}
          </a>
        </div>
        <ul className="summary-lines">
          {totals.lines.map((line, index) => (
            <li key={line.variationId} className="summary-line">
              <ProductImage image={line.variation?.image ?? line.product?.imagePreview} width={56} height={56} alt="" />
              <span className="summary-line__text">
                <span className="summary-line__title">{line.product?.title}</span>
                {line.product && line.variation && <span className="summary-line__options">{optionsText(line.product, line.variation)}</span>}
                <span className="summary-line__options">
                  {line.quantity} × {line.variation ? formatMoney(line.variation.price, money) : ''}
                </span>
                <FieldError path={`items.${index}`} message={serverErrors[`items.${index}`]} />
              </span>
              <strong className="summary-line__total">{formatMoney(line.sumDiscountPrice, money)}</strong>
            </li>
          ))}
        </ul>
        <DiscountCodeForm lang={lang} state={discount} error={serverErrors.discount} />
        <SummaryRows lang={lang} money={money} totals={totals} discount={discount.applied} total={total} totalTestId="checkout-total">
          <div className="summary-row">
            <dt>{t('deliveryCost')}</dt>
            <dd data-testid="delivery-cost">{charge ? <ChargeText charge={charge} money={money} lang={lang} /> : t('chooseDelivery')}</dd>
          </div>
        </SummaryRows>

        {policy.show && (
          <PolicyCheck
            path="agreement"
            html={policy.text}
            checked={values.agreement}
            onChange={(agreement) => update((v) => ({ ...v, agreement }), 'agreement')}
            error={errorOf('agreement')}
          />
        )}
        {policy.additionalCheckboxes.map((box, index) =>
          box.isShown ? (
            <PolicyCheck
              key={index}
              path={`extraChecks.${index}`}
              html={box.text}
              required={box.isRequired}
              checked={values.extraChecks[index] ?? false}
              onChange={(checked) => update((v) => ({ ...v, extraChecks: v.extraChecks.map((c, i) => (i === index ? checked : c)) }))}
              error={errorOf(`extraChecks.${index}`)}
            />
          ) : null,
        )}
        {!available && (
          <p className="shop-notice shop-notice--error" role="alert">
            {t('unavailableQuantity')}
          </p>
        )}
        {attempted && Object.keys(clientErrors).length > 0 && (
          <p className="shop-field__error" role="alert">
            {t('fixErrors')}
          </p>
        )}
        <button type="submit" className="button button--wide button--accent" disabled={placing || !available} aria-busy={placing}>
          {placing ? t('placing') : t('placeOrder')}
        </button>
        {formMessage && <p className="checkout__message">{formMessage}</p>}
      </aside>
    </form>
  );
}

// ---------------------------------------------------------------- pieces

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="checkout-step" aria-labelledby={`checkout-step-${number}`}>
      <h2 className="checkout-step__title" id={`checkout-step-${number}`}>
        <span className="checkout-step__number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

const idOf = (path: string) => `checkout-${path.replaceAll('.', '-')}`;

function FieldError({ path, message }: { path: string; message: string | undefined }) {
  return message ? (
    <span className="shop-field__error" id={`${idOf(path)}-error`} role="alert">
      {message}
    </span>
  ) : null;
}

type FieldOptions = {
  required?: boolean;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  hint?: string;
  wide?: boolean;
  multiline?: boolean;
  hideLabel?: boolean;
};

function TextField({
  path,
  label,
  value,
  onChange,
  error,
  required = false,
  type = 'text',
  autoComplete,
  hint,
  wide = false,
  multiline = false,
  hideLabel = false,
}: { path: string; label: string; value: string; onChange: (value: string) => void; error: string | undefined } & FieldOptions) {
  const id = idOf(path);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: path,
    className: 'shop-field__input',
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };
  return (
    <div className={`shop-field${wide ? ' shop-form-grid__wide' : ''}`}>
      <label className={hideLabel ? 'visually-hidden' : 'shop-field__label'} htmlFor={id}>
        {required ? `${label} *` : label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && !error && (
        <span className="shop-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError path={path} message={error} />
    </div>
  );
}

function SelectField({
  path,
  label,
  value,
  onChange,
  options,
  error,
  required = false,
  placeholder,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error: string | undefined;
  required?: boolean;
  placeholder?: string;
}) {
  const id = idOf(path);
  return (
    <div className="shop-field">
      <label className="shop-field__label" htmlFor={id}>
        {required ? `${label} *` : label}
      </label>
      <select
        id={id}
        name={path}
        className="shop-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {placeholder !== undefined && !options.some((o) => o.value === value) && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError path={path} message={error} />
    </div>
  );
}

function ChoiceTab({ checked, onChoose, label, name }: { checked: boolean; onChoose: () => void; label: string; name: string }) {
  return (
    <label className={`choice-tab${checked ? ' is-checked' : ''}`}>
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      <span>{label}</span>
    </label>
  );
}

function ChargeText({ charge, money, lang }: { charge: DeliveryCharge; money: MoneyFormat; lang: Language }) {
  if (charge.kind === 'free') return <>{shopText(lang, 'free')}</>;
  if (charge.kind === 'byManager') return <>{shopText(lang, 'priceByManager')}</>;
  return <>{formatMoney(charge.amount, money)}</>;
}

function PaymentMethods({
  state,
  chosen,
  onChoose,
  error,
  lang,
}: {
  state: MethodsState;
  chosen: string;
  onChoose: (code: string) => void;
  error: string | undefined;
  lang: Language;
}) {
  const t = shopTexts(lang);
  if (state === 'idle') return <p className="choice__muted">{t('chooseDeliveryFirst')}</p>;
  if (state === 'loading') return <p className="choice__muted">{t('paymentMethodsLoading')}</p>;
  if (state === 'failed') {
    return (
      <p className="shop-notice shop-notice--error" role="alert" aria-invalid="true" tabIndex={-1}>
        {t('paymentMethodsFailed')}
      </p>
    );
  }
  if (state.length === 0) return <p className="shop-notice shop-notice--error">{t('noPaymentMethods')}</p>;
  return (
    <fieldset className="choice-list" aria-invalid={error ? true : undefined}>
      <legend className="visually-hidden">{t('paymentMethod')}</legend>
      {state.map((method) => (
        <label key={method.code} className="choice">
          <input type="radio" name="payment-method" value={method.code} checked={chosen === method.code} onChange={() => onChoose(method.code)} />
          <span className="choice__body">
            <strong>{method.name}</strong>
            {method.description && <span className="choice__muted">{method.description}</span>}
          </span>
        </label>
      ))}
      <FieldError path="paymentMethod" message={error} />
    </fieldset>
  );
}

function PolicyCheck({
  path,
  html,
  checked,
  onChange,
  error,
  required = true,
}: {
  path: string;
  html: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const id = idOf(path);
  return (
    <div className="shop-check-wrap">
      <label className="shop-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required={required || undefined}
        />
        {/* Settings texts are sanitised rich text (links to the policies). */}
        <span className="shop-check__text" dangerouslySetInnerHTML={{ __html: required ? `${html} *` : html }} />
      </label>
      <FieldError path={path} message={error} />
    </div>
  );
}

