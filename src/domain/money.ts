// Money is an integer number of minor units (cents) everywhere; it becomes text only at the edge (ordering.md section 9:
// "amounts in minor units (divide by 100 to display)", "Discounts display as negative"; section 5: money input).

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    // Always two fraction digits: amounts are hundredths of the currency unit, whatever Intl's default for it.
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** Shows minor units as the location's currency in en-US ("$12.50", "-$2.00"), so every screen writes money alike. */
export function formatMoney(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) return formatterFor(currency).format(minor / 100);
  // Divide as text (no 1234/100 float): the integer part and two digits are exact for every safe integer.
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100);
  const cents = abs - whole * 100;
  return formatterFor(currency).format(`${sign}${whole}.${cents < 10 ? '0' : ''}${cents}` as `${number}`);
}

/** Shows a discount as a negative amount ("-$2.00"), as the bag and order summary do (section 9); 0 shows as "$0.00". */
export function formatDiscount(amount: number, currency: string): string {
  return formatMoney(amount === 0 ? 0 : -Math.abs(amount), currency);
}

const MONEY_INPUT = /^(\d*)(?:\.(\d*))?$/;

/**
 * Reads what a shopper typed into a money field as minor units: times 100, rounded down ("2.999" -> 299, "3" -> 300,
 * ".5" -> 50), exactly (no float error: "0.29" -> 29). A leading "$" and thousands commas are allowed; anything else
 * (empty, negative, letters, exponents) is null (ordering.md section 5).
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '');
  const match = MONEY_INPUT.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = (fraction + '00').slice(0, 2);
  const minor = Number(whole === '' ? '0' : whole) * 100 + Number(cents);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** An amount as the money field shows it for editing: 1250 is "12.50" (what parseMoneyInput reads back). */
export function formatMoneyInput(minor: number): string {
  const whole = Math.floor(Math.abs(minor) / 100);
  const cents = String(Math.abs(minor) % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${whole}.${cents}`;
}

/** The currency's symbol as en-US writes it beside an amount field: "$" for USD, "CA$" for CAD. */
export function currencySymbol(currency: string): string {
  return (
    formatterFor(currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}
