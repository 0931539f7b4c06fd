/**
 * Hands a file made in the page to the browser's downloads, as a link with `download` would. The address
 * is let go a little later: revoked at once, a browser that starts the download after the click's task
 * has nothing to read.
 */
export function saveFile(contents: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
