// A small rule combinator for the storefront's forms: rules run in order and each field stops at its first failing
// rule (account-and-session.md section 5), so a field never shows two messages at once.

/** One check of one field: the field's text and the whole form in, a message out when the check fails. */
export type Rule<V = unknown> = (text: string, values: V) => string | undefined;

/** The rules of a form, field by field, each list in the order it runs. */
export type FormRules<V> = { readonly [K in keyof V]?: readonly Rule<V>[] };

/** The first failing rule's message per field; a field that passed is absent, so a valid form gives `{}`. */
export type FormErrors<F extends string = string> = Readonly<Partial<Record<F, string>>>;

/** A form value as text; booleans and absent values read as empty, since only text fields carry rules. */
export function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Whether the shopper typed something other than spaces. */
export function isFilled(value: unknown): boolean {
  return fieldText(value).trim() !== '';
}

/** Runs every field's rules in order and keeps the first message of each field. */
export function validateForm<V extends object>(rules: FormRules<V>, values: V): FormErrors<keyof V & string> {
  const errors: Partial<Record<keyof V & string, string>> = {};
  for (const field of Object.keys(rules) as (keyof V & string)[]) {
    const message = firstFailure(rules[field] ?? [], fieldText(values[field]), values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/** The message of the first rule that fails, if any. */
export function firstFailure<V>(rules: readonly Rule<V>[], text: string, values: V): string | undefined {
  for (const rule of rules) {
    const message = rule(text, values);
    if (message !== undefined) return message;
  }
  return undefined;
}

/** A form may be submitted when no field has a message. */
export function isValid(errors: FormErrors): boolean {
  return Object.values(errors).every((message) => message === undefined);
}

/** Fails on empty text or text of spaces only. */
export function required(message: string): Rule {
  return (text) => (text.trim() === '' ? message : undefined);
}

/**
 * The HTML standard's valid e-mail address, with at least one dot in the domain (a storefront mails real domains).
 * Surrounding spaces are ignored; the page submits the trimmed text.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Fails on text that is not an email address; empty text passes, so `required` decides about it. */
export function validEmail(message: string): Rule {
  return (text) => (text.trim() === '' || EMAIL_PATTERN.test(text.trim()) ? undefined : message);
}

/** Fails when the text is longer than the limit, counted as the browser's maxlength and the API count (UTF-16 units). */
export function maxLength(limit: number, message: string): Rule {
  return (text) => (text.length > limit ? message : undefined);
}

/** Fails unless the text equals another field's text exactly (a password confirmation). */
export function matchesField<V>(field: keyof V, message: string): Rule<V> {
  return (text, values) => (text === fieldText(values[field]) ? undefined : message);
}

/** Runs the rules, in order, only when the form is in the given state (profile passwords, login modes). */
export function when<V>(applies: (values: V) => boolean, rules: readonly Rule<V>[]): Rule<V> {
  return (text, values) => (applies(values) ? firstFailure(rules, text, values) : undefined);
}
