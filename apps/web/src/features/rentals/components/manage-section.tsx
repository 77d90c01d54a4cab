import type { ReactNode } from 'react';
import { HeadedSection } from '../../../components/headed-section';

/** One part of the manage dialog: a section named by its heading, which `id` ties to it. */
export function ManageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HeadedSection
      id={id}
      title={title}
      level="h3"
      className="flex flex-col gap-2"
      headingClassName="font-semibold text-slate-800"
    >
      {children}
    </HeadedSection>
  );
}
