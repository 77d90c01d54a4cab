import type { ReactNode } from 'react';
import { linkClass } from './link-class';

/** A sentence that ends in a link to a page outside the shop, opened in a new tab so this one stays. */
export function ExternalLinkLine({
  text,
  href,
  linkText,
  linkClassName = linkClass,
}: {
  text: ReactNode;
  href: string;
  linkText: ReactNode;
  /** Classes of the link: the customer pages' link unless given. */
  linkClassName?: string;
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
