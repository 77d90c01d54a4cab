import type { Config } from '../../config';
import { createBtcpayProvider } from './btcpay';
import { createCryptomusProvider } from './cryptomus';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

/** The provider `PAYMENT_PROVIDER` names; configuration checked its credentials at start. */
export function createPaymentProvider(config: Config): PaymentProvider {
  const { cryptomus, btcpay, creditOverpayments } = config.payments;
  switch (config.paymentProvider) {
    case 'cryptomus':
      if (!cryptomus) throw new Error('Cryptomus credentials are missing');
      return createCryptomusProvider({ ...cryptomus, creditOverpayments });
    case 'btcpay':
      if (!btcpay) throw new Error('BTCPay Server credentials are missing');
      return createBtcpayProvider({ ...btcpay, creditOverpayments });
    case 'sandbox':
      return createSandboxProvider(config.publicUrl);
  }
}
