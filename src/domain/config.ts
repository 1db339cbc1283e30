// Runtime configuration, fetched as config.json from the host's content folder (account-and-session.md section 3).
import * as t from 'io-ts';
import { opt } from './codec';

/** How the menu is laid out: category pages, or every category on the home page (MenuLayout below). */
export const MenuLayoutCodec = t.keyof({ pages: null, scroll: null });
export type MenuLayout = t.TypeOf<typeof MenuLayoutCodec>;

/** What kind of business the storefront sells for (BusinessKind below): the words its pages use follow it. */
export const BusinessKindCodec = t.keyof({ restaurant: null, retail: null });
export type BusinessKind = t.TypeOf<typeof BusinessKindCodec>;

export const ConfigCodec = t.intersection([
  t.type({ ClientId: t.string }),
  t.partial({
    /** Where the storefront API lives; the sandbox serves it at /api on the same host. */
    ApiBasePath: opt(t.string),
    /** The live inventory hub's base path or URL; the hub is `{MessagingUrlBasePath}/inventory`. */
    MessagingUrlBasePath: opt(t.string),
    IncludeLocations: opt(t.array(t.string)),
    ExcludeLocations: opt(t.array(t.string)),
    AndroidAppUrl: opt(t.string),
    AppleAppUrl: opt(t.string),
    /**
     * The push-notification service's endpoint: the customer_since trigger is POSTed there. Without one, the trigger
     * is recorded in the session log.
     */
    PushServiceUrl: opt(t.string),
    /** Error-reporting DSN; without one, errors go to the console. */
    ErrorReportingDsn: opt(t.string),
    /** Map tile URL template ({z}/{x}/{y}); without one the map shows markers on a blank background. */
    MapTileUrl: opt(t.string),
    /** The card provider's script; without one the sandbox tokenizer is used. */
    PaymentScriptUrl: opt(t.string),
    /** Place every order through the queue and poll its status, whatever the location says. */
    QueueOrders: opt(t.boolean),
    /**
     * The card provider's card-capture page, shown inside 'Card Info' in place of the card fields; {clientId},
     * {locationId}, {language} and {country} are filled in, and a path is on the storefront's own host.
     */
    CardCaptureUrl: opt(t.string),
    /** Terms and privacy pages; {clientId}, {locationId}, {language} and {country} are filled in. */
    TermsUrl: opt(t.string),
    PrivacyUrl: opt(t.string),
    /**
     * How the menu is laid out (ordering.md section 2 "Home"): 'pages' (the default) links each category to its own
     * page; 'scroll' lists every category's items on the home page, the carousel linking to their sections. The spec
     * names scroll mode without saying when it applies, so it is the business's choice.
     */
    MenuLayout: opt(MenuLayoutCodec),
    /**
     * The kind of business: 'restaurant' (the default) has a menu to browse; 'retail' is a shop, and its pages say
     * 'Shop' where a restaurant's say 'Browse the menu' (businessWords.ts). The spec is silent; its messages name none.
     */
    BusinessKind: opt(BusinessKindCodec),
    /** Sandbox only: which fixture catalog (fixtures/{name}.json) the sandbox serves. */
    SandboxCatalog: opt(t.string),
  }),
]);
export type Config = t.TypeOf<typeof ConfigCodec>;
