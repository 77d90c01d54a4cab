import { useTranslation } from 'react-i18next';
import { ArticleLayout, ArticleSection, Steps } from './article-layout';

/** Anti-detect guide: fingerprinting, three tools, leak tests. */
export function EnableAntidetectPage() {
  const { t } = useTranslation('articles');
  const tools = t('antidetect.tools.items', { returnObjects: true });
  return (
    <ArticleLayout id="antidetect" title={t('antidetect.title')} intro={t('antidetect.intro')}>
      <ArticleSection title={t('antidetect.fingerprinting.title')}>
        <p className="mb-3">{t('antidetect.fingerprinting.text')}</p>
        <Steps ordered={false} items={t('antidetect.fingerprinting.items', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('antidetect.tools.title')}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool.name} className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{tool.name}</h3>
              <p className="mt-1 text-sm">{tool.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4">{t('antidetect.tools.howTo')}</p>
      </ArticleSection>
      <ArticleSection title={t('antidetect.leaks.title')}>
        <Steps items={t('antidetect.leaks.items', { returnObjects: true })} />
      </ArticleSection>
    </ArticleLayout>
  );
}
