// A six-digit code's field (account-and-session.md sections 2, 4 and 5, and the rewards' verify step): SMS and mail
// autofill can fill it (autocomplete one-time-code, the numeric keypad), and the sixth digit, typed or pasted, submits
// the form by itself, once (useForm sends one save at a time, so the button pressed as well sends nothing more). A code
// the API refuses leaves focus in the field with the code selected: typing again replaces it.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { FormField } from './useForm';
import { TextField } from './TextField';

/** How many digits the codes we send have. */
export const CODE_DIGITS = 6;
const WHOLE_CODE = new RegExp(`^\\d{${CODE_DIGITS}}$`);

/** The part of a form (useForm) a code field drives. */
export interface CodeForm {
  field(name: 'code'): FormField;
  submit(): Promise<boolean>;
  readonly failure: string | null;
  readonly saving: boolean;
  readonly formRef: RefObject<HTMLFormElement | null>;
}

export function CodeField({
  form,
  hint,
  submits = true,
}: {
  readonly form: CodeForm;
  readonly hint?: ReactNode;
  /**
   * Whether the whole code submits the form now. Where other fields are still empty (the reset page's new password),
   * the sixth digit moves on to the first of them instead.
   */
  readonly submits?: boolean;
}) {
  const field = form.field('code');
  const input = useRef<HTMLInputElement | null>(null);
  const before = useRef(field.value);
  useEffect(() => {
    const was = before.current;
    before.current = field.value;
    // A change that makes a whole code (a sixth digit, a code pasted over another), not one the form opened with.
    if (field.value === was || !WHOLE_CODE.test(field.value)) return;
    if (submits) void form.submit();
    else nextEmpty(input.current)?.focus();
  });
  // A refused code: back in the field, selected, whether the sixth digit or the button sent it.
  useEffect(() => {
    if (form.saving || form.failure === null || !input.current) return;
    const active = document.activeElement;
    if (active !== input.current && !(active instanceof HTMLButtonElement && active.form === form.formRef.current) && active !== document.body) return;
    input.current.focus();
    input.current.select();
  }, [form.saving, form.failure, form.formRef]);
  return (
    <TextField label="Code" {...field} inputRef={input} inputMode="numeric" autoComplete="one-time-code" required {...(hint === undefined ? {} : { hint })} />
  );
}

/** The first empty field after `from` in its form. */
function nextEmpty(from: HTMLInputElement | null): HTMLInputElement | undefined {
  if (!from?.form) return undefined;
  const fields = [...from.form.querySelectorAll('input')];
  return fields.slice(fields.indexOf(from) + 1).find((field) => !field.disabled && field.value === '');
}
