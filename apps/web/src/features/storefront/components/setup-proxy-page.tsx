import { BLOCKED_PORTS } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { TabbedPanels } from '../../../components/ui/tabs';
import { ArticleLayout, ArticleSection, Steps } from './article-layout';

const BROWSERS = ['chrome', 'firefox', 'edge'] as const;

/** The blocked mail ports as the reader's language lists them: `25, 465 and 587`. */
function blockedPortList(separator: string, lastSeparator: string): string {
  const ports = [...BLOCKED_PORTS];
  const last = ports.pop();
  return ports.length === 0 ? String(last ?? '') : `${ports.join(separator)}${lastSeparator}${String(last)}`;
}

/** Setup guide: browser tabs (Chrome first), Android, iOS, SOCKS4 and HTTPS, troubleshooting. */
export function SetupProxyPage() {
  const { t } = useTranslation('setupGuide');
  return (
    <ArticleLayout id="setup" title={t('title')} intro={t('intro')}>
      <ArticleSection title={t('ports.title')}>
        <Steps ordered={false} items={t('ports.items', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('browsersTitle')}>
        <TabbedPanels
          label={t('browsersLabel')}
          defaultValue="chrome"
          tabs={BROWSERS.map((browser) => ({
            value: browser,
            label: t(`${browser}.name`),
            panel: <Steps items={t(`${browser}.steps`, { returnObjects: true })} />,
          }))}
        />
      </ArticleSection>
      <ArticleSection title={t('android.title')}>
        <Steps items={t('android.steps', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('ios.title')}>
        <Steps items={t('ios.steps', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('otherProtocols.title')}>
        <Steps ordered={false} items={t('otherProtocols.items', { returnObjects: true })} />
      </ArticleSection>
      <ArticleSection title={t('troubleshooting.title')}>
        <Steps
          ordered={false}
          items={t('troubleshooting.items', {
            returnObjects: true,
            ports: blockedPortList(t('separator'), t('lastSeparator')),
          })}
        />
      </ArticleSection>
    </ArticleLayout>
  );
}
