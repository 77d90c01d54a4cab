import { useTranslation } from 'react-i18next';

/** Signed-in screens that later issues build (catalogue, history, payments, admin news). */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{t('placeholder.soon')}</p>
    </section>
  );
}
