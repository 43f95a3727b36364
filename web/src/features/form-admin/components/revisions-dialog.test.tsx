import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json } from '@/test/fake-server';
import { newestFirst, RESTORE_RELOAD_MS, RevisionsDialog } from './revisions-dialog';

const revisions = Array.from({ length: 23 }, (_, index) => ({
  revision_id: `r${index}`,
  updated_at: Date.UTC(2024, 0, index + 1, 9, 0),
  user: { username: `user${index}` },
}));

afterEach(() => {
  vi.useRealTimers();
});

describe('newestFirst', () => {
  it('sorts by updated_at, newest first', () => {
    expect(newestFirst([revisions[0]!, revisions[2]!, revisions[1]!]).map((r) => r.revision_id)).toEqual(['r2', 'r1', 'r0']);
  });
});

describe('RevisionsDialog', () => {
  it('pages by 10 and reloads 3 s after a restore', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeServer({
      'GET /api/form/f1/revisions': () => json(200, [...revisions].reverse().slice(5).concat([...revisions].reverse().slice(0, 5))),
      'GET /api/form/f1/revision-restore/r12': () => json(200, {}),
    });
    const reload = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<RevisionsDialog formId="f1" open canRestore onClose={() => {}} reload={reload} />);
    const dialog = await screen.findByRole('dialog', { name: 'Revisiegeschiedenis' });
    const firstPage = await within(dialog).findAllByRole('row');
    expect(firstPage).toHaveLength(11);
    expect(within(firstPage[1] as HTMLElement).getByText('user22')).toBeTruthy();
    expect(within(dialog).getByText('1-10 van 23')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Volgende pagina' }));
    const secondPage = within(dialog).getAllByRole('row');
    expect(within(secondPage[1] as HTMLElement).getByText('user12')).toBeTruthy();
    await user.click(within(secondPage[1] as HTMLElement).getByRole('button', { name: /terugzetten/ }));
    await vi.waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain(
      'De revisie is teruggezet. De pagina wordt over 3 seconden opnieuw geladen.',
    ));
    expect(reload).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(RESTORE_RELOAD_MS);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says 'Kan de revisie niet terugzetten.' when the restore fails, and offers no restore without the right", async () => {
    installFakeServer({
      'GET /api/form/f1/revisions': () => json(200, revisions.slice(0, 2)),
      'GET /api/form/f1/revision-restore/r1': () => json(500, {}),
    });
    const { rerender } = render(<RevisionsDialog formId="f1" open canRestore onClose={() => {}} reload={() => {}} />);
    const rows = await screen.findAllByRole('row');
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /terugzetten/ }));
    await vi.waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Kan de revisie niet terugzetten.'));
    rerender(<RevisionsDialog formId="f1" open canRestore={false} onClose={() => {}} reload={() => {}} />);
    expect(screen.queryByRole('button', { name: /terugzetten/ })).toBeNull();
  });
});
