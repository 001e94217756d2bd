/**
 * Countries for addresses and phone numbers (spec 3.3 and 3.4): ISO code, name in the page language,
 * international phone prefix, zones (states, provinces, regions…) where the address form offers a list,
 * and the address labels whose wording varies by country (./address-labels.ts).
 *
 * Names come from the runtime's Intl.DisplayNames, so no name list ships to the browser. Zone names
 * of Russia carry Russian translations; a Russian address is written with Russian names, from the
 * postal code down to the street (spec 3.3 "or the reverse").
 */
import { addressLabels, type AddressLabels } from './address-labels';
import type { Language } from './localize';

export type CountryCode = string;
export type Zone = { code: string; name: { en: string; ru?: string } };

export type Country = {
  code: CountryCode;
  name: string;
  phoneNumberPrefix: number;
  zones: readonly Zone[];
  labels: AddressLabels;
};

/** ISO code followed by the international calling code, for every country libphonenumber knows. */
const PHONE_PREFIXES = `
AC247 AD376 AE971 AF93 AG1 AI1 AL355 AM374 AO244 AR54 AS1 AT43 AU61 AW297 AX358 AZ994 BA387 BB1 BD880 BE32
BF226 BG359 BH973 BI257 BJ229 BL590 BM1 BN673 BO591 BQ599 BR55 BS1 BT975 BW267 BY375 BZ501 CA1 CC61 CD243
CF236 CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 CV238 CW599 CX61 CY357 CZ420 DE49 DJ253 DK45 DM1
DO1 DZ213 EC593 EE372 EG20 EH212 ER291 ES34 ET251 FI358 FJ679 FK500 FM691 FO298 FR33 GA241 GB44 GD1 GE995
GF594 GG44 GH233 GI350 GL299 GM220 GN224 GP590 GQ240 GR30 GT502 GU1 GW245 GY592 HK852 HN504 HR385 HT509 HU36
ID62 IE353 IL972 IM44 IN91 IO246 IQ964 IR98 IS354 IT39 JE44 JM1 JO962 JP81 KE254 KG996 KH855 KI686 KM269 KN1
KP850 KR82 KW965 KY1 KZ7 LA856 LB961 LC1 LI423 LK94 LR231 LS266 LT370 LU352 LV371 LY218 MA212 MC377 MD373
ME382 MF590 MG261 MH692 MK389 ML223 MM95 MN976 MO853 MP1 MQ596 MR222 MS1 MT356 MU230 MV960 MW265 MX52 MY60
MZ258 NA264 NC687 NE227 NF672 NG234 NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 PF689 PG675 PH63
PK92 PL48 PM508 PR1 PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 SA966 SB677 SC248 SD249 SE46
SG65 SH290 SI386 SJ47 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ST239 SV503 SX1 SY963 SZ268 TA290 TC1 TD235
TG228 TH66 TJ992 TK690 TL670 TM993 TN216 TO676 TR90 TT1 TV688 TW886 TZ255 UA380 UG256 US1 UY598 UZ998 VA39
VC1 VE58 VG1 VI1 VN84 VU678 WF681 WS685 XK383 YE967 YT262 ZA27 ZM260 ZW263`;

const PREFIX_BY_CODE: ReadonlyMap<CountryCode, number> = new Map(
  PHONE_PREFIXES.trim()
    .split(/\s+/)
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const),
);

export const COUNTRY_CODES: readonly CountryCode[] = [...PREFIX_BY_CODE.keys()];

export const RUSSIA = 'RU';

// ---------------------------------------------------------------- zones

const zoneList = (entries: string): Zone[] =>
  entries
    .trim()
    .split('\n')
    .map((line) => {
      const [code, en, ru] = line.split('|').map((part) => part.trim()) as [string, string, string | undefined];
      return { code, name: ru ? { en, ru } : { en } };
    });

