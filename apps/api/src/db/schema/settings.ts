import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** One row (id = 1) holding the site settings of spec §3, with their defaults. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer().primaryKey().default(1),
    siteName: text().notNull().default('Medical Learning Platform'),
    siteDescription: text()
      .notNull()
      .default('Your comprehensive platform for medical education and professional development'),
    contactEmail: text().notNull().default('support@example.com'),
    maintenanceMode: boolean().notNull().default(false),
    registrationEnabled: boolean().notNull().default(true),
    examCreationEnabled: boolean().notNull().default(true),
    paypalClientId: text().notNull().default(''),
    /** AES-256-GCM ciphertext (key derived from APP_SECRET); never returned by the API */
    paypalClientSecretEnc: text(),
    paypalMode: text({ enum: ['sandbox', 'production'] })
      .notNull()
      .default('sandbox'),
    paypalEnabled: boolean().notNull().default(false),
    /** the sandbox demo payment in production (decision 0019); outside production sandbox mode allows it */
    testPaymentsEnabled: boolean().notNull().default(false),
    /** the id PayPal gave the webhook pointing at /api/payments/paypal/webhook; events are verified with it */
    paypalWebhookId: text().notNull().default(''),
    /** the learning community (decision 0056): discussions on, and new learners' comments held */
    communityEnabled: boolean().notNull().default(true),
    communityHoldFirstComments: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);
