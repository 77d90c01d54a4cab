import type { ReactNode } from 'react';
import { HeadedSection } from './headed-section';

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
    <HeadedSection
      id={id}
      title={title}
      className="rounded-2xl bg-white p-6 shadow-sm"
      headingClassName={headingClassName}
    >
      {children}
    </HeadedSection>
  );
}
