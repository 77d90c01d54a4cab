import { useState, type ReactNode } from 'react';
import { Sheet } from './sheet';

/**
 * A narrow screen's menu: `trigger` opens a Sheet of the links the wide layout shows in a row.
 * `children` is given `close`, so that picking a link shuts the menu before the next page shows.
 */
export function MenuSheet({
  className,
  title,
  closeLabel,
  trigger,
  children,
}: {
  /** Classes of the wrapper: from the width where the links fit on the page, it hides. */
  className: string;
  title: string;
  closeLabel: string;
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={className}>
      <Sheet open={open} onOpenChange={setOpen} title={title} closeLabel={closeLabel} trigger={trigger}>
        {children(() => setOpen(false))}
      </Sheet>
    </div>
  );
}
