import { useTranslation } from 'react-i18next';
import { ArticleLayout, ArticleSection, NamedCards, Steps } from './article-layout';

/** Anti-detect guide: fingerprinting, three tools, leak tests. */
export function EnableAntidetectPage() {
  const { t } = useTranslation('antidetectGuide');
  return (
    <ArticleLayout id="antidetect" title={t('title')} intro={t('intro')}>
      <ArticleSection title={t('fingerprinting.title')}>
        <p className="mb-3">{t('fingerprinting.text')}</p>
        <Steps ordered={false} items={t('fingerprinting.items', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('tools.title')}>
        <NamedCards items={t('tools.items', { returnObjects: true })} columns={3} />
        <p className="mt-4">{t('tools.howTo')}</p>
      </ArticleSection>
      <ArticleSection title={t('leaks.title')}>
        <Steps items={t('leaks.items', { returnObjects: true })} />
      </ArticleSection>
    </ArticleLayout>
  );
}
