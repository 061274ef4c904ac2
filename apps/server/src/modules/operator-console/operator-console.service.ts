import {
  BillStatus,
  billStatusText,
  type OpsBillFilter,
  OpsBillMessages,
  OpsMessages,
  type OpsPerpetualLicenseBody,
  type OpsTermsBody,
} from '@store/core';
import type { AppDeps } from '../../app-deps';
import { conflict, notFound } from '../../lib/domain-error';
import type { OrganizationsService } from '../accounts';
import type { BillingEngine, EngineCall, InvoicePayments, listBillingRuns } from '../billing';
import type { CatalogService } from '../catalog';
import { toPersonDto } from '../identity';
import type { addPerpetualLicense } from '../subscriptions';
import { billDetail, listBills } from './console-bills.repository';
import { organizationDetail, searchOrganizations } from './console-organizations.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'> & {
  organizations: Pick<
    OrganizationsService,
    'findCustomerOrganization' | 'setOrganizationTerms' | 'promoteToAdmin' | 'resendVerification'
  >;
  catalog: Pick<CatalogService, 'findPlan'>;
  billing: Pick<BillingEngine, 'runRecorded'> &
    Pick<InvoicePayments, 'recordInvoicePayment'> & {
      listBillingRuns: typeof listBillingRuns;
    };
  subscriptions: { addPerpetualLicense: typeof addPerpetualLicense };
};

/**
 * What the operator console does (the operator API contract): it reads across the store, and every
 * change goes to the module that owns it.
 */
export function createOperatorConsoleService({
  db,
  clock,
  organizations,
  catalog,
  billing,
  subscriptions,
}: Deps) {
  /** The organization with everything the console shows of it; 404 for no such customer. */
  const detail = async (organizationId: number) =>
    organizationDetail(db, await organizations.findCustomerOrganization(organizationId));

  async function bill(orderId: number) {
    const found = await billDetail(db, orderId);
    if (!found) throw notFound(OpsMessages.billNotFound(orderId));
    return found;
  }

  return {
    searchOrganizations: (q: string, page: number) => searchOrganizations(db, q, page),
    organizationDetail: detail,

    async setTerms(organizationId: number, terms: Partial<OpsTermsBody>) {
      await organizations.setOrganizationTerms(organizationId, terms);
      return detail(organizationId);
    },

    /** Grants a perpetual license of a plan (never billed, never renewed); answers its row. */
    async grantPerpetualLicense(organizationId: number, body: OpsPerpetualLicenseBody) {
      await detail(organizationId); // 404 for no such customer
      const plan = await catalog.findPlan(body.planId);
      const made = await subscriptions.addPerpetualLicense(db, clock, {
        organizationId,
        plan,
        description: body.name ?? plan.planName,
        version: body.version ?? '',
        machines: body.machines ?? 1,
        cpus: body.cpus ?? 1,
      });
      return (await detail(organizationId)).subscriptions.find(
        (s) => s.subscriptionId === made.subscriptionId,
      )!;
    },

    async promoteToAdmin(organizationId: number, personId: number) {
      const { person } = await organizations.promoteToAdmin(personId, organizationId);
      return toPersonDto(person);
    },

    resendVerification: (personId: number) => organizations.resendVerification(personId),

    listBills: (filter: OpsBillFilter, page: number) => listBills(db, filter, page),
    bill,

    /** Records that an open invoice was paid offline, and how; answers the bill as it is now. */
    async markInvoicePaid(orderId: number, reference: string | null) {
      const found = (await bill(orderId)).bill;
      // A card bill is the gateway's to settle; said in the screen's words, without its status code.
      if (!found.byInvoice && found.status !== billStatusText(BillStatus.UnPaid))
        throw conflict(OpsBillMessages.notAnInvoice(found.invoiceNumber ?? `#${orderId}`, found.status));
      await billing.recordInvoicePayment(orderId, reference);
      return (await bill(orderId)).bill;
    },

    listBillingRuns: () => billing.listBillingRuns(db),

    /** Runs the billing cycle now, recorded as the operator's run. */
    async runBillingCycle(logger: EngineCall['logger']) {
      const { run } = await billing.runRecorded('operator', { logger });
      return run!;
    },
  };
}

export type OperatorConsoleService = ReturnType<typeof createOperatorConsoleService>;
