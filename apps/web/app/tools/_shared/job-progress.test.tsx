import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CANCEL_JOB_LABEL, JobProgressBar } from './job-progress';

describe('the job progress bar', () => {
  it('shows the percentage when the server reports one, says the state, and cancels', async () => {
    const onCancel = vi.fn();
    render(<JobProgressBar job={{ id: 'j', status: 'running', progress: 42.4 }} onCancel={onCancel} />);
    const bar = screen.getByRole('progressbar', { name: 'Working… 42%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('status').textContent).toBe('Working…');
    await userEvent.click(screen.getByRole('button', { name: CANCEL_JOB_LABEL }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('is indeterminate while queued or without progress, and offers no cancel once done', () => {
    const { rerender } = render(
      <JobProgressBar job={{ id: 'j', status: 'queued', progress: 0 }} onCancel={() => {}} />,
    );
    const queued = screen.getByRole('progressbar', { name: 'Queued: waiting for a free worker…' });
    expect(queued.hasAttribute('aria-valuenow')).toBe(false);
    rerender(<JobProgressBar job={{ id: 'j', status: 'succeeded', progress: 100 }} onCancel={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Done; fetching the result…');
    expect(screen.queryByRole('button', { name: CANCEL_JOB_LABEL })).toBeNull();
  });
});
