import { useTranslation } from 'react-i18next';
import { Toaster } from '../../components/ui/toaster';

/** The public pages' shell's toaster, above the full app so that a toast outlives the hand-over. */
export default function ShellToaster() {
  const { t } = useTranslation();
  return <Toaster label={t('toast.region')} />;
}
