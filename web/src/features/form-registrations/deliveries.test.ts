import { describe, expect, it } from 'vitest';
import { deliveryRows, hasPending } from './deliveries';

const delivery = (extra: Record<string, unknown>) => ({
  hook_index: 0,
  hook_name: 'Melding naar beheer',
  hook_type: 'email',
  hook_status: 'success',
  attempts: 1,
  last_answer: 'verstuurd naar beheer@gemeente.nl',
  next_attempt_at: null,
  updated_at: '2026-11-20T10:00:05Z',
  delivered_at: '2026-11-20T10:00:05Z',
  ...extra,
});

describe('deliveryRows', () => {
  it('lists e-mails, then integrations, each in the order of the settings', () => {
    const rows = deliveryRows({
      email_hooks: [delivery({ hook_index: 1, hook_name: 'Tweede' }), delivery({ hook_index: 0, hook_name: 'Eerste' })],
      webhook_integrations: [delivery({ hook_index: 0, hook_name: 'Systeem', hook_type: 'post-to-url', hook_status: 'pending' })],
      datasource_hooks: {},
    });
    expect(rows.map((row) => [row.channel, row.hook_name, row.hook_status])).toEqual([
      ['email', 'Eerste', 'success'],
      ['email', 'Tweede', 'success'],
      ['integration', 'Systeem', 'pending'],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
    expect(hasPending(rows)).toBe(true);
  });

  it('skips rows it cannot read and fills in what is missing', () => {
    const rows = deliveryRows({
      email_hooks: [null, { hook_status: 'unknown' }, { hook_status: 'error', attempts: 'x' }],
      webhook_integrations: 'no list',
    });
    expect(rows).toEqual([
      expect.objectContaining({ hook_index: 2, hook_name: '', hook_type: 'email', hook_status: 'error', attempts: 0, last_answer: null }),
    ]);
    expect(hasPending(rows)).toBe(false);
  });

  it('reads datasource hooks keyed by name once the server sends them', () => {
    const rows = deliveryRows({ datasource_hooks: { lantaarnpalen: { hook_status: 'pending' } } });
    expect(rows).toEqual([expect.objectContaining({ channel: 'datasource', hook_name: 'lantaarnpalen', hook_type: 'datasource' })]);
  });

  it('is empty without hooks', () => {
    expect(deliveryRows({})).toEqual([]);
    expect(hasPending([])).toBe(false);
  });
});
