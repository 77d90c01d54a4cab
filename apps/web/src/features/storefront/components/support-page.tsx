import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopyMessage } from '../../../components/copy-status';
import { useSupportContact } from '../api/use-support-contact';

/** Support: the contact address (the server's SUPPORT_CONTACT), click to copy. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const { result, copy } = useCopyMessage();
  const contact = useSupportContact();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-4 text-slate-700">{t('intro')}</p>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
        <h2 className="text-sm font-medium text-slate-600">{t('contactLabel')}</h2>
        {contact.status === 'success' ? (
          <>
            <button
              type="button"
              onClick={() => void copy(t('item'), contact.address)}
              className="mt-2 rounded-lg bg-brand-50 px-4 py-2 font-mono text-lg break-all text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {contact.address}
            </button>
            <p className="mt-2 text-sm text-slate-600">{t('copyHint')}</p>
          </>
        ) : (
          <p role={contact.status === 'error' ? 'alert' : 'status'} className="mt-2 text-slate-700">
            {t(contact.status === 'error' ? 'loadFailed' : 'loading')}
          </p>
        )}
        <CopyStatus result={result} />
      </div>
    </div>
  );
}
