// The storefront's one form hook: the loop of formState.ts, wired to React, the domain's rules and a command.
//
//   const form = useForm({ initial: GUEST_INITIAL_VALUES, validate: validateGuest, submit: (v) => commands.saveGuest(v) });
//   <form {...form.formProps()} aria-label="Personal Info">
//     <TextField label="First Name" {...form.field('firstName')} autoComplete="given-name" required />
//     <button type="submit" disabled={form.saving}>Continue</button>
//   </form>
//
// `submit` answers an Either (a command's Outcome): a Left is the failure message shown, and what was typed stays.
// A refused submit (a rule fails) moves focus to the first invalid field; errors appear as the shopper leaves fields.
// It is recorded for support (FormRefused: the form's label and the failing fields' names, never what was typed).
// A form whose save needs the API (`waitsForNetwork`) sends nothing while the browser is offline: it says so, and
// submits by itself, once, when the browser is back online (README, "Installable and offline").
import * as E from 'fp-ts/lib/Either.js';
import { useCallback, useEffect, useReducer, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import type { FormErrors } from '../../domain/forms/rules';
import { useOnline } from '../hooks/useOnline';
import { useOptionalRuntime } from '../runtime/RuntimeContext';
import { formReducer, hasErrors, initialForm, shownErrors, type FormState } from './formState';

export interface UseFormOptions<V> {
  readonly initial: V;
  readonly validate: (values: V) => FormErrors<keyof V & string>;
  readonly submit: (values: V) => Promise<E.Either<string, unknown>>;
  /** Rewrites a typed value before it is kept (a phone mask). */
  readonly normalize?: (field: keyof V & string, value: string) => string;
  /** Runs after a successful save (a block switching to its display). */
  readonly onSaved?: (values: V) => void;
  /**
   * The words said while a submit waits for the network ('You’re offline: ...'). With them, a submit pressed offline
   * (or one whose call failed as the network went) sends nothing more and goes on by itself, once, when the browser is
   * back online, with the values as they are then. Without them, a submit is sent whatever the network.
   */
  readonly waitsForNetwork?: string;
}

export interface FormField {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: (event: FocusEvent) => void;
  readonly error: string | undefined;
}

export function useForm<V extends object>(options: UseFormOptions<V>) {
  const [state, dispatch] = useReducer(formReducer<V>, options.initial, initialForm);
  const latest = useRef(options);
  latest.current = options;
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusInvalid = useRef(false);
  const errors = options.validate(state.values);
  const shown = shownErrors(state, errors);
  const [waiting, setWaiting] = useState(false);
  const online = useOnline();
  const values = useRef(state.values);
  values.current = state.values;
  const runtime = useOptionalRuntime();
  /** A submit the rules refused, in the log: the form by its label, the fields by name. */
  const recordRefusal = (fields: readonly string[]) => {
    const form = formRef.current?.getAttribute('aria-label');
    if (!runtime || !form) return;
    void runtime.commands.recordClientEvent('FormRefused', { form, fields: [...fields] });
  };

  // After a refused submit has rendered its errors, the first invalid field takes focus.
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  const set = useCallback((field: keyof V & string, value: string | boolean) => {
    const kept = typeof value === 'string' && latest.current.normalize ? latest.current.normalize(field, value) : value;
    dispatch({ type: 'change', field, value: kept as V[keyof V] });
  }, []);

  const reset = useCallback((values: V) => dispatch({ type: 'reset', values }), []);
  const update = useCallback((change: (values: V) => V) => dispatch({ type: 'update', update: change }), []);

  const field = (name: keyof V & string): FormField => ({
    value: String(state.values[name] ?? ''),
    onChange: (value: string) => set(name, value),
    onBlur: (event: FocusEvent) => {
      // Leaving a field for the form's own button: the submit judges every field at once. Showing this field's error
      // first would move the button from under the pointer between press and release, and the click would be lost.
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === formRef.current) return;
      dispatch({ type: 'blur', field: name });
    },
    error: shown[name],
  });

  const offline = () => latest.current.waitsForNetwork !== undefined && !navigator.onLine;
  // One save at a time: a press (or Enter, a code's sixth digit, Place Order saving the form) while one is on its way
  // sends nothing more, and hears how that one ends.
  const inFlight = useRef<Promise<boolean> | null>(null);
  const submitWith = (values: V): Promise<boolean> => {
    if (inFlight.current) return inFlight.current;
    const saving = save(values).finally(() => {
      inFlight.current = null;
    });
    inFlight.current = saving;
    return saving;
  };
  const save = async (values: V): Promise<boolean> => {
    dispatch({ type: 'submit' });
    setWaiting(false);
    const refused = latest.current.validate(values);
    if (hasErrors(refused)) {
      focusInvalid.current = true;
      recordRefusal(Object.keys(refused).filter((field) => refused[field as keyof typeof refused] !== undefined));
      return false;
    }
    if (offline()) {
      setWaiting(true);
      return false;
    }
    dispatch({ type: 'saving' });
    const result = await latest.current.submit(values);
    if (E.isLeft(result)) {
      if (offline()) {
        dispatch({ type: 'waiting' });
        setWaiting(true);
      } else dispatch({ type: 'failed', message: result.left });
      return false;
    }
    dispatch({ type: 'saved' });
    latest.current.onSaved?.(values);
    return true;
  };
  const submitLater = useRef(submitWith);
  submitLater.current = submitWith;

  // The network is back: the submit that waited goes, once, with the values as they are now (it ends the wait).
  useEffect(() => {
    if (waiting && online) void submitLater.current(values.current);
  }, [waiting, online]);

  return {
    values: state.values,
    state: state as FormState<V>,
    /** Every field's first failing rule, shown or not (why a button waits). */
    errors,
    /** What the shopper sees now. */
    shown,
    saving: state.saving,
    failure: state.failure,
    /** The words to say while a submit waits for the network, or null. */
    waiting: waiting ? (options.waitsForNetwork ?? null) : null,
    formRef,
    field,
    set,
    reset,
    update,
    submit: () => submitWith(state.values),
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submitWith(state.values);
    },
    /** The form element's props; `also` receives the element too (a focus hand-off target). */
    formProps: (also?: (element: HTMLFormElement | null) => void) => ({
      ref: (element: HTMLFormElement | null) => {
        formRef.current = element;
        also?.(element);
      },
      onSubmit: (event: FormEvent) => {
        event.preventDefault();
        void submitWith(state.values);
      },
      noValidate: true,
    }),
  };
}
