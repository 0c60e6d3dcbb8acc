import { z } from 'zod';

/** What `GET /api/config` tells the browser: public settings only. */
export const PublicConfigSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  contactEmail: z.string(),
  /**
   * How large a call may grow now (docs/product.md §7.10): up to `meshMax` people a call is peer to
   * peer; past it, and up to `limit`, it goes through the server's SFU when `sfu` is true. Without
   * an SFU, `limit` is the peer-to-peer limit (CALL_LIMIT).
   */
  calls: z
    .object({
      sfu: z.boolean(),
      meshMax: z.number().int().positive(),
      limit: z.number().int().positive(),
    })
    .optional(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
