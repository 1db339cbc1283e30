// My Cards' parts that load on demand (the root provides them from src/app/root/parts.ts): 'Add a card', with the
// card and billing forms, fetched when the shopper presses it.
import type { ComponentType } from 'react';
import { partsContext } from '../../shell/partsContext';
import type { AddCardProps } from './AddCard';

export interface WalletParts {
  readonly AddCard: ComponentType<AddCardProps>;
}

const parts = partsContext<WalletParts>('useWalletParts');

export const WalletPartsProvider = parts.Provider;

export const useWalletParts = parts.use;
