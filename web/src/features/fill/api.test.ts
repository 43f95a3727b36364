import { describe, expect, it, vi } from 'vitest';
import { setAuthenticated } from '@/lib/auth/session';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { storedSession } from '@/test/fixtures';
import { MAX_FILE_SIZE, sendRegistration, uploadFile, UploadError, type SendProgress } from './api';

const payload = { form_id: 'f1', client_id: 'c1', fill_token: 'token-1', values: { naam: 'Jan' } };
const registration = { _id: 'r1', registration_serial_number: 1 };

describe('sendRegistration', () => {
  it('posts the registration with the api-key and reports sending, then server-processing', async () => {
    setAuthenticated(storedSession());
    const sent = installFakeXhr();
    const phases: SendProgress[] = [];
    const outcome = sendRegistration({ kind: 'user', clientId: 'c1' }, payload, (progress) => phases.push(progress));
    const xhr = await nextRequest(sent, 0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/registration/');
    expect(xhr.headers['api-key']).toBe('stored-key');
    expect(xhr.headers['content-type']).toBe('application/json');
    expect(xhr.json()).toEqual(payload);

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(201, registration);
    await expect(outcome).resolves.toEqual({ kind: 'sent', registration });
    expect(phases[0]).toEqual({ phase: 'sending', percent: 0 });
    expect(phases).toContainEqual({ phase: 'sending', percent: 25 });
    expect(phases.at(-1)).toEqual({ phase: 'server-processing' });
  });

  it('takes the 200 of an identical resend as sent (the original registration)', async () => {
    const sent = installFakeXhr();
    const outcome = sendRegistration({ kind: 'user', clientId: 'c1' }, payload, () => {});
    (await nextRequest(sent, 0)).respond(200, registration);
    await expect(outcome).resolves.toEqual({ kind: 'sent', registration });
  });

  it('reports a 409 as a duplicate, so the caller takes a new fill token', async () => {
    const sent = installFakeXhr();
    const outcome = sendRegistration({ kind: 'user', clientId: 'c1' }, payload, () => {});
    (await nextRequest(sent, 0)).respond(409, { status: false, message: 'Al eerder ingestuurd.' });
    await expect(outcome).resolves.toEqual({ kind: 'duplicate', message: 'Al eerder ingestuurd.' });
  });

  it('maps the pointers of a 422 onto field keys, also inside subform entries', async () => {
    const sent = installFakeXhr();
    const outcome = sendRegistration({ kind: 'user', clientId: 'c1' }, payload, () => {});
    (await nextRequest(sent, 0)).respond(422, {
      status: false,
      message: 'Controleer het formulier.',
      errors: [
        { detail: 'Dit veld is verplicht.', source: { pointer: '/values/naam' } },
        { detail: 'Vul een getal in.', source: { pointer: '/values/posten/2/bedrag' } },
        { detail: 'Genegeerd.', source: { pointer: '/form_id' } },
      ],
    });
    await expect(outcome).resolves.toEqual({
      kind: 'invalid',
      fieldErrors: { naam: 'Dit veld is verplicht.', 'posten.2.bedrag': 'Vul een getal in.' },
    });
  });

  it('shows the server message of other failures, or the generic text without an answer', async () => {
    const sent = installFakeXhr();
    const first = sendRegistration({ kind: 'user', clientId: 'c1' }, payload, () => {});
    (await nextRequest(sent, 0)).respond(500, { status: false, message: 'Database niet bereikbaar.' });
    await expect(first).resolves.toEqual({ kind: 'failed', message: 'Database niet bereikbaar.' });

    const second = sendRegistration({ kind: 'user', clientId: 'c1' }, payload, () => {});
    (await nextRequest(sent, 1)).fail();
    await expect(second).resolves.toEqual({ kind: 'failed', message: 'Er is iets mis gegaan met het versturen van de registratie.' });
  });

  it('sends guest registrations to the guest endpoint without an api-key', async () => {
    setAuthenticated(storedSession());
    const sent = installFakeXhr();
    const outcome = sendRegistration({ kind: 'guest', guestId: 'g-1' }, payload, () => {});
    const xhr = await nextRequest(sent, 0);
    expect(xhr.url).toBe('/api/guest/form/g-1');
    expect(xhr.headers['api-key']).toBeUndefined();
    xhr.respond(201, registration);
    await expect(outcome).resolves.toMatchObject({ kind: 'sent' });
  });
});

describe('uploadFile', () => {
  const file = new Blob(['abc'], { type: 'text/plain' });

  it('names the client and the image kind in the query, sends only the file as multipart, reports progress', async () => {
    const sent = installFakeXhr();
    const progress = vi.fn();
    const answer = { fid: 'f1', url: '/api/client/c1/file/f1', filename: 'a.jpg', filemime: 'image/jpeg', filesize: 3 };
    const upload = uploadFile({ kind: 'user', clientId: 'c1' }, file, 'a.jpg', { hd: true, image: true, onProgress: progress });
    const xhr = await nextRequest(sent, 0);
    // The server authorises before it reads the body, so the target must not be a multipart field.
    expect(xhr.url).toBe('/api/file-upload/form-hd?client_id=c1&kind=image');
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('a.jpg');
    xhr.progress(3, 3);
    xhr.respond(200, answer);
    await expect(upload).resolves.toEqual(answer);
    expect(progress).toHaveBeenCalledWith(100);
  });

  it('uses the guest id for guest forms', async () => {
    const sent = installFakeXhr();
    const upload = uploadFile({ kind: 'guest', guestId: 'g-1' }, file, 'a.txt', { hd: false, image: false, onProgress: () => {} });
    const xhr = await nextRequest(sent, 0);
    expect(xhr.url).toBe('/api/file-upload/form?guest_id=g-1');
    expect(xhr.headers['api-key']).toBeUndefined();
    expect([...(xhr.body as FormData).keys()]).toEqual(['file']);
    xhr.respond(200, { fid: 'f1', url: '/x', filename: 'a.txt', filemime: 'text/plain', filesize: 3 });
    await upload;
  });

  it('refuses files over 20 MB before uploading', async () => {
    const sent = installFakeXhr();
    const big = { size: MAX_FILE_SIZE + 1 } as Blob;
    await expect(uploadFile({ kind: 'user', clientId: 'c1' }, big, 'groot.pdf', { hd: false, image: false, onProgress: () => {} })).rejects.toEqual(
      new UploadError('Maximale bestandsgrootte is 20Mb.'),
    );
    expect(sent).toHaveLength(0);
  });

  it.each([
    [413, 'Maximale bestandsgrootte is 20Mb.'],
    [413, 'De opslagruimte voor bestanden van deze klant is vol. Neem contact op met uw beheerder.'],
    [422, 'Alleen afbeeldingen kunnen worden geupload.'],
    [429, 'Via gastformulieren kunnen vandaag geen bestanden meer worden geüpload. Probeer het morgen opnieuw.'],
  ])('shows the server text of a %i refusal', async (status, message) => {
    const sent = installFakeXhr();
    const refused = uploadFile({ kind: 'guest', guestId: 'g-1' }, file, 'a.txt', { hd: false, image: false, onProgress: () => {} });
    (await nextRequest(sent, 0)).respond(status, { status: false, message });
    await expect(refused).rejects.toEqual(new UploadError(message));
  });

  it('names the file in the failure text of other failures, also a 413 without a message', async () => {
    const sent = installFakeXhr();
    const options = { hd: false, image: false, onProgress: () => {} };
    const failed = uploadFile({ kind: 'user', clientId: 'c1' }, file, 'a.txt', options);
    (await nextRequest(sent, 0)).respond(500, { status: false, message: 'Interne fout.' });
    await expect(failed).rejects.toEqual(new UploadError('Bestand kon niet geupload worden. Probeer het opnieuw. Filename: a.txt'));

    // A proxy's 413 says nothing about the 20 MB rule (bigger files never leave the device).
    const proxy = uploadFile({ kind: 'user', clientId: 'c1' }, file, 'a.txt', options);
    (await nextRequest(sent, 1)).respond(413, {});
    await expect(proxy).rejects.toEqual(new UploadError('Bestand kon niet geupload worden. Probeer het opnieuw. Filename: a.txt'));
  });
});
