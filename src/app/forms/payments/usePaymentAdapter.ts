// The page's card provider: chosen once per runtime and location from the configuration.
import { useMemo } from 'react';
import { useView } from '../../hooks/useView';
import { useRuntime } from '../../runtime/RuntimeContext';
import { choosePaymentAdapter, type PaymentAdapter } from './paymentAdapter';

export function usePaymentAdapter(): PaymentAdapter {
  const runtime = useRuntime();
  const location = useView(runtime.views.location);
  const payment = location?.location.Payment;
  return useMemo(
    () => choosePaymentAdapter(runtime.config, runtime.tokenizer, () => ({ applicationId: payment?.ApplicationId, locationId: payment?.LocationId })),
    [runtime.config, runtime.tokenizer, payment],
  );
}
