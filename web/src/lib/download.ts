/**
 * Saves the file behind `url` as a download, streamed by the browser straight to disk (an
 * export link carries its own token, so no header is needed and nothing is held in memory).
 */
export function downloadLink(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
