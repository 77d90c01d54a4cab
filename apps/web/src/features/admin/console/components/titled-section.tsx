import { useId, type ReactNode } from 'react';

/** A panel of a console screen (a form, a setting), named for assistive technology by its heading. */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
