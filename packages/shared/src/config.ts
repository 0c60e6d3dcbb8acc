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
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
