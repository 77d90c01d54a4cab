import type { ReactNode } from 'react';

/** A white card of a customer screen (account, payments), named by its heading, which `id` ties to it. */
export function CardSection({
  id,
  title,
  headingClassName = 'text-lg font-semibold',
  children,
}: {
  id: string;
  title: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
