import type { StorefrontFacts } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { hourPrice, ruleValues } from '../lib/storefront-text';

/**
 * The landing's figures, each from the stock or the configuration: the cheapest hour, the
 * countries, the share of each type ("100%" only when one type is all there is), the protocols
 * served and UDP where the stock has it.
 */
export function factTexts(facts: StorefrontFacts, t: ReturnType<typeof useTranslation<'landing'>>['t']): string[] {
  const separator = t('facts.separator');
  const { stock } = facts;
  const texts: string[] = [];
  if (stock.lowestHourCents === null) {
    texts.push(t('facts.soldOut'));
  } else {
    texts.push(t('facts.price', { price: hourPrice(stock.lowestHourCents) }));
    texts.push(t('facts.countries', { count: stock.countries }));
    const { types } = stock;
    const [only] = types;
    texts.push(
      types.length === 1 && only
        ? t(`facts.onlyType.${only.type}`)
        : types.map(({ type, percent }) => t(`facts.share.${type}`, { percent })).join(separator),
    );
  }
  texts.push(t('facts.protocols', { protocols: ruleValues(facts, separator).protocols }));
  if (stock.udpPercent > 0) texts.push(t('facts.udp', { percent: stock.udpPercent }));
  return texts;
}

export function FactTiles({ facts }: { facts: StorefrontFacts }) {
  const { t } = useTranslation('landing');
  return (
    <ul aria-label={t('facts.label')} className="mt-8 flex flex-wrap justify-center gap-4">
      {factTexts(facts, t).map((fact) => (
        <li
          key={fact}
          className="min-w-[14rem] flex-1 rounded-xl bg-white p-6 text-lg font-semibold text-brand-900 shadow-sm sm:max-w-[18rem]"
        >
          {fact}
        </li>
      ))}
    </ul>
  );
}
