import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { registerDraining } from './plugins/draining.ts';
import { registerAdmission } from './plugins/admission.ts';
import { registerRequestMetrics } from './plugins/request-metrics.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerWeb } from './plugins/static-web.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicSettingsRoutes } from './modules/settings/settings.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { deviceRoutes } from './modules/devices/devices.routes.ts';
import { adminRoutes } from './modules/admins/admins.routes.ts';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes.ts';
import { adminSettingsRoutes } from './modules/settings/settings.admin.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { adminExamRoutes } from './modules/admin-exams/admin-exams.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { articleRoutes } from './modules/articles/articles.routes.ts';
import { courseRoutes } from './modules/courses/courses.routes.ts';
import { adminCourseRoutes } from './modules/courses/courses.admin.routes.ts';
import { mockRoutes } from './modules/mocks/mocks.routes.ts';
import { adminMockRoutes } from './modules/mocks/mocks.admin.routes.ts';
import { cohortRoutes } from './modules/cohorts/cohorts.routes.ts';
import { adminCohortRoutes } from './modules/cohorts/cohorts.admin.routes.ts';
import { communityRoutes } from './modules/community/community.routes.ts';
import { adminCommunityRoutes } from './modules/community/community.admin.routes.ts';
import { questionImportRoutes } from './modules/question-imports/question-imports.routes.ts';
import { exportRoutes } from './modules/exports/exports.routes.ts';
import { registerMaintenanceMode } from './plugins/maintenance.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { examRoutes } from './modules/exams/exams.routes.ts';
import { attemptRoutes } from './modules/attempts/attempts.routes.ts';
import { practiceRoutes } from './modules/practice/practice.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { itemAnalysisRoutes } from './modules/item-analysis/item-analysis.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { noteRoutes } from './modules/notes/notes.routes.ts';
import { dataRightsRoutes } from './modules/data-rights/data-rights.routes.ts';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { testHookRoutes } from './modules/test-hooks/test-hooks.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';

export interface BuildAppOptions {
  ctx: AppContext;
  logger?: FastifyServerOptions['logger'];
  /** the built SPA (apps/web/dist); omitted in API tests */
  webDistDir?: string;
}

const ONE_MIB = 1024 * 1024;

/** Decision 0046: a few requests at a time keep each one's wait short; 10 s in the queue at most. */
const EMBEDDED_ADMISSION = { limit: 8, maxWaitMs: 10_000, maxQueue: 2000 };

export async function buildApp({
  ctx,
  logger = false,
  webDistDir,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: ONE_MIB,
    // Fastify sets no time-outs by default; a slow or stalled client must not hold a socket for ever.
    connectionTimeout: 120_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    // registerDraining answers during shutdown, with our error shape and Retry-After; Fastify still
    // adds `Connection: close` to those answers.
    return503OnClosing: false,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerDraining(app);
  // The embedded database runs one query at a time: bursts wait their turn, fairly, or hear 503 busy.
  if (ctx.database.kind === 'pglite') ctx.metrics.watchAdmission(registerAdmission(app, EMBEDDED_ADMISSION));
  // Every answer counted by its route's pattern and timed (decision 0070), 404s and refusals included.
  registerRequestMetrics(app, ctx.metrics);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The PayPal JS SDK loads from paypal.com and renders its buttons in frames (spec §7).
        'script-src': [
          "'self'",
          'https://www.paypal.com',
          'https://*.paypal.com',
          'https://*.paypalobjects.com',
        ],
        'frame-src': ["'self'", 'https://www.paypal.com', 'https://*.paypal.com'],
        'connect-src': ["'self'", 'https://*.paypal.com'],
        'img-src': ["'self'", 'data:', 'https:'],
        // MUI (emotion) injects style elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': ctx.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: ctx.config.isProduction,
  });
  // Answers up to 32 KB (a practice set of 40 questions is 9 KB) are compressed in one synchronous call
  // and sent with a Content-Length in one write; the plugin's default on 2 cores (8 KB) streamed them
  // through zlib's thread pool: a stream and several writes per answer. Bigger ones (the analytics page,
  // 44 KB) still stream: there the thread pool's second core wins (docs/performance-history.md, 2026-11-24).
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 32_768 });

  // Everything under /api carries someone's data or may; browsers and proxies must not keep it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Medical Learning Platform API',
        version: '1.0.0',
        description: 'Generated from the zod schemas in packages/contract.',
      },
      components: {
        securitySchemes: {
          learner: { type: 'http', scheme: 'bearer', description: 'Learner session token' },
          admin: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Admin <token>`' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerMaintenanceMode(app, ctx);

  // Every route comes from the contract's table (packages/contract/src/routes.ts, decision 0028) with its
  // full path; each module registers its own.
  for (const routes of [
    healthRoutes,
    publicSettingsRoutes,
    userRoutes,
    deviceRoutes,
    examRoutes,
    attemptRoutes,
    practiceRoutes,
    reviewRoutes,
    analyticsRoutes,
    reportRoutes,
    noteRoutes,
    dataRightsRoutes,
    subscriptionRoutes,
    paymentRoutes,
    adminRoutes,
    adminUserRoutes,
    adminSettingsRoutes,
    auditRoutes,
    statsRoutes,
    adminExamRoutes,
    mediaRoutes,
    itemAnalysisRoutes,
    questionImportRoutes,
    exportRoutes,
    articleRoutes,
    courseRoutes,
    adminCourseRoutes,
    mockRoutes,
    adminMockRoutes,
    cohortRoutes,
    adminCohortRoutes,
    communityRoutes,
    adminCommunityRoutes,
    testHookRoutes,
    metricsRoutes,
  ]) {
    await app.register(routes, { ctx });
  }

  await registerWeb(app, webDistDir);
  return app;
}
