import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPage } from '@portal/contract';
import { buttonClass } from '../../../components/ui/button';
import { usePublicPath } from '../../../lib/localized-path';
import { AppLink as Link } from '../../../lib/nav';

export type ArticleId = 'setup' | 'antidetect' | 'router';

/** Inline outline icons: emoji depend on the reader's fonts and are missing on many systems. */
const ICON_PATHS: Record<ArticleId, string> = {
  setup:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  antidetect: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4',
  router: 'M4 14h16v5H4v-5Zm3 2.5h.01M10 16.5h.01M12 14V9m-3.5-1.5a5 5 0 0 1 7 0M6 5a8.5 8.5 0 0 1 12 0',
};

const ARTICLES: Record<ArticleId, { path: PublicPage }> = {
  setup: { path: '/articles/setup-proxy' },
  antidetect: { path: '/articles/enable-antidetect' },
  router: { path: '/articles/router-setup' },
};

function ArticleIcon({ id, className }: { id: ArticleId; className: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={ICON_PATHS[id]} />
    </svg>
  );
}

/**
 * Frame of a help article: a header with icon and title, the body, cards to
 * the guides and a back-to-home button. Articles make no calls.
 */
export function ArticleLayout({
  id,
  title,
  intro,
  children,
}: {
  id: ArticleId;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('articles');
  const to = usePublicPath();
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <header className="flex items-start gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white">
          <ArticleIcon id={id} className="size-8" />
        </span>
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-700">{intro}</p>
        </div>
      </header>
      <div className="mt-8 flex flex-col gap-8">{children}</div>
      <nav aria-labelledby="more-guides" className="mt-12">
        <h2 id="more-guides" className="text-xl font-semibold text-slate-900">
          {t('more')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {(Object.keys(ARTICLES) as ArticleId[]).map((other) => (
            <li key={other}>
              <Link
                to={to(ARTICLES[other].path)}
                aria-current={other === id ? 'page' : undefined}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:border-brand-700"
              >
                <ArticleIcon id={other} className="size-7 text-brand-700" />
                <span className="mt-2 font-semibold text-slate-900">{t(`cards.${other}.title`)}</span>
                <span className="mt-1 text-sm text-slate-600">{t(`cards.${other}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to={to('/')} className={buttonClass('secondary', 'mt-8')}>
        ← {t('backHome')}
      </Link>
    </article>
  );
}

export function ArticleSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

export function Steps({ items, ordered = true }: { items: string[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`${ordered ? 'list-decimal' : 'list-disc'} space-y-2 pl-5`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}

/** Named cards side by side on wider screens (the tools, the router families), each with its text. */
export function NamedCards({ items, columns }: { items: { name: string; text: string }[]; columns: 2 | 3 }) {
  return (
    <ul className={`grid gap-4 ${columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3'}`}>
      {items.map((item) => (
        <li key={item.name} className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{item.name}</h3>
          <p className="mt-1 text-sm">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
