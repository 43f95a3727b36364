import { describe, expect, it } from 'vitest';
import { entriesWithProblems, hasProblemsIn, serverProblems, withoutEntry } from './problems';

describe('problems at paths', () => {
  it("take the server's pointers of their part; the rest become lines", () => {
    const { problems, other } = serverProblems('email_settings', [
      { detail: 'Vul een geldig e-mailadres of één $token$ in.', source: { pointer: '/email_settings/1/to_addresses/1' } },
      { detail: 'Tweede tekst voor hetzelfde veld', source: { pointer: '/email_settings/1/to_addresses/1' } },
      { detail: 'De instellingen konden niet worden gelezen.', source: { pointer: '/email_settings' } },
      { detail: 'Dit veld is verplicht.', source: { pointer: '/webhook_integrations/0/hook_name' } },
      { detail: 'Zonder pointer' },
    ]);
    expect(problems).toEqual({ '1/to_addresses/1': 'Vul een geldig e-mailadres of één $token$ in.' });
    expect(other).toEqual(['De instellingen konden niet worden gelezen.', 'Dit veld is verplicht.', 'Zonder pointer']);
  });

  it('are found, dropped and listed per entry', () => {
    const problems = { '0/from_name': 'a', '2/to_addresses/1': 'b', '12/hook_url': 'c' };
    expect(hasProblemsIn(problems, 1)).toBe(false);
    expect(hasProblemsIn(problems, 2)).toBe(true);
    expect(hasProblemsIn(problems, 12)).toBe(true);
    expect(withoutEntry(problems, 1)).toEqual(problems);
    expect(withoutEntry(problems, 2)).toEqual({ '0/from_name': 'a', '12/hook_url': 'c' });
    expect(entriesWithProblems(problems)).toEqual([0, 2, 12]);
  });
});
