/**
 * Hand the finished file to the browser. The link is a presigned GET on another origin that answers with
 * `Content-Disposition: attachment`, so following it downloads the file and leaves the page where it is;
 * `download` only names the file where the link happens to be same-origin (the header names it otherwise).
 */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
