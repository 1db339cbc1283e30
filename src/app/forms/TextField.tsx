// A labelled text field with its hint and error tied to it for screen readers (aria-describedby, aria-invalid).
import { useId, type FocusEvent, type HTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: (event: FocusEvent) => void;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly type?: 'text' | 'email' | 'tel' | 'password';
  readonly autoComplete?: string;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly multiline?: boolean;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly required?: boolean;
  readonly placeholder?: string;
  readonly className?: string;
  /** Shows "n / limit" under the field; the validator, not the field, enforces the limit. */
  readonly limit?: number;
  /** The input itself, for a field that moves focus (a code field after a refused code). */
  readonly inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const {
    label,
    value,
    onChange,
    onBlur,
    error,
    hint,
    type = 'text',
    autoComplete,
    inputMode,
    multiline = false,
    disabled,
    readOnly,
    required,
    placeholder,
    className,
    limit,
    inputRef,
  } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    onBlur,
    disabled,
    readOnly,
    required,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} ref={inputRef} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint || limit !== undefined ? (
        <div className="field-foot">
          {hint ? (
            <span id={hintId} className="field-hint">
              {hint}
            </span>
          ) : (
            <span />
          )}
          {limit !== undefined ? (
            <span className={`field-hint field-counter${value.length > limit ? ' is-over' : ''}`} aria-hidden="true">
              {value.length} / {limit}
            </span>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
