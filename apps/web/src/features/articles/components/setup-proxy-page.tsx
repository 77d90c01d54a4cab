import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ArticleLayout, ArticleSection, Steps } from './article-layout';

const BROWSERS = ['chrome', 'firefox', 'edge'] as const;

/** Setup guide: browser tabs (Chrome first), Android, iOS, troubleshooting. */
export function SetupProxyPage() {
  const { t } = useTranslation('articles');
  return (
    <ArticleLayout id="setup" title={t('setup.title')} intro={t('setup.intro')}>
      <ArticleSection title={t('setup.browsersTitle')}>
        <Tabs defaultValue="chrome">
          <TabsList aria-label={t('setup.browsersLabel')}>
            {BROWSERS.map((browser) => (
              <TabsTrigger key={browser} value={browser}>
                {t(`setup.${browser}.name`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {BROWSERS.map((browser) => (
            <TabsContent key={browser} value={browser}>
              <Steps items={t(`setup.${browser}.steps`, { returnObjects: true })} />
            </TabsContent>
          ))}
        </Tabs>
      </ArticleSection>
      <ArticleSection title={t('setup.android.title')}>
        <Steps items={t('setup.android.steps', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('setup.ios.title')}>
        <Steps items={t('setup.ios.steps', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('setup.troubleshooting.title')}>
        <Steps ordered={false} items={t('setup.troubleshooting.items', { returnObjects: true })} />
      </ArticleSection>
    </ArticleLayout>
  );
}
