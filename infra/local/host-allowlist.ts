/**
 * The names the local cloud answers to. A page on any site can point its own DNS name at 127.0.0.1 (DNS
 * rebinding) and then read the local cloud as same-origin; the one thing it cannot change is the name in the
 * `Host` header. So only loopback names on the cloud's own port are answered, plus hosts named in the
 * configuration (PT_BR_HOSTS, for trying the Brazilian edition under a hosts-file name).
 */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Whether a request's `Host` header names this cloud: an allowed name and the port it listens on. */
export function isAllowedHost(
  host: string | undefined,
  port: number,
  extraNames: readonly string[] = [],
): boolean {
  if (!host) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match?.[1]) return false;
  const name = match[1].toLowerCase().replace(/\.$/, '');
  const givenPort = match[2] === undefined ? 80 : Number(match[2]);
  if (givenPort !== port) return false;
  return LOOPBACK_NAMES.includes(name) || extraNames.some((extra) => extra.toLowerCase() === name);
}

/** The answer to a foreign `Host`: 421, which tells a browser or proxy that it reached the wrong server. */
export function misdirectedMessage(host: string | undefined, port: number): string {
  return (
    `Misdirected Request: this local cloud answers only http://localhost:${port} ` +
    `(or 127.0.0.1 and [::1] on port ${port}), not the host ${JSON.stringify(host ?? '')}. ` +
    'Other names are refused so that no web page can reach it through DNS rebinding.\n'
  );
}
