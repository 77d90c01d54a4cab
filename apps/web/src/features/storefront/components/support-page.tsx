import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopyMessage } from '../../../components/copy-status';
import { buttonClass } from '../../../components/ui/button';
import { useSupportContact } from '../api/use-support-contact';

/** Whether the contact is an e-mail address (it may as well be a messenger handle or a page). */
const isEmail = (contact: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact);

/**
 * The address with a line break allowed after "@": at 375 px `break-all` cut it inside the domain.
 * A part wider than the line still breaks (`break-words`) rather than overflow the card.
 */
function Address({ text }: { text: string }) {
  return text.split(/(?<=.@)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Support: the contact address (the server's SUPPORT_CONTACT), click to copy; an e-mail address can also be written to. */
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
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <button
                type="button"
                onClick={() => void copy(t('item'), contact.address)}
                className="max-w-full min-w-0 rounded-lg bg-brand-50 px-4 py-2 text-left font-mono text-base break-words text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-lg"
              >
                <Address text={contact.address} />
              </button>
              {isEmail(contact.address) && (
                <a href={`mailto:${contact.address}`} className={buttonClass('secondary')}>
                  {t('writeEmail')}
                </a>
              )}
            </div>
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
