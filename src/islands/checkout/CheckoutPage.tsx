import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PickupLocationDto, PlacedOrderDto, ShippingZoneDto } from '../../lib/api-client';
import { analyticsItem, type AnalyticsItem } from '../../lib/analytics';
import { cartTotals, isAvailable, type CartItem } from '../../lib/cart';
import { VALIDATION_FAILED_KEY, defAt, type FormValues } from '../../lib/form-engine';
import type { Language } from '../../lib/localize';
import { amountToCents, centsToAmount } from '../../lib/money';
import { zoneCountries, zoneRegions } from '../../lib/shipping-zones';
import { addedTaxCents, orderTax, type TaxSettings } from '../../lib/tax';
import { track } from '../../stores/analytics';
import { $cart, clearCart, refreshCart, saveCheckoutFields, startCartSync } from '../../stores/cart';
import { forgetRecoveryKey, recoveryKey, reportCheckoutContacts, watchCartForRecovery } from '../../stores/checkout-recovery';
import { $user } from '../../stores/user';
import { email } from '../../lib/validation';
import { orderLinesOf, useDiscountCode } from '../cart/use-discount-code';
import { answerOf, useForm } from '../forms/use-form';
import { paymentResultPath, paysAtCheckout } from '../payment/payment-screen';
import { shopApi } from '../../stores/user';
import { useHydrated } from '../shop/hooks';
import type { MoneyFormat } from '../shop/money';
import { shopTexts } from '../shop/texts';
import { checkoutForm } from './checkout-definition';
import {
  applicableRates,
  cartDeliveryWeight,
  deliveryCharge,
  fillFromProfile,
  initialCheckoutValues,
  paymentMethodOptions,
  placeOrderInput,
  shownOnForm,
  valuesToKeep,
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
  /** an example phone number of the shop's country, for the phone field's hint */
  phoneExample?: string;
  locations: PickupLocationDto[];
  zones: ShippingZoneDto[];
  /** the shop's tax settings: the summary's tax is computed as the order's will be */
  taxes: TaxSettings;
  /** abandoned-checkout reminders are on: the contacts step asks a guest's consent */
  recovery?: boolean;
};

const SAVE_FIELDS_DELAY_MS = 300;
const SHIPPING_METHODS_CODE = 'shipping';

function itemsOf(list: readonly CartItem[]): AnalyticsItem[] {
  return cartTotals(list).lines.flatMap((line) =>
    line.product && line.variation ? [analyticsItem(line.product, line.variation, line.quantity)] : [],
  );
}

