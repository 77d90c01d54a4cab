import { useTranslation } from 'react-i18next';
import { useGatewayRules } from '../api/use-gateway-rules';

/**
 * The proxy policy's limits as this shop configured them (RENTAL_MAX_CONNECTIONS,
 * RENTAL_MAX_SOURCE_IPS), in sentences of their own beside the fixed ones: a cap is stated only
 * when the operator set one, the address limit whenever there is one.
 */
export function ConfiguredRules() {
  const { t } = useTranslation('terms');
  const rules = useGatewayRules();
  if (!rules) return null;
  const sentences = [
    rules.max_connections > 0 ? t('configured.connections', { max: rules.max_connections }) : null,
    rules.max_source_ips > 0
      ? t('configured.sources', { max: rules.max_source_ips, hours: rules.source_window_hours })
      : null,
  ].filter((sentence) => sentence !== null);
  if (sentences.length === 0) return null;
  return (
    <p data-testid="configured-rules" className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      {sentences.join(' ')}
    </p>
  );
}
