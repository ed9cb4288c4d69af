/**
 * The identity verification provider, behind one small interface as SMS is: `start` answers the address of the
 * provider's own page where the person proves who they are (face or two-factor); the provider then posts the
 * result to POST /api/realidcation/callback, signed with the shared secret (callbackSignature), and the person's
 * browser comes back to returnUrl.
 *
 * - `dev` (the default): a page of our own (/realidcation/dev-verify) where a developer passes or fails the attempt;
 *   the page's choice goes through the same signed callback. It logs what it would send, the ID number masked.
 * - `http`: a real service's adapter. It posts the request as JSON to IDENTITY_PROVIDER_URL, signed with the same
 *   secret (header x-trackline-signature, HMAC-SHA256 of the body), and expects `{ "url": "https://…" }` back.
 */
import { createHmac } from 'node:crypto';
import { maskIdNumber, maskName } from '@trackline/contract/identity';
import { REALNAME_PAGES } from '@trackline/contract/realname-paths';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/app-error';

export interface VerificationRequest {
  /** Our attempt's token: the callback names it. */
  attempt: string;
  name: string;
  idNumber: string;
  /** Where the provider posts its signed result. */
  callbackUrl: string;
  /** Where the person's browser goes back to afterwards. */
  returnUrl: string;
}

export interface IdentityProvider {
  readonly name: string;
  start(request: VerificationRequest): Promise<{ url: string }>;
}

export type ProviderLog = (entry: Record<string, unknown>) => void;

export function devIdentityProvider(log: ProviderLog): IdentityProvider {
  return {
    name: 'dev',
    async start(request) {
      // What a real provider would receive, with the personal data masked: never a whole ID number in a log.
      log({
        type: 'identity',
        provider: 'dev',
        attempt: request.attempt,
        name: maskName(request.name),
        id_number: maskIdNumber(request.idNumber),
        callback: request.callbackUrl,
        return: request.returnUrl,
      });
      return { url: `${REALNAME_PAGES.devVerify}?attempt=${encodeURIComponent(request.attempt)}` };
    },
  };
}

export function httpIdentityProvider(url: string, secret: string, fetcher: typeof fetch = fetch): IdentityProvider {
  return {
    name: 'http',
    async start(request) {
      const body = JSON.stringify({
        attempt: request.attempt,
        name: request.name,
        id_number: request.idNumber,
        callback_url: request.callbackUrl,
        return_url: request.returnUrl,
      });
      let answer: { url?: unknown };
      try {
        const res = await fetcher(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-trackline-signature': createHmac('sha256', secret).update(body).digest('hex'),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`provider answered ${res.status}`);
        answer = (await res.json()) as { url?: unknown };
      } catch {
        throw new AppError('REALNAME_PROVIDER_FAILED');
      }
      if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url))
        throw new AppError('REALNAME_PROVIDER_FAILED');
      return { url: answer.url };
    },
  };
}

export function identityProviderFor(config: Config, secret: string, log: ProviderLog): IdentityProvider {
  if (config.identity.provider === 'http') return httpIdentityProvider(config.identity.providerUrl!, secret);
  return devIdentityProvider(log);
}

/** The signature a callback carries: HMAC-SHA256 (hex) of its fields joined by '.', with the shared secret. */
export function callbackSignature(
  secret: string,
  fields: { attempt: string; result: string; reason: string; nonce: string; timestamp: number },
): string {
  const text = [fields.attempt, fields.result, fields.reason, fields.nonce, String(fields.timestamp)].join('.');
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** A callback older (or further ahead) than this is refused, so a captured one cannot be sent much later. */
export const CALLBACK_WINDOW_SECONDS = 300;
