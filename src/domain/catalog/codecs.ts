// The catalog as the API sends it (POST /api/Catalog), PascalCase as in the spec (ordering.md section 3).
// Pinned choices: money is integer minor units; each Location carries its own Taxes, ModifierLists and Categories;
// Hours are local wall-clock times in the location's IANA Timezone; PrepTime is an ISO-8601 duration.
import * as t from 'io-ts';
import { DecimalPercentage, Integer, MinorUnits, NonNegative, TimeZoneName, matching, oneOf, opt } from '../codec';

export const DAYS_OF_WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

const DayOfWeekCodec = t.keyof({ MON: null, TUE: null, WED: null, THU: null, FRI: null, SAT: null, SUN: null }, 'MON..SUN');
const ClockTime = matching('HH:mm:ss', /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
/** ISO-8601 duration limited to days, hours, minutes and seconds (what PrepTime uses): "PT20M", "PT1H30M". */
const IsoDuration = matching('ISO-8601 duration', /^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/);
const HexColor = matching('#rrggbb color', /^#?[0-9a-fA-F]{6}$/);

export const SelectionTypeCodec = oneOf<'Single' | 'Multiple'>('"Single" | "Multiple" | 0 | 1', [
  ['Single', 'Single'],
  ['Multiple', 'Multiple'],
  [0, 'Single'],
  [1, 'Multiple'],
]);
export type SelectionType = t.TypeOf<typeof SelectionTypeCodec>;

const TaxCodec = t.intersection([
  t.type({
    Id: t.string,
    Name: t.string,
    Percentage: DecimalPercentage,
    CalculationPhase: t.keyof({ Subtotal: null, Total: null }, '"Subtotal" | "Total"'),
    InclusionType: t.keyof({ Additive: null, Inclusive: null }, '"Additive" | "Inclusive"'),
  }),
  t.partial({ Ordinal: opt(Integer) }),
]);
export type Tax = t.TypeOf<typeof TaxCodec>;

const ModifierCodec = t.intersection([
  t.type({ Id: t.string, Name: t.string, Price: MinorUnits }),
  t.partial({ Ordinal: opt(Integer), QuantityAvailable: opt(Integer), OnByDefault: opt(t.boolean) }),
]);
export type Modifier = t.TypeOf<typeof ModifierCodec>;

const ModifierListCodec = t.intersection([
  t.type({ Id: t.string, Name: t.string, SelectionType: SelectionTypeCodec, Modifiers: t.array(ModifierCodec) }),
  t.partial({ Ordinal: opt(Integer) }),
]);
export type ModifierList = t.TypeOf<typeof ModifierListCodec>;

/** An item's reference to a location modifier list, with its own limits and default-choice overrides. */
const ItemModifierListCodec = t.intersection([
  t.type({ Id: t.string }),
  t.partial({
    MinSelectedModifiers: opt(Integer),
    MaxSelectedModifiers: opt(Integer),
    Modifiers: opt(t.array(t.intersection([t.type({ Id: t.string }), t.partial({ OnByDefault: opt(t.boolean) })]))),
  }),
]);
export type ItemModifierList = t.TypeOf<typeof ItemModifierListCodec>;

const VariationCodec = t.intersection([
  t.type({ Id: t.string, Name: t.string, Price: MinorUnits }),
  t.partial({ Ordinal: opt(Integer), TrackInventory: opt(t.boolean) }),
]);
export type Variation = t.TypeOf<typeof VariationCodec>;

export const ItemCodec = t.intersection([
  t.type({ Id: t.string, Name: t.string, Variations: t.array(VariationCodec) }),
  t.partial({
    Description: opt(t.string),
    ImageUrl: opt(t.string),
    SkipModifierScreen: opt(t.boolean),
    Ordinal: opt(Integer),
    Taxes: opt(t.array(t.string)),
    ModifierLists: opt(t.array(ItemModifierListCodec)),
  }),
]);
export type Item = t.TypeOf<typeof ItemCodec>;

const CategoryCodec = t.intersection([
  t.type({ Id: t.string, Name: t.string, Items: t.array(ItemCodec) }),
  t.partial({ Description: opt(t.string), Ordinal: opt(Integer), ImageUrl: opt(t.string) }),
]);
export type Category = t.TypeOf<typeof CategoryCodec>;

const HoursCodec = t.type({ DayOfWeek: DayOfWeekCodec, Opens: ClockTime, Closes: ClockTime });
export type Hours = t.TypeOf<typeof HoursCodec>;

const AddressCodec = t.intersection([
  t.type({ AddressLine1: t.string, Locality: t.string, PostalCode: t.string }),
  t.partial({
    AddressLine2: opt(t.string),
    AddressLine3: opt(t.string),
    Sublocality1: opt(t.string),
    Sublocality2: opt(t.string),
    Sublocality3: opt(t.string),
    AdministrativeDistrictLevel1: opt(t.string),
    AdministrativeDistrictLevel2: opt(t.string),
    AdministrativeDistrictLevel3: opt(t.string),
    Country: opt(t.string),
    Latitude: opt(t.number),
    Longitude: opt(t.number),
    FormattedAddress: opt(t.string),
  }),
]);
export type Address = t.TypeOf<typeof AddressCodec>;

const ContactCodec = t.type({ Type: t.string, Value: t.string });
export type Contact = t.TypeOf<typeof ContactCodec>;

const FulfillmentCodec = t.intersection([t.type({ Enabled: t.boolean }), t.partial({ CheckoutMessage: opt(t.string), ConfirmationMessage: opt(t.string) })]);
const CurbsideFulfillmentCodec = t.intersection([FulfillmentCodec, t.partial({ PhoneNumber: opt(t.string) })]);
// A negative radius would deliver nowhere while the location says it delivers.
const DeliveryFulfillmentCodec = t.intersection([FulfillmentCodec, t.partial({ Radius: opt(NonNegative) })]);

const FulfillmentsCodec = t.partial({
  DineIn: opt(FulfillmentCodec),
  Pickup: opt(FulfillmentCodec),
  Curbside: opt(CurbsideFulfillmentCodec),
  Delivery: opt(DeliveryFulfillmentCodec),
});
export type Fulfillments = t.TypeOf<typeof FulfillmentsCodec>;
export type FulfillmentSettingsOfLocation = t.TypeOf<typeof FulfillmentCodec>;

// A negative maximum or tip choice would make every tip too large, or a tip that takes money off.
const TippingCodec = t.partial({
  MaximumPercentage: opt(NonNegative),
  CustomPercentages: opt(t.array(NonNegative)),
  AllowCustomAmounts: opt(t.boolean),
});
export type Tipping = t.TypeOf<typeof TippingCodec>;

export const LocationCodec = t.intersection([
  t.type({
    Id: t.string,
    Name: t.string,
    Timezone: TimeZoneName,
    Address: AddressCodec,
    Hours: t.array(HoursCodec),
    PrepTime: IsoDuration,
  }),
  t.partial({
    Currency: opt(matching('ISO 4217 currency code', /^[A-Z]{3}$/)),
    Country: opt(t.string),
    LanguageCode: opt(t.string),
    Contacts: opt(t.array(ContactCodec)),
    Fulfillments: opt(FulfillmentsCodec),
    Payment: opt(t.partial({ ApplicationId: opt(t.string), LocationId: opt(t.string) })),
    ShowAsSoonAsPossibleOrders: opt(t.boolean),
    ShowScheduledOrders: opt(t.boolean),
    ShowTipping: opt(t.boolean),
    Tipping: opt(TippingCodec),
    IsSecured: opt(t.boolean),
    /** Countertop extension: place orders through the queue and poll their status (ordering.md section 4). */
    QueueOrders: opt(t.boolean),
    Taxes: opt(t.array(TaxCodec)),
    ModifierLists: opt(t.array(ModifierListCodec)),
    Categories: opt(t.array(CategoryCodec)),
  }),
]);
export type Location = t.TypeOf<typeof LocationCodec>;

export const CatalogCodec = t.intersection([
  t.type({ Name: t.string, Locations: t.array(LocationCodec) }),
  t.partial({
    AboutContent: opt(t.string),
    HomeHeadline: opt(t.string),
    HomeSubHeadline: opt(t.string),
    ConfirmationNote: opt(t.string),
    WebHomeHeadline: opt(t.string),
    HasTextNotifications: opt(t.boolean),
    SortByOrdinal: opt(t.boolean),
    UsernameMode: opt(t.keyof({ Email: null, Phone: null }, '"Email" | "Phone"')),
    PasswordMode: opt(t.keyof({ UserDefined: null, OneTime: null }, '"UserDefined" | "OneTime"')),
    PrimaryColorCode: opt(HexColor),
    /** Countertop extension: the header logo; defaults to img/logo.svg in the content folder. */
    LogoUrl: opt(t.string),
    /** Categories shared by every location that carries none of its own. */
    Categories: opt(t.array(CategoryCodec)),
  }),
]);
export type Catalog = t.TypeOf<typeof CatalogCodec>;