/** The checkout (spec 2.1, 3.2, 5): contacts, receiver, delivery, payment, policy, and the server-computed summary. */
export default function CheckoutPage({
  lang,
  money,
  showReceiver,
  policy,
  formMessage,
  phoneExample = '',
  locations,
  zones,
  taxes,
  recovery = false,
}: Props) {
  const t = shopTexts(lang);
  const hydrated = useHydrated();
  const cart = useStore($cart);
  const user = useStore($user);
  const [ready, setReady] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [methods, setMethods] = useState<MethodsState>('idle');
  const [refreshed, setRefreshed] = useState(false);
  const [dropped, setDropped] = useState<string[]>([]);
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  const discount = useDiscountCode(lang, refreshed);

  const totals = useMemo(() => cartTotals(cart.list), [cart.list]);
  const discountPrice = discount.applied?.price ?? 0;
  const orderAmount = centsToAmount(amountToCents(totals.totalPrice) - amountToCents(discountPrice));
  const weight = useMemo(() => cartDeliveryWeight(cart.list), [cart.list]);
  const available = isAvailable(cart.list);

  // The chosen zone, its rates that fit the order, and the regions it serves of the chosen country (null: all).
  const shippingOf = useCallback(
    ({ delivery }: Partial<CheckoutValues>) => {
      const zone = zones.find((z) => z.id === delivery?.zoneId) ?? null;
      const rates = applicableRates(zone, { amount: orderAmount, weight });
      return { zone, rates, servedRegions: zone ? zoneRegions(zone.countries, delivery?.address.country ?? '') : null };
    },
    [zones, orderAmount, weight],
  );
  const definition = useCallback(
    (values: FormValues) => {
      const { rates, servedRegions } = shippingOf(values);
      return checkoutForm(values, {
        showReceiver,
        policy,
        hasRates: rates.length > 0,
        paymentMethods: methods === 'idle' ? 'loading' : methods,
        regionRequired: servedRegions !== null,
        text: (key) => shopTexts(lang)(key),
      });
    },
    [shippingOf, showReceiver, policy, methods, lang],
  );

  const form = useForm(definition, {
    lang,
    idPrefix: 'checkout',
    blocked: () => leavingRef.current || !isAvailable($cart.get().list),
    send: async (values) => {
      const state = $cart.get();
      const lines = { items: orderLinesOf(state.list), discountCodeId: discount.applied ? state.discountCodeId : null };
      return answerOf(await shopApi({ lang }).placeOrder(placeOrderInput(values as CheckoutValues, lines, showReceiver, recoveryKey())));
    },
    onSuccess: (answer) => void leaveFor(answer as PlacedOrderDto),
    onFailure: ({ fieldErrors }) => fieldErrors.discountCodeId && discount.remove(),
  });
  const latest = useRef(form);
  latest.current = form;
  const values = form.values as CheckoutValues;

  // The order exists: only now is the cart emptied; then to the payment provider, or to the order's result page.
  const leaveFor = async (order: PlacedOrderDto) => {
    leavingRef.current = true;
    setLeaving(true);
    forgetRecoveryKey();
    clearCart();
    if (paysAtCheckout(order)) {
      const { data: payment } = await shopApi({ lang }).initializePayment({ order: order.number, token: order.secretToken });
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

  // Arrival: an empty cart goes back to /cart; otherwise the form starts from what was typed last time.
  useEffect(() => {
    startCartSync();
    watchCartForRecovery();
    if ($cart.get().list.length === 0) {
      window.location.replace('/cart');
      return;
    }
    const start = initialCheckoutValues($cart.get().checkoutFields, policy);
    if (!start.delivery.method) start.delivery.method = locations.length > 0 ? 'pickup' : zones.length > 0 ? 'shipping' : '';
    if (!locations.some((l) => l.id === start.delivery.locationId)) start.delivery.locationId = locations[0]?.id ?? '';
    if (!zones.some((z) => z.id === start.delivery.zoneId)) start.delivery.zoneId = zones[0]?.id ?? '';
    form.reset(start);
    setReady(true);
    track({ name: 'begin_checkout', items: itemsOf($cart.get().list) });
    void refreshCart().then((gone) => {
      setDropped(gone.map((item) => item.product?.title).filter((title): title is string => !!title));
      if ($cart.get().list.length === 0 && !leavingRef.current) window.location.replace('/cart');
      setRefreshed(true);
    });
    if ($user.get()) {
      void shopApi({ lang })
        .getProfile()
        .then(({ data }) => data && latest.current.reset(fillFromProfile(latest.current.values as CheckoutValues, data)));
    }
  }, []);

  // What the shopper types is kept with the cart for the next visit.
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => saveCheckoutFields(valuesToKeep(values)), SAVE_FIELDS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, ready]);

  // An e-mail given with consent (or a signed-in shopper) starts a checkout the shop may remind about.
  const signedIn = !!user;
  const typedEmail = values.customer?.email?.trim() ?? '';
  const reportedEmail = typedEmail && email(typedEmail) === null ? typedEmail : null;
  const consent = values.marketingConsent === true;
  useEffect(() => {
    if (!ready || !recovery) return;
    reportCheckoutContacts(lang, { email: reportedEmail, consent }, signedIn);
  }, [ready, recovery, reportedEmail, consent, signedIn]);

  const location = locations.find((l) => l.id === values.delivery?.locationId) ?? null;
  const methodsCode = !ready
    ? ''
    : values.delivery.method === 'pickup'
      ? (location?.code ?? '')
      : values.delivery.method === 'shipping'
        ? SHIPPING_METHODS_CODE
        : '';

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
        const chosen = (latest.current.values as CheckoutValues).paymentMethod;
        if (!error && !options.some((o) => o.code === chosen)) latest.current.setValue('paymentMethod', options[0]?.code ?? '');
      });
    return () => {
      current = false;
    };
  }, [methodsCode, lang]);

  const { zone, rates, servedRegions } = shippingOf(values);
  const rateKey = rates.map((r) => r.id).join(',');

  // A rate that no longer fits the order (or another zone) gives way to the first one that does.
  useEffect(() => {
    if (ready && !rates.some((r) => r.id === values.delivery.rateId)) form.setValue('delivery.rateId', rates[0]?.id ?? '');
  }, [rateKey, ready]);

  // A zone serving one country has it chosen.
  useEffect(() => {
    const served = zone ? zoneCountries(zone.countries) : [];
    if (ready && served.length === 1 && values.delivery.address.country !== served[0]) form.setValue('delivery.address.country', served[0]);
  }, [zone?.id, ready]);

  const rate = rates.find((r) => r.id === values.delivery?.rateId) ?? null;
  const deliveryText = values.delivery?.method === 'pickup' ? location?.title : rate?.title;
  useEffect(() => {
    if (deliveryText) track({ name: 'add_shipping_info', items: itemsOf($cart.get().list), shippingTier: deliveryText });
  }, [deliveryText]);
  useEffect(() => {
    if (values.paymentMethod) track({ name: 'add_payment_info', items: itemsOf($cart.get().list), paymentType: values.paymentMethod });
  }, [values.paymentMethod]);

  if (!hydrated || !ready || cart.list.length === 0) {
    return (
      <div className="cart-skeleton" aria-busy="true">
        <p>{t('loadingCart')}</p>
      </div>
    );
  }

  const charge: DeliveryCharge | null = values.delivery.method === 'pickup' ? { kind: 'free' } : rate ? deliveryCharge(rate) : null;
  const deliveryCents = charge?.kind === 'price' ? amountToCents(charge.amount) : 0;
  // the tax of the order as the server computes it: where the goods go (a pickup: the shop's default rates), per line
  const tax = orderTax({
    settings: taxes,
    place: values.delivery.method === 'shipping' ? values.delivery.address : null,
    lines: totals.lines.map((line) => ({ totalCents: amountToCents(line.sumDiscountPrice), taxClass: line.product?.taxClass })),
    discountCents: amountToCents(discountPrice),
    deliveryCents,
  });
  const total = centsToAmount(amountToCents(orderAmount) + deliveryCents + addedTaxCents(tax));
  // A refusal of the server with nothing to show on the form, or about what the form does not show, stands above the form.
  const def = definition(values);
  const serverErrors = Object.entries(form.state.serverErrors);
  const unplaced = serverErrors.find(([path]) => !shownOnForm(path, (at) => defAt(def, at)?.kind === 'field'))?.[1][0];
  const refused = form.state.message === VALIDATION_FAILED_KEY ? null : form.formMessage;
  const refusal = !refused ? null : serverErrors.length === 0 ? t('orderFailed', { message: refused }) : (unplaced ?? null);

  return (
    <form
      className="checkout"
      onSubmit={(event) => {
        setAttempted(true);
        void form.submit(event);
      }}
      noValidate
    >
      {dropped.length > 0 && (
        <p className="shop-notice shop-notice--warning checkout__notice" role="status">
          {t('itemsDropped', { titles: dropped.join(', ') })}
        </p>
      )}
      {refusal && (
        <p className="shop-notice shop-notice--error checkout__notice" role="alert">
          {refusal}
        </p>
      )}
      <div className="checkout__form">
        <ContactsStep form={form} showReceiver={showReceiver} phoneExample={phoneExample} askConsent={recovery && !signedIn} />
        <DeliveryStep
          form={form}
          money={money}
          locations={locations}
          zones={zones}
          zone={zone}
          rates={rates}
          servedRegions={servedRegions}
        />
        <PaymentStep form={form} methods={methods} />
        <CommentStep form={form} />
      </div>

      <OrderSummary
        form={form}
        money={money}
        policy={policy}
        formMessage={formMessage}
        totals={totals}
        discount={discount}
        charge={charge}
        tax={taxes.enabled ? { amount: centsToAmount(tax.taxCents), included: tax.included } : null}
        total={total}
        available={available}
        fixErrors={attempted && Object.keys(form.state.errors).length > 0}
        placing={form.submitting || leaving}
      />
    </form>
  );
}
