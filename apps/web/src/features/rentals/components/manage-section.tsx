import type { ReactNode } from 'react';

/** One part of the manage dialog: a section named by its heading, which `id` ties to it. */
export function ManageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold text-slate-800">
        {title}
      </h3>
      {children}
    </section>
  );
}
