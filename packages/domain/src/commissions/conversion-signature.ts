/**
 * How a merchant signs a conversion report (POST /api/conversions), in the style of Stripe's
 * webhook signatures:
 *
 *   X-MYEAI-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
 *
 * where the HMAC key is the product's conversion secret and the signed message is
 * `${t}.${raw request body}` (the exact bytes sent, before any JSON parsing). The timestamp must
 * be within 5 minutes of the server's clock, either way, so a captured request cannot be replayed
 * later; several v1 entries may be sent (while a secret is rotated) and any one may match.
 * The HMAC itself is computed on the server (node:crypto); these are the pure parts.
 */
export const CONVERSION_SIGNATURE_HEADER = 'x-myeai-signature';
export const CONVERSION_SIGNATURE_TOLERANCE_SECONDS = 300;
const MAX_SIGNATURES = 5;

export type ParsedSignatureHeader = { timestamp: number; signatures: string[] };

/** Reads `t=...,v1=...[,v1=...]`; null when the header is missing or malformed. */
export function parseSignatureHeader(header: string | null | undefined): ParsedSignatureHeader | null {
  if (!header || header.length > 1024) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || key === undefined || value === undefined) return null;
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(value.toLowerCase());
    }
    // Other schemes (v0, future versions) are ignored, as Stripe does.
  }
  if (timestamp === null || signatures.length === 0 || signatures.length > MAX_SIGNATURES) return null;
  return { timestamp, signatures };
}

/** The message that is signed: the timestamp, a dot and the raw body. */
export function signedConversionPayload(timestamp: number, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}

/** Whether the signature's timestamp lies within the tolerance of `now`, in the past or the future. */
export function isSignatureFresh(timestamp: number, now: Date, toleranceSeconds = CONVERSION_SIGNATURE_TOLERANCE_SECONDS): boolean {
  return Math.abs(Math.floor(now.getTime() / 1000) - timestamp) <= toleranceSeconds;
}

export function formatSignatureHeader(timestamp: number, hexSignature: string): string {
  return `t=${timestamp},v1=${hexSignature}`;
}

/**
 * A conversion is attributed to a click of the referrer on the product within this many days
 * before the report; older clicks (or none) earn nothing.
 */
export const ATTRIBUTION_WINDOW_DAYS = 30;
