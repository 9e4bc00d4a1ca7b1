import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { isLoopbackHost } from '../../../../contract/rules/hosts.ts';

/** The types a logo is taken in. */
export const LOGO_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);

export const LOGO_TIMEOUT_MS = 5_000;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface LogoFetchRules {
  production: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Why a logo was not fetched. */
export class LogoRefused extends Error {
  override readonly name = 'LogoRefused';
}

/** Addresses no logo is fetched from in production: not the public internet. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 address, IPv4-mapped ones by their IPv4 address) is outside the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup for connections that refuses a name with any address outside the public internet. */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      callback(Object.assign(new LogoRefused(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), { code: 'ENOTPUBLIC' }), '');
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** Refuses an address no logo is fetched from (see above); `scheme`: the one a redirect must keep. */
function checkAddress(url: URL, production: boolean, scheme: string | undefined): void {
  if (scheme !== undefined && url.protocol !== scheme) throw new LogoRefused(`a redirect to another scheme (${url.protocol}) is not followed`);
  const local = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && !production)) {
    throw new LogoRefused(`${url.protocol} logos are not fetched (https only${production ? '' : ', or http from a loopback host'})`);
  }
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (production && isIP(literal) !== 0 && isNonPublicAddress(literal)) throw new LogoRefused(`${literal} is not a public address`);
}

interface Answer {
  redirect?: string;
  body?: Buffer;
  type?: string;
}

function answerOf(response: IncomingMessage, maxBytes: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      resolve({ redirect: response.headers.location });
      return;
    }
    if (status !== 200) {
      response.resume();
      reject(new LogoRefused(`answered ${status}`));
      return;
    }
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!LOGO_TYPES.has(type)) {
      response.destroy();
      reject(new LogoRefused(`a logo of type ${JSON.stringify(type)} is not drawn`));
      return;
    }
    if (Number(response.headers['content-length']) > maxBytes) {
      response.destroy();
      reject(new LogoRefused(`the logo is larger than ${maxBytes} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new LogoRefused(`the logo is larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve({ body: Buffer.concat(chunks), type }));
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete) reject(new LogoRefused('the answer was cut off'));
    });
  });
}

function get(url: URL, production: boolean, maxBytes: number, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'GET',
      headers: { accept: [...LOGO_TYPES].join(', ') },
      signal,
      ...(production ? { lookup: publicOnlyLookup } : {}),
    }, (response) => answerOf(response, maxBytes).then(resolve, reject));
    request.on('error', reject);
    request.end();
  });
}

/**
 * A vendor's logo from another server, fetched to draw its app icons, with care, since its address is
 * whatever the vendor's settings say:
 *
 * - https only; http only to a loopback host (a developer's own server), and never in production;
 * - in production, no host whose name resolves to a private, loopback, link-local or otherwise
 *   non-public address (the address is checked as the connection is made, so a name cannot resolve
 *   to one address when checked and another when connected to);
 * - a few redirects, each checked as the first address, none to another scheme;
 * - a PNG, JPEG, WebP or SVG as its Content-Type says, at most `maxBytes`, all within `timeoutMs`.
 *
 * Answers its bytes and type; throws a LogoRefused (or the network's error) when it is not fetched.
 */
export async function fetchLogo(address: string, rules: LogoFetchRules): Promise<{ body: Buffer; type: string }> {
  const signal = AbortSignal.timeout(rules.timeoutMs ?? LOGO_TIMEOUT_MS);
  const maxBytes = rules.maxBytes ?? LOGO_MAX_BYTES;
  let url = new URL(address);
  const scheme = url.protocol;
  for (let redirects = 0; ; redirects++) {
    checkAddress(url, rules.production, redirects === 0 ? undefined : scheme);
    const answer = await get(url, rules.production, maxBytes, signal);
    if (answer.body && answer.type) return { body: answer.body, type: answer.type };
    if (redirects >= MAX_REDIRECTS) throw new LogoRefused(`more than ${MAX_REDIRECTS} redirects`);
    url = new URL(answer.redirect ?? '', url);
  }
}
