import { useTranslation } from 'react-i18next';
import { ArticleLayout, ArticleSection, Steps } from './article-layout';

/** Router guide: general steps, four router families, the two-router alternative. */
export function RouterSetupPage() {
  const { t } = useTranslation('routerGuide');
  const families = t('families.items', { returnObjects: true });
  return (
    <ArticleLayout id="router" title={t('title')} intro={t('intro')}>
      <ArticleSection title={t('general.title')}>
        <Steps items={t('general.steps', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('families.title')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {families.map((family) => (
            <li key={family.name} className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{family.name}</h3>
              <p className="mt-1 text-sm">{family.text}</p>
            </li>
          ))}
        </ul>
      </ArticleSection>
      <ArticleSection title={t('dual.title')}>
        <p>{t('dual.text')}</p>
      </ArticleSection>
    </ArticleLayout>
  );
}
