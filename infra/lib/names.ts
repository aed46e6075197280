/** `cover-letter` -> `CoverLetter`, `wsTicket` -> `WsTicket`: construct ids from manifest names. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
