/** Files the pages download (the PDFs): saved under a name, on the paper the office's country prints on. */

/** Saves the file as the browser saves a download, under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser reads the file asynchronously after the click; the address is freed once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Letter paper where offices print on it (the United States and Canada), A4 elsewhere. */
export function paperOfBrowser(): 'letter' | 'a4' {
  return navigator.language === 'en-US' || navigator.language === 'en-CA' ? 'letter' : 'a4';
}
