import { describe, expect, it } from 'vitest';
import { nl } from '@/messages/nl-admin';
import { checkWebhooks, readWebhook, readWebhooks, tidyWebhook } from './webhooks';

const t = nl.formNotifications;

describe('integrations', () => {
  it("are checked per type at the server's paths (domain/src/notifications.rs)", () => {
    const good = readWebhooks([
      { hook_name: 'Systeem', hook_type: 'post-to-url', hook_url: 'https://systeem.example/haak' },
      { hook_name: 'Signalen', hook_type: 'sia-signal-create', hook_url: 'http://signalen.example/v1/signals' },
      { hook_name: 'Schouten', hook_type: 'schouten-merge-registrations', merged_registration_email: 'post@schouten.nl' },
    ]);
    expect(checkWebhooks(good)).toEqual({});
    const bad = readWebhooks([
      { hook_type: 'post-to-url', hook_url: 'javascript:alert(1)' },
      { hook_name: 'x', hook_type: 'ftp' },
      { hook_name: 'y', hook_type: 'schouten-merge-registrations', merged_registration_email: 'geen' },
      { hook_name: 'z', hook_type: 'sia-signal-create', hook_url: ' ' },
      { hook_name: 'w', hook_type: 'schouten-merge-registrations' },
    ]);
    expect(checkWebhooks(bad)).toEqual({
      '0/hook_name': t.required,
      '0/hook_url': t.urlInvalid,
      '1/hook_type': t.required,
      '2/merged_registration_email': t.emailInvalid,
      '3/hook_url': t.required,
      '4/merged_registration_email': t.required,
    });
  });

  it('keep unknown keys, and save only the address their type uses', () => {
    const hook = readWebhook({ hook_name: 'A', hook_type: 'schouten-merge-registrations', hook_url: 'https://oud.example', merged_registration_email: ' a@b.nl ', hook_status: 'success', send_on_registration_phase: '3' });
    expect(hook.send_on_registration_phase).toEqual(['3']);
    const tidy = tidyWebhook(hook, false);
    expect(tidy).toMatchObject({ hook_url: '', merged_registration_email: 'a@b.nl', send_on_registration_phase: [], hook_status: 'success' });
    expect(tidyWebhook(hook, true).send_on_registration_phase).toEqual(['3']);
    expect(readWebhook({ hook_type: 'teleporter' }).hook_type).toBe('');
  });

  it('keep the Signalen category for SIA integrations only', () => {
    const category = 'https://api.gemeente.nl/signals/v1/public/terms/categories/wegen/sub_categories/lantaarnpaal';
    const sia = readWebhook({ hook_name: 'S', hook_type: 'sia-signal-create', hook_url: 'https://s.example', sia_category: ` ${category} ` });
    expect(tidyWebhook(sia, false).sia_category).toBe(category);
    expect(tidyWebhook({ ...sia, hook_type: 'post-to-url' }, false).sia_category).toBe('');
  });
});
