import type { StorefrontFacts } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useStorefrontFacts } from '../../../lib/storefront-facts';
import { fraudBandValues, priceValues, ruleValues } from '../lib/storefront-text';

type TermsT = ReturnType<typeof useTranslation<'terms'>>['t'];

/**
 * The proxy-policy sentences that depend on the configuration and the stock, after the
 * section's fixed ones; none while the figures are not known. One sentence per rule, in this
 * order: connections, then UDP where the stock has it. A rule added to the configuration (such
 * as a limit on the addresses that may use one rental) gets its sentence here.
 */
export function configuredRules(facts: StorefrontFacts | null, t: TermsT): string[] {
  if (!facts) return [];
  const { maxConnections, maxSourceIps, sourceWindowHours } = facts.rules;
  const rules = [
    maxConnections > 0 ? t('rules.connectionsCapped', { count: maxConnections }) : t('rules.connectionsUnlimited'),
  ];
  if (maxSourceIps > 0) rules.push(t('rules.sources', { max: maxSourceIps, hours: sourceWindowHours }));
  if (facts.stock.udpPercent > 0) rules.push(t('rules.udp', { percent: facts.stock.udpPercent }));
  return rules;
}

/** Terms: eight numbered sections with a side navigation, stating the rules as configured. */
export function TermsPage() {
  const { t } = useTranslation('terms');
  const facts = useStorefrontFacts();
  const sections = t('sections', {
    returnObjects: true,
    ...ruleValues(facts, t('rules.separator')),
    ...fraudBandValues(),
    ...priceValues(),
  }).map((section) =>
    section.id === 'proxyPolicy' ? { ...section, items: [...section.items, ...configuredRules(facts, t)] } : section,
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('intro')}</p>
      <div className="mt-8 grid gap-8 md:grid-cols-[16rem_1fr]">
        <nav aria-label={t('navLabel')} className="md:sticky md:top-20 md:self-start">
          <ol className="flex flex-col gap-1 rounded-xl bg-white p-3 shadow-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#terms-${index + 1}`}
                  className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex flex-col gap-6">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={`terms-${index + 1}`}
              aria-labelledby={`terms-${index + 1}-title`}
              className="scroll-mt-20 rounded-2xl bg-white p-6 shadow-sm"
            >
              <h2 id={`terms-${index + 1}-title`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
