import { z } from 'zod';
import { safeString } from './strings.ts';

/** Site settings a visitor's browser needs: brand title and the maintenance notice. */
export const PublicSettingsSchema = z.object({
  siteName: safeString(),
  siteDescription: safeString(),
  /** Shown in the footer so visitors can reach the site (decision 0022). */
  contactEmail: safeString(),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  /** the learning community's discussions are on (decision 0056); absent from older servers: on */
  communityEnabled: z.boolean().optional().default(true),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const DEFAULT_SITE_NAME = 'Medical Learning Platform';
