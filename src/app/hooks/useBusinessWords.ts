// The words the pages use for what the business sells, from config.json's BusinessKind (src/domain/businessWords.ts).
import { businessWords, type BusinessWords } from '../../domain/businessWords';
import { useRuntime } from '../runtime/RuntimeContext';

export function useBusinessWords(): BusinessWords {
  return businessWords(useRuntime().config.BusinessKind);
}
