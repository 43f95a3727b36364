import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminForm } from '@/features/form-admin/api';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, fillableForm, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { METADATA_POLL_MS } from './form-shell';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const MANAGER: ClientAccess = { roles: ['form_manager'], permissions: ['eform manage forms', 'eform manage form emails'] };
const BANNER = 'Het Word-document wordt verwerkt. Het formulier kan pas worden ingevuld als dat klaar is.';

const EMAIL = { to_addresses: ['beheer@gemeente.nl'], from_name: 'Gemeente', email_subject: 'Melding' };

function form(emailSettings: unknown[]): AdminForm {
  return {
    ...fillableForm(),
    email_settings: emailSettings as AdminForm['email_settings'],
    webhook_integrations: [],
    registration_phase: null,
    user: 'twee',
    users: [],
    published_at: null,
  };
}

function renderShell(stored: AdminForm, metadata: FakeHandler) {
  const { calls } = installFakeServer({
    ...demoServer({ [DEMO.id]: MANAGER }),
    'GET /api/form/f1': () => json(200, stored),
    'GET /api/form/f1/metadata': metadata,
  });
  renderApp('/admin/form/f1', storedSession({ access: MANAGER }));
  return calls;
}

const metadataCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/form/f1/metadata').length;

afterEach(() => {
  vi.useRealTimers();
});

describe('form shell: Word processing banner', () => {
  it('does not ask about Word files when the e-mails use none', async () => {
    const calls = renderShell(
      // A switched-off Word attachment keeps its upload but is not processed.
      form([EMAIL, { ...EMAIL, email_send_word_attachment: false, word_upload: { fid: 'w9', filename: 'Oud.docx' } }]),
      () => json(200, { email_word_files_processed: { w9: false } }),
    );
    expect(await screen.findByRole('heading', { name: 'Melding', level: 1 })).toBeTruthy();
    expect(metadataCalls(calls)).toBe(0);
    expect(screen.queryByText(BANNER)).toBeNull();
  });

  it('warns while a template is processed, asks every 10 s, and stops once all are done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let rounds = 0;
    const calls = renderShell(
      form([
        { ...EMAIL, email_send_word_attachment: true, word_upload: { fid: 'w1', filename: 'Brief.docx' } },
        { ...EMAIL, email_send_word_attachment: true, word_upload: { fid: 'w2', filename: 'Bon.docx' } },
      ]),
      () => {
        rounds += 1;
        return json(200, { email_word_files_processed: { w1: true, w2: rounds >= 3 } });
      },
    );
    const banner = await screen.findByText(BANNER);
    expect(banner.closest('[role="alert"]')).toBeTruthy();
    expect(metadataCalls(calls)).toBe(1);

    // Not asked again before the 10 s are up.
    await act(() => vi.advanceTimersByTimeAsync(METADATA_POLL_MS - 1000));
    expect(metadataCalls(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(metadataCalls(calls)).toBe(2));
    expect(screen.getByText(BANNER)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(METADATA_POLL_MS));
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
    expect(metadataCalls(calls)).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(3 * METADATA_POLL_MS));
    expect(metadataCalls(calls)).toBe(3);
  });

  it('keeps asking after a failed answer (only logged)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let rounds = 0;
    const calls = renderShell(form([{ ...EMAIL, email_send_word_attachment: true, word_upload: { fid: 'w1' } }]), () => {
      rounds += 1;
      return rounds === 1 ? json(500, {}) : json(200, { email_word_files_processed: { w1: false } });
    });
    await screen.findByRole('heading', { name: 'Melding', level: 1 });
    await waitFor(() => expect(metadataCalls(calls)).toBe(1));
    expect(screen.queryByText(BANNER)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(METADATA_POLL_MS));
    expect(await screen.findByText(BANNER)).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
