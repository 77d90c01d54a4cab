import type { ReactNode } from 'react';

/** A sentence that ends in a link to a page outside the shop, opened in a new tab so this one stays. */
export function ExternalLinkLine({
  text,
  href,
  linkText,
  linkClassName,
}: {
  text: ReactNode;
  href: string;
  linkText: ReactNode;
  /** Classes of the link. */
  linkClassName: string;
}) {
  return (
    <p className="text-sm text-slate-700">
      {text}{' '}
      <a href={href} target="_blank" rel="noreferrer" className={linkClassName}>
        {linkText}
      </a>
    </p>
  );
}
