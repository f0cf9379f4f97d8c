import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, field } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart/form-data upload; every other write takes JSON only. */
    multipartUpload?: boolean;
    /** A GET that changes state (logout): refused from another site like any write. */
    changesState?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A NUL character (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its pair. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const forbiddenText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const forbiddenTextMessage = 'Text must not contain NUL characters or unpaired surrogates.';

/** The path (items.0.note) of the first string, or object key, that holds forbidden text. */
function findForbiddenText(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return forbiddenText.test(value) ? path : undefined;
  // Deeper than any schema of the API goes: the schema refuses it, the walk need not go on.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (forbiddenText.test(key)) return [...path, key];
    const found = findForbiddenText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function refuseText(where: string, path: string[]) {
  const name = path.length ? path.join('.') : where;
  return fail('bad_request', undefined, {
    fields: { [name]: field('validation.invalid') },
    message: `Invalid ${name}: ${forbiddenTextMessage}`,
  });
}

/** Every percent-escape of the raw query string must decode to UTF-8; the parser would keep bad ones as text. */
function checkQueryEncoding(url: string) {
  const start = url.indexOf('?');
  // Without a percent sign there is no escape to decode (most queries): nothing to split and try.
  if (start === -1 || url.indexOf('%', start) === -1) return;
  for (const pair of url.slice(start + 1).split('&')) {
    const [rawKey = '', rawValue = ''] = pair.split(/=(.*)/s);
    for (const part of [rawKey, rawValue]) {
      try {
        decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        let name = rawKey;
        try {
          name = decodeURIComponent(rawKey);
        } catch {
          // The key itself is the bad part; name it as sent.
        }
        throw fail('bad_request', undefined, {
          fields: { [name]: field('validation.invalid_format') },
          message: `Invalid ${name}: malformed percent-encoding.`,
        });
      }
    }
  }
}

/** The scheme and host a browser addressed: the origin of a same-origin request. */
function ownOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : undefined;
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Platform-level guards that every route gets, whatever its schema:
 * - writes take JSON only (415), multipart only on a route that declares an upload, so an HTML form or a
 *   text/plain "simple request" from another origin cannot reach a handler;
 * - writes, and GETs that change state, are refused when the browser says they come from another site
 *   or origin (Sec-Fetch-Site, Origin, Referer), checked against PUBLIC_URL and the request's own origin
 *   (unless an API key, not a cookie, authenticates them);
 * - JSON bodies must be valid UTF-8, and no body, query or path value may hold a NUL or a lone
 *   surrogate (PostgreSQL cannot store the one, and the other would be stored as a replacement
 *   character): 400 naming the field.
 * Decisions rest on the matched route's config and the method, never on the URL text.
 */
export function registerRequestGuards(app: FastifyInstance) {
  const publicOrigin = new URL(app.config.publicUrl).origin;

  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(
        fail('request.malformed_body', undefined, { message: 'The request body is not valid UTF-8 text.' }),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const writes = !SAFE_METHODS.has(request.method);
    // A request that names an API key is authenticated by that key alone, never by its cookie (platform/auth.ts),
    // so another site gains nothing by making a visitor's browser send it: it would need the key, and a browser
    // sends an Authorization header to another origin only after a CORS preflight this server never grants
    // (ADR 050). The check stays on for every request a cookie authenticates.
    const bearer = request.headers.authorization !== undefined;
    if ((writes || config.changesState) && !bearer) refuseCrossSite(request, publicOrigin);
    if (writes) refuseNonJson(request, config.multipartUpload === true);
  });

  app.addHook('preValidation', async (request) => {
    checkQueryEncoding(request.url);
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findForbiddenText(value);
      if (path) throw refuseText(where, path);
    }
  });
}

function refuseCrossSite(request: FastifyRequest, publicOrigin: string) {
  const site = request.headers['sec-fetch-site'];
  // 'none' is the user's own action (the address bar, a bookmark); same-site is a sibling origin.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw fail('request.cross_site');
  }
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed = origin !== undefined ? originOf(origin) : referer !== undefined ? originOf(referer) : null;
  if (claimed === null) return; // Not a browser, or one that sends neither: no ambient cookie to abuse.
  if (claimed === undefined || (claimed !== publicOrigin && claimed !== ownOrigin(request))) {
    throw fail('request.cross_site');
  }
}

function refuseNonJson(request: FastifyRequest, multipartAllowed: boolean) {
  const contentType = request.headers['content-type'];
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (media === undefined || media === '') {
    if (!hasBody) return;
  } else if (media === 'application/json' || (multipartAllowed && media === 'multipart/form-data')) {
    return;
  }
  throw fail('request.unsupported_media_type', undefined, {
    message: `Unsupported content type${media ? ` ${media}` : ''}: send the request body as application/json.`,
  });
}
