import { z } from 'zod';
import { opt, originFields, strictObject } from './common.js';

/** `POST /v2/team/keys` (extension): issue a key for the caller's own team. */
export const teamKeyCreateRequest = strictObject({
  name: opt(z.string().trim().min(1).max(100), 'dashboard').describe('A label to tell the key apart from the others.'),
  ...originFields,
});

/** `DELETE /v2/team/keys/{keyId}`. */
export const teamKeyParams = z.object({
  keyId: z.string().min(1).max(100),
});

export type TeamKeyCreateRequest = z.output<typeof teamKeyCreateRequest>;
export type TeamKeyParams = z.output<typeof teamKeyParams>;
