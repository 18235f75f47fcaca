/** Hands a downloaded blob to the browser as a file with this name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser reads the blob after the click returns: revoking at once can cancel the download
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
