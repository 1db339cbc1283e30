// The save confirmation (account-and-session.md section 4: "Saving can show a confirmation modal", the card and gift
// card states' saveModalVisible) under the spec's heading for a confirmation, 'Yay!' (ordering.md section 2). What
// was saved follows the heading in the dialog's name, so a screen reader hears 'Yay! Card saved', not 'Yay!' alone.
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export const SAVED_HEADING = 'Yay!';

export interface SaveConfirmationProps {
  readonly open: boolean;
  /** What was saved, as the dialog's name says it after the heading: 'Card saved', 'Gift card saved'. */
  readonly saved: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

export function SaveConfirmation({ open, saved, onClose, children }: SaveConfirmationProps) {
  return (
    <Dialog
      open={open}
      title={
        <>
          {SAVED_HEADING}
          <span className="visually-hidden"> {saved}</span>
        </>
      }
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
          Done
        </button>
      }
    >
      {children}
    </Dialog>
  );
}