const ZONES: Record<CountryCode, readonly Zone[]> = {
  US: zoneList(`
AL|Alabama
AK|Alaska
AZ|Arizona
AR|Arkansas
CA|California
CO|Colorado
CT|Connecticut
DE|Delaware
DC|District of Columbia
FL|Florida
GA|Georgia
HI|Hawaii
ID|Idaho
IL|Illinois
IN|Indiana
IA|Iowa
KS|Kansas
KY|Kentucky
LA|Louisiana
ME|Maine
MD|Maryland
MA|Massachusetts
MI|Michigan
MN|Minnesota
MS|Mississippi
MO|Missouri
MT|Montana
NE|Nebraska
NV|Nevada
NH|New Hampshire
NJ|New Jersey
NM|New Mexico
NY|New York
NC|North Carolina
ND|North Dakota
OH|Ohio
OK|Oklahoma
OR|Oregon
PA|Pennsylvania
PR|Puerto Rico
RI|Rhode Island
SC|South Carolina
SD|South Dakota
TN|Tennessee
TX|Texas
UT|Utah
VT|Vermont
VA|Virginia
WA|Washington
WV|West Virginia
WI|Wisconsin
WY|Wyoming`),
  CA: zoneList(`
AB|Alberta
BC|British Columbia
MB|Manitoba
NB|New Brunswick
NL|Newfoundland and Labrador
NT|Northwest Territories
NS|Nova Scotia
NU|Nunavut
ON|Ontario
PE|Prince Edward Island
QC|Quebec
SK|Saskatchewan
YT|Yukon`),
  AU: zoneList(`
ACT|Australian Capital Territory
NSW|New South Wales
NT|Northern Territory
QLD|Queensland
SA|South Australia
TAS|Tasmania
VIC|Victoria
WA|Western Australia`),
  AE: zoneList(`
AZ|Abu Dhabi|Абу-Даби
AJ|Ajman|Аджман
DU|Dubai|Дубай
FU|Fujairah|Эль-Фуджайра
RK|Ras al-Khaimah|Рас-эль-Хайма
SH|Sharjah|Шарджа
UQ|Umm al-Quwain|Умм-эль-Кайвайн`),
  RU: zoneList(`
AD|Adygea|Республика Адыгея
AL|Altai Republic|Республика Алтай
ALT|Altai Krai|Алтайский край
AMU|Amur Oblast|Амурская область
ARK|Arkhangelsk Oblast|Архангельская область
AST|Astrakhan Oblast|Астраханская область
BA|Bashkortostan|Республика Башкортостан
BEL|Belgorod Oblast|Белгородская область
BRY|Bryansk Oblast|Брянская область
BU|Buryatia|Республика Бурятия
CE|Chechnya|Чеченская Республика
CHE|Chelyabinsk Oblast|Челябинская область
CHU|Chukotka Autonomous Okrug|Чукотский автономный округ
CU|Chuvashia|Чувашская Республика
DA|Dagestan|Республика Дагестан
IN|Ingushetia|Республика Ингушетия
IRK|Irkutsk Oblast|Иркутская область
IVA|Ivanovo Oblast|Ивановская область
YEV|Jewish Autonomous Oblast|Еврейская автономная область
KB|Kabardino-Balkaria|Кабардино-Балкарская Республика
KGD|Kaliningrad Oblast|Калининградская область
KL|Kalmykia|Республика Калмыкия
KLU|Kaluga Oblast|Калужская область
KAM|Kamchatka Krai|Камчатский край
KC|Karachay-Cherkessia|Карачаево-Черкесская Республика
KR|Karelia|Республика Карелия
KEM|Kemerovo Oblast|Кемеровская область
KHA|Khabarovsk Krai|Хабаровский край
KK|Khakassia|Республика Хакасия
KHM|Khanty-Mansi Autonomous Okrug|Ханты-Мансийский автономный округ — Югра
KIR|Kirov Oblast|Кировская область
KO|Komi|Республика Коми
KOS|Kostroma Oblast|Костромская область
KDA|Krasnodar Krai|Краснодарский край
KYA|Krasnoyarsk Krai|Красноярский край
KGN|Kurgan Oblast|Курганская область
KRS|Kursk Oblast|Курская область
LEN|Leningrad Oblast|Ленинградская область
LIP|Lipetsk Oblast|Липецкая область
MAG|Magadan Oblast|Магаданская область
ME|Mari El|Республика Марий Эл
MO|Mordovia|Республика Мордовия
MOW|Moscow|Москва
MOS|Moscow Oblast|Московская область
MUR|Murmansk Oblast|Мурманская область
NEN|Nenets Autonomous Okrug|Ненецкий автономный округ
NIZ|Nizhny Novgorod Oblast|Нижегородская область
SE|North Ossetia–Alania|Республика Северная Осетия — Алания
NGR|Novgorod Oblast|Новгородская область
NVS|Novosibirsk Oblast|Новосибирская область
OMS|Omsk Oblast|Омская область
ORE|Orenburg Oblast|Оренбургская область
ORL|Oryol Oblast|Орловская область
PNZ|Penza Oblast|Пензенская область
PER|Perm Krai|Пермский край
PRI|Primorsky Krai|Приморский край
PSK|Pskov Oblast|Псковская область
ROS|Rostov Oblast|Ростовская область
RYA|Ryazan Oblast|Рязанская область
SA|Sakha (Yakutia)|Республика Саха (Якутия)
SAK|Sakhalin Oblast|Сахалинская область
SAM|Samara Oblast|Самарская область
SPE|Saint Petersburg|Санкт-Петербург
SAR|Saratov Oblast|Саратовская область
SMO|Smolensk Oblast|Смоленская область
STA|Stavropol Krai|Ставропольский край
SVE|Sverdlovsk Oblast|Свердловская область
TAM|Tambov Oblast|Тамбовская область
TA|Tatarstan|Республика Татарстан
TOM|Tomsk Oblast|Томская область
TUL|Tula Oblast|Тульская область
TVE|Tver Oblast|Тверская область
TY|Tuva|Республика Тыва
TYU|Tyumen Oblast|Тюменская область
UD|Udmurtia|Удмуртская Республика
ULY|Ulyanovsk Oblast|Ульяновская область
VLA|Vladimir Oblast|Владимирская область
VGG|Volgograd Oblast|Волгоградская область
VLG|Vologda Oblast|Вологодская область
VOR|Voronezh Oblast|Воронежская область
YAN|Yamalo-Nenets Autonomous Okrug|Ямало-Ненецкий автономный округ
YAR|Yaroslavl Oblast|Ярославская область
ZAB|Zabaykalsky Krai|Забайкальский край`),
};

