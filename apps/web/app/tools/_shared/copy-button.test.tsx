import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '~/components/ui/tooltip';
import { CopyButton } from './copy-button';
import { COPY_CONFIRMATION_MS, COPY_FAILED_MESSAGE, useCopy } from './use-copy';

function Harness({ text }: { text: string }) {
  const copy = useCopy();
  return (
    <TooltipProvider>
      <CopyButton text={text} label="Copy Base64 string" state={copy} />
      {copy.error && <p role="alert">{copy.error}</p>}
    </TooltipProvider>
  );
}

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

const button = () => screen.getByRole('button', { name: 'Copy Base64 string' });
const icon = () => button().querySelector('svg')?.getAttribute('class') ?? '';

/** Clicks and lets the clipboard promise settle. */
async function click() {
  await act(async () => {
    fireEvent.click(button());
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('copy button', () => {
  it('copies its text and shows a check for 1.5 s, then the copy icon again', async () => {
    const writeText = vi.fn(async () => {});
    mockClipboard(writeText);
    render(<Harness text="aGVsbG8=" />);
    expect(icon()).toContain('lucide-copy');
    await click();
    expect(writeText).toHaveBeenCalledWith('aGVsbG8=');
    expect(icon()).toContain('lucide-check');
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard');

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(icon()).toContain('lucide-check');
    act(() => vi.advanceTimersByTime(1));
    expect(icon()).toContain('lucide-copy');
    expect(COPY_CONFIRMATION_MS).toBe(1500);
  });

  it('counts the 1.5 s from when the check is on screen, however late the render', async () => {
    mockClipboard(async () => {});
    let slowed = false;
    /** Renders 400 ms late the first time the check is to be shown, as a busy page might. */
    function SlowBeside({ copied }: { copied: boolean }) {
      if (copied && !slowed) {
        slowed = true;
        vi.advanceTimersByTime(400);
      }
      return null;
    }
    function SlowHarness() {
      const copy = useCopy();
      return (
        <TooltipProvider>
          <CopyButton text="x" label="Copy Base64 string" state={copy} />
          <SlowBeside copied={copy.copied} />
        </TooltipProvider>
      );
    }
    render(<SlowHarness />);
    await click();
    expect(slowed).toBe(true);
    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(icon()).toContain('lucide-check');
    act(() => vi.advanceTimersByTime(1));
    expect(icon()).toContain('lucide-copy');
  });

  it('a second copy restarts the 1.5 s', async () => {
    mockClipboard(async () => {});
    render(<Harness text="x" />);
    await click();
    act(() => vi.advanceTimersByTime(1000));
    await click();
    act(() => vi.advanceTimersByTime(1000));
    expect(icon()).toContain('lucide-check');
    act(() => vi.advanceTimersByTime(500));
    expect(icon()).toContain('lucide-copy');
  });

  it("says 'Failed to copy. Please try again.' when the clipboard refuses, or is missing", async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    render(<Harness text="x" />);
    await click();
    expect(screen.getByRole('alert').textContent).toBe(COPY_FAILED_MESSAGE);
    expect(icon()).toContain('lucide-copy');

    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await click();
    expect(screen.getByRole('alert').textContent).toBe('Failed to copy. Please try again.');
  });
});
