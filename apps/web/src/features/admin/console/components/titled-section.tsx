import type { ReactNode } from 'react';
import { HeadedSection } from '../../../../components/headed-section';

/** A panel of a console screen (a form, a setting), named for assistive technology by its heading. */
export function TitledSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <HeadedSection
      title={title}
      className="rounded-xl border border-slate-200 bg-white p-4"
      headingClassName="text-lg font-semibold"
    >
      {children}
    </HeadedSection>
  );
}
