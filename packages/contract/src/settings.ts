import { z } from 'zod';

/** Site settings a visitor's browser needs: brand title and the maintenance notice. */
export const PublicSettingsSchema = z.object({
  siteName: z.string(),
  siteDescription: z.string(),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const DEFAULT_SITE_NAME = 'Medical Learning Platform';
