import { z } from 'zod';
import { DELETE_CONFIRM_PHRASE } from '../account-data/account-data-rules.ts';

/** "Your data" on /profile, its admin counterpart in People Management, and one-click unsubscribe (issue 29 items 5 and 6). */
export const accountDataPaths = {
  me: '/api/me',
  export: '/api/me/export',
  exportDownload: '/api/me/export/download',
  adminExport: '/api/rbac/admin/users/:id/export',
  adminDelete: '/api/rbac/admin/users/:id',
  /** POST: an admin cancels a deletion still in its grace period (audited). */
  adminCancelDeletion: '/api/rbac/admin/users/:id/cancel-deletion',
  /** GET: the confirm page (or its JSON), POST: the one-click unsubscribe (RFC 8058); the e-mail's link and List-Unsubscribe header. */
  unsubscribe: '/api/unsubscribe',
} as const;

/** What a stored export row records; 'expired' is read from its expiry, never stored. */
export const STORED_DATA_EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
export const DATA_EXPORT_STATUSES = [...STORED_DATA_EXPORT_STATUSES, 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The signed download link while the export is ready; null otherwise. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const DataExportStateSchema = z.object({ export: DataExportSchema.nullable() });
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const SignedTokenQuerySchema = z.object({ token: z.string().min(1, 'The link is incomplete.').max(500, 'The link is not valid.') });

const ConfirmPhraseSchema = z.string().refine((value) => value === DELETE_CONFIRM_PHRASE, { message: `Type ${DELETE_CONFIRM_PHRASE} to confirm.` });

export const DeleteAccountInputSchema = z.object({
  /** Required for accounts with a password; an account without one needs a fresh sign-in instead. */
  password: z.string().max(200).optional(),
  confirm: ConfirmPhraseSchema,
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

export const AdminDeleteAccountInputSchema = z.object({ confirm: ConfirmPhraseSchema });

export const AccountDeletionSchema = z.object({
  status: z.literal('scheduled'),
  requested_at: z.string(),
  erase_after: z.string(),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

export const UnsubscribeViewSchema = z.object({
  category: z.string(),
  label: z.string(),
  /** The address, partly hidden, so the page can say whose e-mails stop. */
  email: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeView = z.infer<typeof UnsubscribeViewSchema>;

export const UnsubscribeInputSchema = z.object({ token: z.string().max(500).optional() }).optional();

/** People Management's view of one person's data requests. */
export const AdminAccountDataSchema = z.object({ export: DataExportSchema.nullable(), deletion: AccountDeletionSchema.nullable() });
export type AdminAccountData = z.infer<typeof AdminAccountDataSchema>;
