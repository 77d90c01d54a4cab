import { useTranslation } from 'react-i18next';
import { ConfiguredRules } from './configured-rules';

/** The section whose rules the configured limits belong to (the same place in every language). */
const PROXY_POLICY_SECTION = 2;

/** Terms: eight numbered sections with a side navigation. */
export function TermsPage() {
  const { t } = useTranslation('terms');
  const sections = t('sections', { returnObjects: true });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-3 text-slate-700">{t('intro')}</p>
      <div className="mt-8 grid gap-8 md:grid-cols-[16rem_1fr]">
        <nav aria-label={t('navLabel')} className="md:sticky md:top-20 md:self-start">
          <ol className="flex flex-col gap-1 rounded-xl bg-white p-3 shadow-sm">
            {sections.map((section, index) => (
              <li key={section.title}>
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
              key={section.title}
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
              {index === PROXY_POLICY_SECTION && <ConfiguredRules />}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
