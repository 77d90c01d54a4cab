import { createContext, useContext, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusByArrowKey } from './arrow-key-focus';
import type { ValuePartProps } from './part-props';

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): the active tab alone is in the tab order,
 * arrow keys, Home and End move to and select another tab, the panel is labelled by its tab and
 * only the active panel is rendered. Written here rather than Radix's, which is about 10 kB of
 * gzip JavaScript on the setup article's first load.
 */
const TabsContext = createContext<{ value: string; select: (value: string) => void; id: string } | null>(null);

function useTabs() {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('A tabs part is rendered outside Tabs');
  return tabs;
}

export function Tabs({ defaultValue, children }: { defaultValue: string; children: ReactNode }) {
  const [value, select] = useState(defaultValue);
  const id = useId();
  return (
    <TabsContext.Provider value={{ value, select, id }}>
      <div>{children}</div>
    </TabsContext.Provider>
  );
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  focusByArrowKey(event, '[role="tab"]', ['ArrowLeft', 'ArrowRight'])?.click();
}

export function TabsList({
  className,
  children,
  ...props
}: {
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      className={cn('flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1', className)}
      {...props}
    >
      {children}
    </div>
  );
}

export function TabsTrigger({ value, className, children }: ValuePartProps) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.id}-tab-${value}`}
      aria-selected={active}
      aria-controls={`${tabs.id}-panel-${value}`}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      onClick={() => tabs.select(value)}
      className={cn(
        'rounded-md px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow',
        'focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </button>
  );
}

export function TabsContent({ value, className, children }: ValuePartProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.id}-panel-${value}`}
      aria-labelledby={`${tabs.id}-tab-${value}`}
      tabIndex={0}
      data-state="active"
      className={cn('mt-4 focus-visible:outline-2', className)}
    >
      {children}
    </div>
  );
}

/** One tab of `TabbedPanels`: its value, the tab's text, and what its panel shows. */
export interface TabSpec {
  value: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs built from one list, so each tab is written once with its panel. Only the active panel
 * is rendered, so the list's order is the tabs' order.
 */
export function TabbedPanels({
  label,
  tabs,
  defaultValue,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabSpec[];
  defaultValue: string;
}) {
  return (
    <Tabs defaultValue={defaultValue}>
      <TabsList aria-label={label}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          {tab.panel}
        </TabsContent>
      ))}
    </Tabs>
  );
}
