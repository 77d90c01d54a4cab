import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';

// How long findBy/waitFor wait, not how fast anything must be: CI runs these beside the server
// projects on two cores, where a screen's first render (lazy chunk, i18n) took over the default 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Sonner keeps its toasts in module state: without this a test could pass on the previous one's message.
  toast.dismiss();
});

/** A console.error during a test is a bug the test did not look for, so it fails the test. */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
