import { useId, type ReactNode } from 'react';

/**
 * A section named for assistive technology by its heading (`aria-labelledby`). `id` is the
 * heading's when something else refers to it; otherwise it has one of its own.
 */
export function HeadedSection({
  id,
  title,
  level: Heading = 'h2',
  className,
  headingClassName,
  children,
}: {
  id?: string;
  title: string;
  level?: 'h2' | 'h3';
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = id ?? ownId;
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
