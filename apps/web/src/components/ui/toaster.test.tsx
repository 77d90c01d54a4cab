import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    toast.dismiss();
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
});

describe('toasts', () => {
  it.each([
    ['success', '✓', 'bg-green-700'],
    ['error', '✕', 'bg-red-700'],
    ['warning', '⚠', 'bg-orange-700'],
    ['info', 'i', 'bg-blue-700'],
  ] as const)('a %s toast has its colour and icon and closes itself after 3 seconds', (type, icon, colour) => {
    render(<Toaster label="Notifications" />);
    act(() => {
      toast[type](`A ${type} message`);
    });
    // Sonner adds a toast on the next tick (setTimeout + flushSync).
    act(() => vi.advanceTimersByTime(0));
    const message = screen.getByText(`A ${type} message`);
    const item = message.closest('li');
    expect(item).toHaveAttribute('data-type', type);
    expect(item?.className).toContain(colour);
    expect(item).toHaveTextContent(icon);

    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByText(`A ${type} message`)).toBeInTheDocument();
    // 3 s on screen, then the exit animation (sonner removes the toast 200 ms later).
    act(() => vi.advanceTimersByTime(100));
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText(`A ${type} message`)).not.toBeInTheDocument();
  });
});
