import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A centred modal (purchase, status, extend, confirmations). Radix traps focus, closes on Escape
 * and labels the dialog with its title; the caller passes translated texts.
 *
 * Callers open it from state rather than through a Radix trigger, so Radix has no element to
 * give focus back to on closing and a keyboard user would land on <body>. The element that had
 * focus when the dialog opened (its Manage, Extend, Buy… button) gets it back instead. An opener
 * the dialog's action removed (a Refund button gone after the refund) cannot: focus goes to its
 * nearest container still on the page (the row, the table, the main area), so a keyboard user
 * goes on from where they were rather than from the top of the page.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const openerContainers = useRef<HTMLElement[]>([]);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Radix calls this before it moves focus in, so the opener still has it.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            openerContainers.current = containersOf(opener.current);
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current?.isConnected
              ? opener.current
              : openerContainers.current.find((element) => element.isConnected);
            opener.current = null;
            openerContainers.current = [];
            if (!target) return;
            event.preventDefault();
            focusable(target).focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-xl font-semibold text-slate-900">{title}</DialogPrimitive.Title>
            <DialogCloseButton label={closeLabel} className="p-1" />
          </div>
          {description && (
            <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * The elements around `element`, nearest first, inside the page's main area: when the whole
 * screen changed (another page, a lost session), nothing of the old one is left and focus starts
 * over as on a new page.
 */
function containersOf(element: HTMLElement | null): HTMLElement[] {
  const containers: HTMLElement[] = [];
  for (let parent = element?.parentElement; parent && !isPageFrame(parent); parent = parent.parentElement) {
    containers.push(parent);
  }
  return containers;
}

const isPageFrame = (element: HTMLElement) =>
  element === document.body || element.tagName === 'MAIN' || element.getAttribute('role') === 'main';

/**
 * The element itself when it can take focus; otherwise it is made focusable by script only
 * (tabindex -1 keeps it out of the Tab order) until focus leaves it.
 */
function focusable(element: HTMLElement): HTMLElement {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  return element;
}

/** The dimmed page behind a dialog or a sheet. */
export function DialogOverlay() {
  return <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />;
}

/** The × that closes a dialog or a sheet, named by `label`; `className` gives its padding. */
export function DialogCloseButton({ label, className }: { label: string; className: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      className={cn(
        'rounded-md text-2xl leading-none text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <span aria-hidden>×</span>
    </DialogPrimitive.Close>
  );
}
