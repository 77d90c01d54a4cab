import type { StorefrontFacts } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion';
import { useStorefrontFacts } from '../../../lib/storefront-facts';
import { hourPrice, priceValues, ruleValues } from '../lib/storefront-text';

/*
 * The landing's parts that state the shop's figures, in a chunk of their own that the landing
 * loads lazily: the page's first script stays within its budget, and on a server-rendered page
 * React keeps their HTML as it is until this code has arrived.
 */

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

export function FactTiles() {
  const { t } = useTranslation('landing');
  const facts = useStorefrontFacts();
  if (!facts) return null;
  return (
    <ul aria-label={t('facts.label')} className="mt-8 flex flex-wrap justify-center gap-4">
      {factTexts(facts, t).map((fact) => (
        <li
          key={fact}
          className="w-full rounded-xl bg-white p-6 text-lg font-semibold text-brand-900 shadow-sm sm:w-[calc(50%-0.5rem)]"
        >
          {fact}
        </li>
      ))}
    </ul>
  );
}

/** The questions every visitor asks, the answers with the rules as configured and UDP where stock has it. */
export function LandingFaq() {
  const { t } = useTranslation('landing');
  const facts = useStorefrontFacts();
  const faq = t('faq.items', { returnObjects: true, ...ruleValues(facts, t('facts.separator')), ...priceValues() });
  const udpPercent = facts?.stock.udpPercent ?? 0;
  // The protocols question (the sixth) says UDP only where the stock has it.
  const PROTOCOLS_QUESTION = 5;
  return (
    <Accordion className="mt-8 rounded-xl bg-white px-6 shadow-sm">
      {faq.map((item, index) => (
        <AccordionItem key={item.q} value={`q${index + 1}`}>
          <AccordionTrigger>{item.q}</AccordionTrigger>
          <AccordionContent>
            {index === PROTOCOLS_QUESTION && udpPercent > 0
              ? `${item.a} ${t('faq.udp', { percent: udpPercent })}`
              : item.a}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
