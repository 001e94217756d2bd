import type { PickupLocationDto, ShippingRateDto, ShippingZoneDto } from '../../lib/api-client';
import { addressLabels } from '../../lib/address-labels';
import { zoneCountries } from '../../lib/shipping-zones';
import { SelectField, TextField } from '../forms/fields';
import type { FormApi } from '../forms/use-form';
import { countryName } from '../shop/country';
import type { MoneyFormat } from '../shop/money';
import { DELIVERY_SPEEDS as SPEEDS, shopTexts } from '../shop/texts';
import { ChargeText, ChoiceTab, FieldError, Step, checkoutValues } from './checkout-fields';
import { deliveryCharge } from './checkout-form';

type Props = {
  form: FormApi;
  money: MoneyFormat;
  locations: PickupLocationDto[];
  zones: ShippingZoneDto[];
  /** the chosen shipping zone, its rates that fit the order, and the regions it serves of the chosen country (null: all) */
  zone: ShippingZoneDto | null;
  rates: ShippingRateDto[];
  servedRegions: string[] | null;
};

/** Step 2: pick-up point, or shipping zone, address and rate. */
export function DeliveryStep({ form, money, locations, zones, zone, rates, servedRegions }: Props) {
  const { lang } = form;
  const t = shopTexts(lang);
  const { delivery } = checkoutValues(form);
  // The region and postal code fields take the names the chosen country uses (State, ZIP code; County, Postcode…).
  const labels = addressLabels(delivery.address.country, lang, { zone: t('region'), postalCode: t('postalCode') });
  const choose = (path: string, value: string) => () => form.setValue(path, value);
  return (
    <Step number={2} title={t('deliveryMethod')}>
      {locations.length === 0 && zones.length === 0 ? (
        <p className="shop-notice shop-notice--error">{t('noDeliveryMethods')}</p>
      ) : (
        <div
          className="choice-tabs"
          role="radiogroup"
          aria-label={t('deliveryMethod')}
          aria-invalid={form.message('delivery.method') ? true : undefined}
        >
          {locations.length > 0 && (
            <ChoiceTab
              checked={delivery.method === 'pickup'}
              onChoose={choose('delivery.method', 'pickup')}
              label={t('pickup')}
              name="delivery-method"
            />
          )}
          {zones.length > 0 && (
            <ChoiceTab
              checked={delivery.method === 'shipping'}
              onChoose={choose('delivery.method', 'shipping')}
              label={t('shipping')}
              name="delivery-method"
            />
          )}
        </div>
      )}
      <FieldError form={form} path="delivery.method" />

      {delivery.method === 'pickup' && (
        <fieldset className="choice-list" aria-invalid={form.message('delivery.locationId') ? true : undefined}>
          <legend className="shop-field__label">{t('pickupLocation')}</legend>
          {locations.map((l) => (
            <label key={l.id} className="choice">
              <input type="radio" name="location" checked={delivery.locationId === l.id} onChange={choose('delivery.locationId', l.id)} />
              <span className="choice__body">
                <strong>{l.title}</strong>
                {l.address && <span>{l.address}</span>}
                {l.workTime && <span className="choice__muted">{l.workTime}</span>}
              </span>
              <span className="choice__price">{t('free')}</span>
            </label>
          ))}
          <FieldError form={form} path="delivery.locationId" />
        </fieldset>
      )}

      {delivery.method === 'shipping' && (
        <>
          {zones.length > 1 && (
            <SelectField
              form={form}
              path="delivery.zoneId"
              label={t('shippingZone')}
              options={zones.map((z) => ({ value: z.id, label: z.title }))}
            />
          )}
          <div className="shop-form-grid">
            {zone && zone.countries.length > 0 ? (
              <SelectField
                form={form}
                path="delivery.address.country"
                label={t('country')}
                options={zoneCountries(zone.countries).map((code) => ({ value: code, label: countryName(code, lang) }))}
                placeholder={t('country')}
              />
            ) : (
              <TextField form={form} path="delivery.address.country" label={t('country')} autoComplete="country" />
            )}
            {servedRegions ? (
              <SelectField
                form={form}
                path="delivery.address.region"
                label={labels.zone}
                options={servedRegions.map((code) => ({
                  value: code,
                  label: zone?.regionNames?.[`${delivery.address.country.toUpperCase()}-${code}`] ?? code,
                }))}
                placeholder={labels.zone}
              />
            ) : (
              <TextField form={form} path="delivery.address.region" label={labels.zone} autoComplete="address-level1" />
            )}
            <TextField form={form} path="delivery.address.locality" label={t('locality')} autoComplete="address-level2" />
            <TextField form={form} path="delivery.address.postalCode" label={labels.postalCode} autoComplete="postal-code" />
            <div className="shop-form-grid__wide">
              <TextField form={form} path="delivery.address.street" label={t('street')} autoComplete="address-line1" />
            </div>
          </div>
          <fieldset className="choice-list" aria-invalid={form.message('delivery.rateId') ? true : undefined}>
            <legend className="shop-field__label">{t('shippingRate')}</legend>
            {rates.map((r) => (
              <label key={r.id} className="choice">
                <input type="radio" name="rate" checked={delivery.rateId === r.id} onChange={choose('delivery.rateId', r.id)} />
                <span className="choice__body">
                  <strong>{r.title}</strong>
                  {r.speed && (
                    <span className="choice__muted">{t('deliveryTime', { time: SPEEDS[r.speed] ? t(SPEEDS[r.speed]!) : r.speed })}</span>
                  )}
                </span>
                <span className="choice__price">
                  <ChargeText charge={deliveryCharge(r)} money={money} lang={lang} />
                </span>
              </label>
            ))}
            <FieldError
              form={form}
              path="delivery.rateId"
              message={form.message('delivery.rateId') ?? (rates.length === 0 && zone ? t('noRates') : null)}
            />
          </fieldset>
        </>
      )}
    </Step>
  );
}
