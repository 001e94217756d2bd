import { addressLabels, type PostalLabel, type RegionLabel } from '../../lib/address-labels';
import type { PickupLocationDto, ShippingRateDto, ShippingZoneDto } from '../../lib/api-client';
import { zoneCountries, zoneRegions } from '../../lib/shipping-zones';
import { countryName } from '../shop/country';
import type { MoneyFormat } from '../shop/money';
import { shopperText, type ShopperTextKey } from '../shop/shopper-texts';
import { DELIVERY_SPEEDS as SPEEDS, shopTexts } from '../shop/texts';
import { ChargeText, ChoiceTab, FieldError, SelectField, Step, textFieldOf, type CheckoutEditor } from './checkout-fields';
import { deliveryCharge, type CheckoutValues } from './checkout-form';

const REGION_TEXT: Record<Exclude<RegionLabel, 'region'>, ShopperTextKey> = { state: 'regionState', province: 'regionProvince', county: 'regionCounty' };
const POSTAL_TEXT: Record<Exclude<PostalLabel, 'postal'>, ShopperTextKey> = { zip: 'postalZip', postcode: 'postalPostcode', eircode: 'postalEircode', pin: 'postalPin' };

type Props = {
  editor: CheckoutEditor;
  money: MoneyFormat;
  locations: PickupLocationDto[];
  zones: ShippingZoneDto[];
  /** the chosen shipping zone, and its rates that fit the order */
  zone: ShippingZoneDto | null;
  rates: ShippingRateDto[];
};

/** Step 2: pick-up point, or shipping zone, address and rate. */
export function DeliveryStep({ editor, money, locations, zones, zone, rates }: Props) {
  const { lang, values, errorOf, update } = editor;
  const t = shopTexts(lang);
  const field = textFieldOf(errorOf);
  const setAddress = (name: keyof CheckoutValues['delivery']['address']) => (value: string) =>
    update((v) => ({ ...v, delivery: { ...v.delivery, address: { ...v.delivery.address, [name]: value } } }), `delivery.address.${name}`);
  const setDelivery = (change: Partial<CheckoutValues['delivery']>, path: string) =>
    update((v) => ({ ...v, delivery: { ...v.delivery, ...change } }), path, 'delivery.method');
  // The region and postal code fields take the names the chosen country uses (State, ZIP code; County, Postcode…).
  const labels = addressLabels(values.delivery.address.country);
  const regionLabel = labels.region === 'region' ? t('region') : shopperText(lang, REGION_TEXT[labels.region]);
  // a zone that serves only some regions of the chosen country offers those
  const servedRegions = zone ? zoneRegions(zone.countries, values.delivery.address.country) : null;
  const postalLabel = labels.postal === 'postal' ? t('postalCode') : shopperText(lang, POSTAL_TEXT[labels.postal]);
  return (
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
  );
}
