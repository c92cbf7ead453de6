import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/**
 * Payout details and their validation (issue 30 item 1). The server parses every PUT with
 * PayoutDetailsSchema, so a bad routing number, IBAN or address is a 400 naming the field; the
 * web form shows the same messages. Each check is the format's own rule (the ABA checksum, the
 * IBAN mod-97 through ibantools, bech32's checksum), not a length guess.
 */

export const CRYPTO_NETWORKS = ['BTC', 'ETH', 'USDT_ERC20'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];
export const CRYPTO_NETWORK_LABELS: Record<CryptoNetwork, string> = { BTC: 'Bitcoin', ETH: 'Ethereum', USDT_ERC20: 'USDT (ERC-20)' };

/** An ABA routing number: 9 digits whose weighted sum 3,7,1,3,7,1,3,7,1 is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return sum % 10 === 0 && value !== '000000000';
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) checksum ^= generators[i]!;
  }
  return checksum >>> 0;
}

/** A native segwit address (bc1...): bech32 for version 0, bech32m for later versions (BIP 173, BIP 350). */
function isValidSegwitAddress(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (lower.slice(0, separator) !== 'bc' || lower.length < 14 || lower.length > 74) return false;
  const data = [...lower.slice(separator + 1)].map((char) => BECH32_CHARSET.indexOf(char));
  if (data.length < 7 || data.some((value) => value < 0)) return false;
  const hrp = [...'bc'].map((char) => char.charCodeAt(0));
  const expanded = [...hrp.map((code) => code >> 5), 0, ...hrp.map((code) => code & 31), ...data];
  const version = data[0]!;
  return bech32Polymod(expanded) === (version === 0 ? BECH32_CONST : BECH32M_CONST);
}

/**
 * Bitcoin: a bech32/bech32m address with its checksum, or a legacy base58 address (1... or 3...)
 * by its alphabet and length (its double-SHA-256 checksum is not checked here: the domain has no hash).
 */
export function isValidBitcoinAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isValidSegwitAddress(address);
  return /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address);
}

/** Ethereum and ERC-20 tokens: 0x and 40 hex digits (mixed case is EIP-55's checksum, not verified here). */
export function isValidEthereumAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

export function isValidCryptoAddress(network: CryptoNetwork, address: string): boolean {
  return network === 'BTC' ? isValidBitcoinAddress(address) : isValidEthereumAddress(address);
}

/** An IBAN as typed (spaces, lower case) in its electronic form, e.g. "DE89370400440532013000". */
export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} is at most ${max} characters.`);
const digits = (value: string) => value.replace(/[\s-]/g, '');

const PaypalDetailsSchema = z.object({
  method: z.literal('paypal'),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter the e-mail address of your PayPal account.')),
});

const AchDetailsSchema = z.object({
  method: z.literal('ach'),
  account_holder: text('account holder', 100),
  routing_number: z
    .string()
    .transform(digits)
    .refine(isValidRoutingNumber, 'Enter a valid 9-digit ABA routing number (its check digit does not match).'),
  account_number: z
    .string()
    .transform(digits)
    .refine((value) => /^\d{4,17}$/.test(value), 'Enter the account number: 4 to 17 digits.'),
  account_type: z.enum(['checking', 'savings'], { error: 'Choose checking or savings.' }).default('checking'),
});

const WireDetailsSchema = z
  .object({
    method: z.literal('wire'),
    account_holder: text('account holder', 100),
    iban: z.string().transform(normaliseIban).optional(),
    account_number: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .optional(),
    swift_bic: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .optional(),
    bank_name: text('bank name', 100),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Enter the bank country as a 2-letter code, e.g. DE.'),
  })
  .superRefine((value, ctx) => {
    const iban = value.iban || undefined;
    const account = value.account_number || undefined;
    if (value.swift_bic && !isValidBIC(value.swift_bic)) ctx.addIssue({ code: 'custom', path: ['swift_bic'], message: 'Enter a valid SWIFT/BIC code (8 or 11 characters).' });
    if (iban) {
      if (!isValidIBAN(iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'Enter a valid IBAN (its check digits do not match).' });
      return;
    }
    if (!account) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'Enter an IBAN, or an account number with a SWIFT/BIC code.' });
      return;
    }
    if (!/^[A-Z0-9]{4,34}$/.test(account)) ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'Enter the account number: 4 to 34 letters and digits.' });
    if (!value.swift_bic) ctx.addIssue({ code: 'custom', path: ['swift_bic'], message: 'Enter the SWIFT/BIC code of the bank.' });
  })
  .transform(({ iban, account_number, swift_bic, ...rest }) => ({
    ...rest,
    ...(iban ? { iban } : { account_number: account_number ?? '' }),
    ...(swift_bic ? { swift_bic } : {}),
  }));

const CryptoDetailsSchema = z
  .object({
    method: z.literal('crypto'),
    network: z.enum(CRYPTO_NETWORKS, { error: 'Choose a network: BTC, ETH or USDT_ERC20.' }),
    address: z.string().trim().min(1, 'Enter the wallet address.'),
  })
  .superRefine((value, ctx) => {
    if (!isValidCryptoAddress(value.network, value.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: `Enter a valid ${CRYPTO_NETWORK_LABELS[value.network]} address.` });
    }
  });

/** The body of PUT /api/payouts/method: one method and its details. */
export const PayoutDetailsSchema = z.discriminatedUnion('method', [PaypalDetailsSchema, AchDetailsSchema, WireDetailsSchema, CryptoDetailsSchema], {
  error: 'Choose a payout method: paypal, ach, wire or crypto.',
});
export type PayoutDetailsInput = z.input<typeof PayoutDetailsSchema>;
export type PayoutDetails = z.output<typeof PayoutDetailsSchema>;

function lastFour(value: string): string {
  return `••••${value.slice(-4)}`;
}

/** The e-mail with its local part hidden but the first character: "j•••@example.com". */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** What a payee, an admin screen or a notification shows of the details: never the full numbers (issue 30 item 1). */
export function maskPayoutDetails(details: PayoutDetails): string {
  switch (details.method) {
    case 'paypal':
      return `PayPal ${maskEmail(details.email)}`;
    case 'ach':
      return `ACH ${details.account_type} ${lastFour(details.account_number)}`;
    case 'wire':
      return 'iban' in details && details.iban ? `Wire IBAN ${lastFour(details.iban)}` : `Wire account ${lastFour('account_number' in details ? details.account_number : '')}`;
    case 'crypto':
      return `${CRYPTO_NETWORK_LABELS[details.network]} ${lastFour(details.address)}`;
  }
}
