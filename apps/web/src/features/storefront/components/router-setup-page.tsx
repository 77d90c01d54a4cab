import { useTranslation } from 'react-i18next';
import { ArticleLayout, ArticleSection, NamedCards, Steps } from './article-layout';

/** Router guide: general steps, four router families, the two-router alternative. */
export function RouterSetupPage() {
  const { t } = useTranslation('routerGuide');
  return (
    <ArticleLayout id="router" title={t('title')} intro={t('intro')}>
      <ArticleSection title={t('general.title')}>
        <Steps items={t('general.steps', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('families.title')}>
        <NamedCards items={t('families.items', { returnObjects: true })} columns={2} />
      </ArticleSection>
      <ArticleSection title={t('dual.title')}>
        <p>{t('dual.text')}</p>
      </ArticleSection>
    </ArticleLayout>
  );
}
