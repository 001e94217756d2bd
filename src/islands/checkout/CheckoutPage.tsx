import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { PickupLocationDto, ShippingZoneDto } from '../../lib/api-client';
import { analyticsItem, type AnalyticsItem } from '../../lib/analytics';
import { cartTotals, isAvailable, type CartItem } from '../../lib/cart';
import type { Language } from '../../lib/localize';
import { amountToCents, centsToAmount } from '../../lib/money';
import { zoneCountries } from '../../lib/shipping-zones';
import { track } from '../../stores/analytics';
import { $cart, clearCart, refreshCart, saveCheckoutFields, startCartSync } from '../../stores/cart';
import { $user } from '../../stores/user';
import { orderLinesOf, useDiscountCode } from '../cart/use-discount-code';
import { paymentResultPath, paysAtCheckout } from '../payment/payment-screen';
import { shopApi } from '../../stores/user';
import { useHydrated } from '../shop/hooks';
import type { MoneyFormat } from '../shop/money';
import { fieldErrorsOf } from '../shop/server-errors';
import { shopText, shopTexts } from '../shop/texts';
import type { CheckoutEditor } from './checkout-fields';
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
} from './checkout-form';
import { ContactsStep } from './ContactsStep';
import { DeliveryStep } from './DeliveryStep';
import { OrderSummary } from './OrderSummary';
import { CommentStep, PaymentStep, type MethodsState } from './PaymentStep';

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
  const editor: CheckoutEditor = { lang, values, errorOf, update };

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
        <ContactsStep editor={editor} showReceiver={showReceiver} />
        <DeliveryStep editor={editor} money={money} locations={locations} zones={zones} zone={zone} rates={rates} />
        <PaymentStep editor={editor} methods={methods} />
        <CommentStep editor={editor} />
      </div>

      <OrderSummary
        editor={editor}
        money={money}
        policy={policy}
        formMessage={formMessage}
        totals={totals}
        discount={discount}
        charge={charge}
        total={total}
        available={available}
        serverErrors={serverErrors}
        attempted={attempted}
        clientErrors={clientErrors}
        placing={placing}
      />
    </form>
  );
}

