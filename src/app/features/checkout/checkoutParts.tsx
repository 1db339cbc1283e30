// Checkout's part that loads on demand (the root provides it from src/app/root/parts.ts): the form, with the order's
// code, once the bag has something in it. A bag that is empty, or a visit with no location chosen, shows its words
// without fetching the order's code: a first visit to /checkout has nothing in its bag.
import type { ComponentType } from 'react';
import { partsContext } from '../../shell/partsContext';
import type { CheckoutFormProps } from './CheckoutForm';

export interface CheckoutParts {
  readonly CheckoutForm: ComponentType<CheckoutFormProps>;
}

const parts = partsContext<CheckoutParts>('useCheckoutParts');

export const CheckoutPartsProvider = parts.Provider;

export const useCheckoutParts = parts.use;
