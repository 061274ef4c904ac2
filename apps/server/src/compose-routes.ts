import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './app-deps';
import { composeBilling } from './compose-billing';
import { composeWebhooks } from './compose-webhooks';
import { createSignInThrottle } from './lib/limits/sign-in-throttle';
import {
  accountsRoutes,
  createAccountsService,
  createBackgroundTasks,
  createOrganizationsService,
  createPasswordResetService,
  createPersonsService,
  createProvisionedPersonsService,
} from './modules/accounts';
import type { ApiTokenService } from './modules/api-tokens';
import { apiTokensRoutes } from './modules/api-tokens';
import { auditRoutes, createAuditService } from './modules/audit';
import {
  billingRoutes,
  createBillCollections,
  createBillingService,
  listBillingRuns,
  reconcileDifferences,
} from './modules/billing';
import { billingInfoRoutes, createBillingInfoService } from './modules/billing-info';
import { billingContacts, createDunningSettingsService } from './modules/bills';
import { catalogRoutes, createCatalogService } from './modules/catalog';
import { createDisputesService, disputesRoutes } from './modules/disputes';
import {
  createIdentityService,
  createOwnSessionsService,
  identityRoutes,
  ownSessionsRoutes,
} from './modules/identity';
import type { LicenseRead } from './modules/licensing';
import {
  createLeasesService,
  createLicensingService,
  createMachinesService,
  createOfflineActivationService,
  createOfflineLicenseService,
  createOfflineUsageService,
  licensingRoutes,
  signingKeySource,
} from './modules/licensing';
import {
  createConsoleActionsService,
  createOperatorConsoleService,
  operatorConsoleRoutes,
} from './modules/operator-console';
import { createOperatorDashboardService, operatorDashboardRoutes } from './modules/operator-dashboard';
import { createPaymentsService, paymentsRoutes } from './modules/payments';
import { promotionsRoutes } from './modules/promotions';
import { createRefundsService, creditNotesRoutes, refundsRoutes } from './modules/refunds';
import { createScimService, scimBaseUrl, scimRoutes } from './modules/scim';
import { createSsoOperatorService, createSsoService, ssoRoutes } from './modules/sso';
import { storeRoutes } from './modules/store';
import { createStripeWebhookService, stripeWebhookRoutes } from './modules/stripe-webhook';
import {
  addPerpetualLicense,
  cancellationReasons,
  createOperatorSubscriptionsService,
  createSubscriptionService,
  subscriptionsRoutes,
} from './modules/subscriptions';
import { createSystemService, systemRoutes } from './modules/system';
import { createTwoFactorService, twoFactorKey, twoFactorRoutes } from './modules/two-factor';
import { webhooksRoutes } from './modules/webhooks';
import type { ReadCaches } from './plugins/read-caches';

/**
 * Every route plugin of the API with the services it answers with, in the order they are registered.
 * Each service is built once here and handed to the routes (and the other services) that need it.
 */
