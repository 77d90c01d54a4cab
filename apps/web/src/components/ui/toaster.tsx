import { DISPLAY_MS } from '@portal/contract';
import { Toaster as SonnerToaster } from 'sonner';

const icon = (glyph: string) => (
  <span aria-hidden className="text-base leading-none font-bold">
    {glyph}
  </span>
);

/** A little more than the header's height (one row of links at every width). */
const HEADER_CLEARANCE = '4.5rem';

const base = 'flex w-full items-start gap-3 rounded-lg p-4 text-sm font-medium text-white shadow-lg';

/**
 * Toasts: success green with a check, error red with a cross, warning orange with a warning sign
 * (colour and icon, so colour is never the only sign), anything else blue; each closes itself after 3 seconds.
 * They open below the sticky header, so the balance and log-out stay visible and clickable.
 */
export function Toaster({ label }: { label: string }) {
  return (
    <SonnerToaster
      position="top-right"
      offset={{ top: HEADER_CLEARANCE, right: '1rem' }}
      mobileOffset={{ top: HEADER_CLEARANCE, left: '0.5rem', right: '0.5rem' }}
      duration={DISPLAY_MS.toast}
      containerAriaLabel={label}
      icons={{ success: icon('✓'), error: icon('✕'), warning: icon('⚠'), info: icon('i') }}
      toastOptions={{
        unstyled: true,
        classNames: {
          toast: `${base} bg-blue-700`,
          success: '!bg-green-700',
          error: '!bg-red-700',
          // orange-700: white text on orange-600 fell short of the 4.5:1 contrast axe asks for.
          warning: '!bg-orange-700',
          info: '!bg-blue-700',
        },
      }}
    />
  );
}
