import type { ReactNode } from 'react';

/** The props of one item's part of a composite widget (an accordion item, a tab, a tab panel). */
export interface ValuePartProps {
  /** Which item the part belongs to: the widget's open or selected value is compared with it. */
  value: string;
  className?: string;
  children: ReactNode;
}