/** The language names of an address in `code` are written in: Russian for Russia, else the page's. */
export function addressLanguage(code: CountryCode | null | undefined, lang: Language): Language {
  return code === RUSSIA ? 'ru' : lang;
}

export function zonesOf(code: CountryCode | null | undefined): readonly Zone[] {
  return (code && ZONES[code]) || [];
}

export function zoneName(zone: Zone, lang: Language): string {
  return zone.name[lang] ?? zone.name.en;
}

// ---------------------------------------------------------------- countries

const displayNames = new Map<Language, Intl.DisplayNames | null>();

function regionNames(lang: Language): Intl.DisplayNames | null {
  if (!displayNames.has(lang)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    } catch {
      // A runtime without region names shows codes.
    }
    displayNames.set(lang, names);
  }
  return displayNames.get(lang) ?? null;
}

export function countryName(code: CountryCode, lang: Language): string {
  return regionNames(lang)?.of(code) ?? code;
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && PREFIX_BY_CODE.has(value);
}

export function findCountry(code: unknown, lang: Language): Country | null {
  if (!isCountryCode(code)) return null;
  return {
    code,
    name: countryName(code, lang),
    phoneNumberPrefix: PREFIX_BY_CODE.get(code)!,
    zones: zonesOf(code),
    labels: addressLabels(code, lang),
  };
}

const countryLists = new Map<Language, Country[]>();

/** Every country, alphabetically by its name in `lang`. */
export function countryList(lang: Language): readonly Country[] {
  let countries = countryLists.get(lang);
  if (!countries) {
    countries = COUNTRY_CODES.map((code) => findCountry(code, lang)!).sort((a, b) => a.name.localeCompare(b.name, lang));
    countryLists.set(lang, countries);
  }
  return countries;
}

/**
 * Spec 5: the query is split into words (whitespace, commas, semicolons; plus signs dropped); a country
 * matches when any word is its code, starts its phone prefix or occurs in its name. An empty query matches all.
 */
export function searchCountries(countries: readonly Country[], query: string): Country[] {
  const words = query
    .replace(/\+/g, '')
    .toLowerCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (words.length === 0) return [...countries];
  return countries.filter((country) => {
    const name = country.name.toLowerCase();
    const prefix = String(country.phoneNumberPrefix);
    return words.some((word) => country.code.toLowerCase() === word || prefix.startsWith(word) || name.includes(word));
  });
}

// ---------------------------------------------------------------- addresses

export type Address = Partial<Record<'country' | 'region' | 'locality' | 'street' | 'postalCode', string | null>>;

/** The region as written: the zone's name when the region is a zone code of the country, else as entered. */
export function regionName(country: CountryCode | null | undefined, region: string | null | undefined, lang: Language): string {
  if (!region) return '';
  const zone = zonesOf(country).find((z) => z.code === region);
  return zone ? zoneName(zone, addressLanguage(country, lang)) : region;
}

/**
 * One line for an address: codes turned into names; street, locality, region, country, postal code,
 * or the reverse with Russian names for Russia.
 */
export function formatAddress(address: Address | null | undefined, lang: Language): string {
  if (!address) return '';
  const country = address.country?.toUpperCase() ?? null;
  const nameLang = addressLanguage(country, lang);
  const parts = [
    address.street,
    address.locality,
    regionName(country, address.region, lang),
    country ? countryName(country, nameLang) : '',
    address.postalCode,
  ].map((part) => part?.trim() ?? '');
  if (country === RUSSIA) parts.reverse();
  return parts.filter(Boolean).join(', ');
}

export type AddressField = 'country' | 'region' | 'locality' | 'street' | 'postalCode';

/**
 * The address form's fields for a country (country, region, locality, postal code, street), labelled
 * the country's way; the region offers the country's zones (named as its addresses are written) when
 * it has them, else free text.
 */
export function addressFormFields(
  country: CountryCode | null | undefined,
  lang: Language,
): { name: AddressField; label: string; options?: { value: string; label: string }[] }[] {
  const labels = addressLabels(country, lang);
  const zones = zonesOf(country);
  const zoneLang = addressLanguage(country, lang);
  return [
    { name: 'country', label: labels.country, options: countryList(lang).map((c) => ({ value: c.code, label: c.name })) },
    {
      name: 'region',
      label: labels.zone,
      ...(zones.length > 0 ? { options: zones.map((zone) => ({ value: zone.code, label: zoneName(zone, zoneLang) })) } : {}),
    },
    { name: 'locality', label: labels.city },
    { name: 'postalCode', label: labels.postalCode },
    { name: 'street', label: labels.address1 },
  ];
}

/** The region kept when the country changes: free text between two countries without zones, else none. */
export function regionAfterCountryChange(region: string, from: CountryCode | null | undefined, to: CountryCode | null | undefined): string {
  return zonesOf(from).length === 0 && zonesOf(to).length === 0 ? region : '';
}
