import { useTranslation } from 'react-i18next';
import { ArticleLayout, ArticleSection, Steps } from './article-layout';

/** Anti-detect guide: fingerprinting, three tools, leak tests. */
export function EnableAntidetectPage() {
  const { t } = useTranslation('antidetectGuide');
  const tools = t('tools.items', { returnObjects: true });
  return (
    <ArticleLayout id="antidetect" title={t('title')} intro={t('intro')}>
      <ArticleSection title={t('fingerprinting.title')}>
        <p className="mb-3">{t('fingerprinting.text')}</p>
        <Steps ordered={false} items={t('fingerprinting.items', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('tools.title')}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool.name} className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{tool.name}</h3>
              <p className="mt-1 text-sm">{tool.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4">{t('tools.howTo')}</p>
      </ArticleSection>
      <ArticleSection title={t('leaks.title')}>
        <Steps items={t('leaks.items', { returnObjects: true })} />
      </ArticleSection>
    </ArticleLayout>
  );
}
