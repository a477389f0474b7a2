/** Hands a downloaded file (an API answer fetched with the sign-in token) to the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
