// Modal dialogs and the item side panel, on the native <dialog> element: showModal() moves focus in, makes the rest
// of the page inert (so focus is trapped) and closes on Escape; on close, focus returns to what had it before.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { raiseToasts } from '../shell/toastStack';
import './dialog.css';

export interface DialogProps {
  readonly open: boolean;
  readonly title: ReactNode;
  /** Called when the shopper dismisses it (Escape, the close button, the backdrop). */
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** 'modal' centred; 'panel' slides from the right (full screen on phones). */
  readonly variant?: 'modal' | 'panel';
  /** Hide the close button when the dialog must be answered (the location chooser on first visit). */
  readonly dismissible?: boolean;
  readonly footer?: ReactNode;
  readonly className?: string;
  /** Element to focus first (defaults to the first focusable element, as the browser chooses). */
  readonly initialFocus?: React.RefObject<HTMLElement | null>;
}

export function Dialog({ open, title, onClose, children, variant = 'modal', dismissible = true, footer, className, initialFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();
  // What the page wants, read by the close listener: the browser may close a modal on its own (a repeated Escape
  // closes it even when 'cancel' is prevented), and the page must then either follow or reopen it.
  const wanted = useRef(open);
  wanted.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
      raiseToasts();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = () => {
      if (wanted.current) {
        // Closed by the browser while the page still shows it.
        if (dismissible) onClose();
        else {
          dialog.showModal();
          raiseToasts();
          return;
        }
      }
      const target = returnTo.current;
      returnTo.current = null;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
    const cancel = (event: Event) => {
      event.preventDefault();
      if (dismissible) onClose();
    };
    dialog.addEventListener('close', restore);
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('close', restore);
      dialog.removeEventListener('cancel', cancel);
    };
  }, [onClose, dismissible]);

  // Unmounting while open (navigation) still hands focus back.
  useEffect(
    () => () => {
      const target = returnTo.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    },
    [],
  );

  return (
    // The backdrop click is a pointer shortcut for Escape, which the native dialog already handles from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`dialog dialog-${variant}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      // The backdrop click is a pointer shortcut for Escape, which the native dialog already handles from the keyboard.

      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog-frame">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {dismissible ? (
              <button type="button" className="icon-btn dialog-close" aria-label="Close" onClick={onClose}>
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </header>
          <div className="dialog-body">{children}</div>
          {footer ? <footer className="dialog-footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
