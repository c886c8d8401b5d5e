import { describe, expect, it } from 'vitest';
import { buttonVariants } from '~/components/ui/button';
import { cn } from './utils';

describe('cn', () => {
  it('returns a single class string unchanged', () => {
    expect(cn('flex h-9 px-4', undefined, false, null)).toBe('flex h-9 px-4');
  });

  it('lets later utilities override earlier ones', () => {
    expect(cn('h-9 px-4 text-sm', 'px-2')).toBe('h-9 text-sm px-2');
    expect(cn(buttonVariants({ size: 'sm' }), 'h-7')).not.toMatch(/\bh-8\b/);
    expect(cn(buttonVariants({ size: 'sm' }), 'h-7')).toMatch(/\bh-7\b/);
  });

  it('handles conditional and object inputs like clsx, merging them', () => {
    const active = true;
    expect(cn('px-2', active && 'px-3', { hidden: false, block: true })).toBe('px-3 block');
    expect(cn(['p-1', 'p-2'])).toBe('p-2');
  });
});
