import { createContext, useContext, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusByArrowKey } from './arrow-key-focus';
import type { ValuePartProps } from './part-props';

/**
 * The landing page's FAQ (one answer open at a time, closable): each question is a button with
 * aria-expanded in a heading, each answer a region labelled by it, arrow keys, Home and End move
 * between questions (WAI-ARIA accordion pattern). Written here rather than Radix's, which is
 * about 7 kB of gzip JavaScript on the landing page's first load. Closed answers stay
 * in the HTML, hidden, so that search engines read them.
 */
const AccordionContext = createContext<{ open: string | null; toggle: (value: string) => void } | null>(null);
const ItemContext = createContext<{ value: string; id: string } | null>(null);

function useAccordion() {
  const accordion = useContext(AccordionContext);
  const item = useContext(ItemContext);
  if (!accordion || !item) throw new Error('An accordion part is rendered outside AccordionItem');
  return { ...item, isOpen: accordion.open === item.value, toggle: () => accordion.toggle(item.value) };
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  focusByArrowKey(event, '[data-accordion-trigger]', ['ArrowUp', 'ArrowDown']);
}

export function Accordion({ className, children }: { className?: string; children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <AccordionContext.Provider value={{ open, toggle }}>
      <div className={className} onKeyDown={moveFocus}>
        {children}
      </div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ value, className, children }: ValuePartProps) {
  const id = useId();
  return (
    <ItemContext.Provider value={{ value, id }}>
      <div className={cn('border-b border-slate-200', className)}>{children}</div>
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({ className, children }: { className?: string; children: ReactNode }) {
  const { id, isOpen, toggle } = useAccordion();
  return (
    <h3>
      <button
        type="button"
        id={`${id}-trigger`}
        aria-expanded={isOpen}
        aria-controls={`${id}-content`}
        data-accordion-trigger
        data-state={isOpen ? 'open' : 'closed'}
        onClick={toggle}
        className={cn(
          'group flex w-full items-center justify-between gap-4 py-4 text-left font-semibold text-slate-900 hover:text-brand-700',
          'focus-visible:outline-2 focus-visible:outline-brand-600',
          className,
        )}
      >
        {children}
        <span aria-hidden className="text-xl transition-transform group-data-[state=open]:rotate-45">
          +
        </span>
      </button>
    </h3>
  );
}

export function AccordionContent({ className, children }: { className?: string; children: ReactNode }) {
  const { id, isOpen } = useAccordion();
  return (
    <div
      role="region"
      id={`${id}-content`}
      aria-labelledby={`${id}-trigger`}
      hidden={!isOpen}
      className={cn('pb-4 text-slate-700', className)}
    >
      {children}
    </div>
  );
}
