import { describe, expect, it } from 'vitest';
import { isEmailOrToken, isFilenameOrToken, isWebUrl } from './checks';

// The server's own cases (domain/src/submission.rs, domain/src/notifications.rs tests) and the
// edges of each rule.
describe('the checks of e-mail settings and integrations', () => {
  it('takes a valid address or exactly one token as an address (emailOrToken)', () => {
    for (const ok of ['beheer@gemeente.nl', ' beheer@gemeente.nl ', '$email$', '$melder.e-mail#waarde$', '$a$']) {
      expect(isEmailOrToken(ok), ok).toBe(true);
    }
    for (const bad of ['geen adres', '$twee$ $tokens$', 'x', '$$', '$', 'a@b', 'a@@b.nl', 'a@b..nl', `${'a'.repeat(250)}@b.nl`, '$met spatie$', 'x $email$']) {
      expect(isEmailOrToken(bad), bad).toBe(false);
    }
  });

  it('takes letters, digits, - _ and $ or one lowercase token as a file name (filenameOrToken)', () => {
    for (const ok of ['Registratie', 'brief-2024_v2', 'melding$serienummer', '$registratie_naam$', '$naam$']) {
      expect(isFilenameOrToken(ok), ok).toBe(true);
    }
    for (const bad of ['mijn pdf!', 'brief $naam$', '', 'brief.pdf', '$registratie.serienummer$x', 'naam met spatie']) {
      expect(isFilenameOrToken(bad), bad).toBe(false);
    }
  });

  it('takes only http(s) addresses with a host as a webhook URL', () => {
    expect(isWebUrl('https://a.example/x?y=1')).toBe(true);
    expect(isWebUrl('http://signalen.example/v1/signals')).toBe(true);
    for (const bad of ['https:///x', 'file:///etc/passwd', 'http://a b', 'javascript:alert(1)', 'ftp://x.example', 'HTTPS://x.example', '']) {
      expect(isWebUrl(bad), bad).toBe(false);
    }
  });
});
