/** Request schemas of the storage calls; shapes and limits are in storage-types.ts. */
import { z } from 'zod';
import { GRANT_KINDS } from './storage-types';

export const ossSecretQuery = z.object({
  kind: z.enum(GRANT_KINDS),
  size: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  content_type: z.string().trim().toLowerCase().min(1).max(100),
  /** The file's own name, kept as its display name. */
  name: z.string().max(1000).optional(),
});
export type OssSecretQuery = z.input<typeof ossSecretQuery>;

export const uploadFileQuery = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

/** The signed URL's own parameters (PUT /api/upload/signed?…): checked against the signature, never trusted alone. */
export const signedUploadQuery = z.object({
  uid: z.coerce.number().int().positive(),
  kind: z.enum(GRANT_KINDS),
  key: z.string().min(1).max(300),
  size: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  type: z.string().min(1).max(100),
  name: z.string().max(1000).default(''),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SignedUploadQuery = z.infer<typeof signedUploadQuery>;

export const uploadConfirmBody = z.object({
  key: z.string().min(1).max(300),
  name: z.string().max(1000).optional(),
});