export function composeRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  shared: { apiTokens: ApiTokenService; readCaches: ReadCaches<LicenseRead> },
): FastifyPluginAsync[] {
  const { db } = deps;
  const { apiTokens, readCaches } = shared;
  const signingKeys = signingKeySource(deps.config);
  const offlineLicenses = createOfflineLicenseService({ signingKeys });
  const machines = createMachinesService(deps);
  // Licensing reads subscriptions, so what subscriptions asks of licensing is handed in here.
  const subscriptionService = createSubscriptionService({
    ...deps,
    licensing: {
      deleteAllMachines: machines.deleteAllMachines,
      issueOfflineLicense: offlineLicenses.issueOfflineLicense,
    },
  });
  const subscriptions: FastifyPluginAsync = (scope) =>
    subscriptionsRoutes(scope, { ...deps, subscriptions: subscriptionService });
  // Offline files' usage keys derive from the server's one key for secrets (docs/decisions/040).
  const serverKey = () => twoFactorKey(db, deps.config);
  // The license reads' cache is typed by licensing; the platform only knows whose each entry is.
  const licensing: FastifyPluginAsync = (scope) =>
    licensingRoutes(scope, {
      licensing: createLicensingService({
        ...deps,
        log: app.log,
        licenses: readCaches.licenses,
        signingKeys,
      }),
      machines,
      leases: createLeasesService({ ...deps, licenses: readCaches.licenses, signingKeys }),
      offlineActivations: createOfflineActivationService({ ...deps, signingKeys, serverKey }),
      offlineUsage: createOfflineUsageService({ ...deps, signingKeys, serverKey }),
      limits: deps.limits,
    });
  const background = createBackgroundTasks((error, what) => app.log.error({ err: error }, `${what} failed`));
  app.addHook('onClose', () => background.idle());
  const twoFactor = createTwoFactorService({ ...deps, throttle: createSignInThrottle(deps) });
  const system: FastifyPluginAsync = (scope) =>
    systemRoutes(scope, { ...deps, system: createSystemService(deps) });
  const ssoService = createSsoService({
    ...deps,
    secretKey: () => twoFactorKey(db, deps.config),
    organizations: createOrganizationsService(deps),
    twoFactor,
  });
  const identity: FastifyPluginAsync = (scope) =>
    identityRoutes(scope, {
      ...deps,
      identity: createIdentityService({ ...deps, twoFactor, sso: ssoService }),
    });
  const sso: FastifyPluginAsync = (scope) =>
    ssoRoutes(scope, {
      sso: ssoService,
      operator: createSsoOperatorService(deps),
      publicUrl: deps.config.publicUrl,
    });
  const accounts: FastifyPluginAsync = (scope) =>
    accountsRoutes(scope, {
      accounts: createAccountsService(deps),
      persons: createPersonsService({ ...deps, twoFactor }),
      reset: createPasswordResetService({ ...deps, background }),
    });
  const twoFactorSettings: FastifyPluginAsync = (scope) => twoFactorRoutes(scope, { twoFactor });
  const ownSessions: FastifyPluginAsync = (scope) =>
    ownSessionsRoutes(scope, { ownSessions: createOwnSessionsService(deps) });
  const audit: FastifyPluginAsync = (scope) => auditRoutes(scope, { audit: createAuditService(deps) });
  const apiTokenSettings: FastifyPluginAsync = (scope) => apiTokensRoutes(scope, { apiTokens });
  const webhooks: FastifyPluginAsync = (scope) => webhooksRoutes(scope, { webhooks: composeWebhooks(deps) });
  const scimBase = scimBaseUrl(deps.config.publicUrl);
  const scim: FastifyPluginAsync = (scope) =>
    scimRoutes(scope, {
      scim: createScimService({ persons: createProvisionedPersonsService(deps), baseUrl: scimBase }),
      baseUrl: scimBase,
    });
  const catalogService = createCatalogService(deps);
  const money = composeBilling({
    ...deps,
    publicUrl: deps.config.publicUrl,
    licensing: offlineLicenses,
    catalog: catalogService,
  });
  const billingEngine = money.engine;
  const catalog: FastifyPluginAsync = (scope) => catalogRoutes(scope, { ...deps, catalog: catalogService });
  const operatorConsole: FastifyPluginAsync = (scope) =>
    operatorConsoleRoutes(scope, {
      console: createOperatorConsoleService({
        ...deps,
        organizations: createOrganizationsService(deps),
        catalog: catalogService,
        billing: {
          ...billingEngine,
          ...createBillCollections({ ...deps, licensing: offlineLicenses }),
          listBillingRuns,
          reconcileDifferences,
        },
        subscriptions: { addPerpetualLicense, cancellationReasons },
        dashboard: createOperatorDashboardService(deps),
      }),
      catalog: catalogService,
      actions: createConsoleActionsService({
        ...deps,
        organizations: createOrganizationsService(deps),
        twoFactor,
        subscriptions: createOperatorSubscriptionsService(deps),
        catalog: catalogService,
        contacts: billingContacts,
      }),
      dunning: createDunningSettingsService(deps),
    });
  const billingService = createBillingService({ db, engine: billingEngine });
  const refundsService = createRefundsService(deps);
  const store: FastifyPluginAsync = (scope) => storeRoutes(scope, { purchases: money.store });
  const promotions: FastifyPluginAsync = (scope) => promotionsRoutes(scope, { promotions: money.promotions });
  const billingInfo: FastifyPluginAsync = (scope) =>
    billingInfoRoutes(scope, { billingInfo: createBillingInfoService(deps), billing: billingService });
  const billing: FastifyPluginAsync = (scope) => billingRoutes(scope, { ...deps, billing: billingService });
  const payments: FastifyPluginAsync = (scope) =>
    paymentsRoutes(scope, {
      ...deps,
      payments: createPaymentsService({
        ...deps,
        bills: money.bills,
        subscriptions: money.subscriptions,
        store: money.store,
        licensing: offlineLicenses,
      }),
    });
  const creditNotes: FastifyPluginAsync = (scope) =>
    creditNotesRoutes(scope, { ...deps, refunds: refundsService });
  const refunds: FastifyPluginAsync = (scope) => refundsRoutes(scope, { refunds: refundsService });
  const disputesService = createDisputesService({ db, operatorAlertEmail: deps.config.operatorAlertEmail });
  const disputes: FastifyPluginAsync = (scope) => disputesRoutes(scope, { disputes: disputesService });
  const operatorDashboard: FastifyPluginAsync = (scope) =>
    operatorDashboardRoutes(scope, { dashboard: createOperatorDashboardService(deps) });
  const stripeWebhook: FastifyPluginAsync = (scope) =>
    stripeWebhookRoutes(scope, {
      ...deps,
      stripeWebhook: createStripeWebhookService({
        ...deps,
        publicUrl: deps.config.publicUrl,
        operatorAlertEmail: deps.config.operatorAlertEmail,
        billing: billingEngine,
        disputes: disputesService,
      }),
    });
  return [
    system,
    identity,
    catalog,
    store,
    promotions,
    billingInfo,
    accounts,
    subscriptions,
    licensing,
    billing,
    twoFactorSettings,
    payments,
    ownSessions,
    audit,
    apiTokenSettings,
    sso,
    scim,
    webhooks,
    creditNotes,
    refunds,
    operatorConsole,
    operatorDashboard,
    disputes,
    stripeWebhook,
  ];
}
