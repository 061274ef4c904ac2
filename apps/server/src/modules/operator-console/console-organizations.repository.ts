import {
  BillStatus,
  bpToFraction,
  isCancelled,
  OPS_PAGE_SIZE,
  type OpsOrganizationDetail,
  type OpsOrganizationList,
  type OpsSubscriptionRow,
  subscriptionStatusText,
} from '@store/core';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  isAdminSql,
  type OrganizationRow,
  organizations,
  persons,
  pricingPlans,
  products,
  subscriptions,
  twoFactorEnrolments,
} from '../../db/schema';
import { toPersonDto } from '../identity';

// What the console reads of customer organizations (the operator API contract, "Organizations").
// The store's own organization is not a customer: never listed, never found.

const PAST_DUE = sql.raw([BillStatus.ChargePastDue, BillStatus.OfflinePastDue].join(', '));

/** LIKE matches the text as typed: % and _ are not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface SearchRow {
  id: number;
  company_name: string;
  parent_organization_id: number | null;
  parent_name: string | null;
  admin_email: string | null;
  subscriptions: number;
  past_due: number;
  total: number;
}

/**
 * Organizations whose name, any person's e-mail or any subscription's name contains q; or holding q
 * exactly as a license key, an invoice or credit-note number, a charge's gateway reference (charge or
 * PaymentIntent id) or, for four digits, the card's last four.
 */
export async function searchOrganizations(db: DbOrTx, q: string, page: number): Promise<OpsOrganizationList> {
  const pattern = likePattern(q);
  const lastFour = /^[0-9]{4}$/.test(q) ? sql`OR o.card_last_four = ${q}` : sql``;
  const matches =
    q === ''
      ? sql`TRUE`
      : sql`(o.company_name ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM persons p WHERE p.organization_id = o.id AND p.email ILIKE ${pattern})
          OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.organization_id = o.id
                     AND (s.api_key1 = ${q} OR s.description ILIKE ${pattern}))
          OR EXISTS (SELECT 1 FROM orders b WHERE b.organization_id = o.id AND b.invoice_number = ${q})
          OR EXISTS (SELECT 1 FROM refunds r JOIN orders b ON b.id = r.order_id
                     WHERE b.organization_id = o.id AND r.credit_note_number = ${q})
          OR EXISTS (SELECT 1 FROM payment_attempts pa JOIN orders b ON b.id = pa.order_id
                     WHERE b.organization_id = o.id AND pa.gateway_charge_id = ${q})
          ${lastFour})`;
  const rows = await queryRows<SearchRow>(
    db,
    sql`SELECT o.id, o.company_name, o.parent_organization_id, parent.company_name AS parent_name,
        (SELECT p.email FROM persons p WHERE p.organization_id = o.id AND ${isAdminSql(sql`p.rights`)}
          ORDER BY p.id LIMIT 1) AS admin_email,
        (SELECT count(*)::int FROM subscriptions s WHERE s.organization_id = o.id AND s.is_active) AS subscriptions,
        (SELECT count(*)::int FROM orders b WHERE b.organization_id = o.id AND b.status IN (${PAST_DUE})) AS past_due,
        count(*) OVER ()::int AS total
      FROM organizations o LEFT JOIN organizations parent ON parent.id = o.parent_organization_id
      WHERE NOT o.is_store AND ${matches}
      ORDER BY lower(o.company_name), o.id
      LIMIT ${OPS_PAGE_SIZE} OFFSET ${(page - 1) * OPS_PAGE_SIZE}`,
  );
  return {
    items: rows.map((r) => ({
      organizationId: Number(r.id),
      name: r.company_name,
      adminEmail: r.admin_email,
      parentOrganizationId: r.parent_organization_id === null ? null : Number(r.parent_organization_id),
      parentName: r.parent_name,
      subscriptions: Number(r.subscriptions),
      pastDue: Number(r.past_due),
    })),
    page,
    pageSize: OPS_PAGE_SIZE,
    total: Number(rows[0]?.total ?? 0),
  };
}

async function subscriptionsOf(db: DbOrTx, organizationId: number): Promise<OpsSubscriptionRow[]> {
  const rows = await db
    .select({
      sub: subscriptions,
      planName: pricingPlans.planName,
      product: pricingPlans.product,
      productTitle: products.title,
    })
    .from(subscriptions)
    .innerJoin(pricingPlans, eq(pricingPlans.id, subscriptions.pricingPlanId))
    .leftJoin(products, eq(products.product, pricingPlans.product))
    .where(eq(subscriptions.organizationId, organizationId))
    .orderBy(asc(subscriptions.id));
  return rows.map(({ sub, planName, product, productTitle }) => ({
    subscriptionId: sub.id,
    productTitle: productTitle ?? '',
    planName,
    status: sub.isPerpetualLicense ? 'Perpetual' : subscriptionStatusText(sub),
    licenseKey: sub.apiKey1,
    nextBillingDate: sub.nextBaseBillingDate?.toISOString() ?? null,
    description: sub.description,
    pricingPlanId: sub.pricingPlanId,
    product,
    numberMachines: sub.numberMachines,
    xtraAutoTags: sub.xtraAutoTags,
    version: sub.version,
    renews: !sub.isPerpetualLicense && !isCancelled(sub) && sub.nextBaseBillingDate !== null,
    running: sub.isActive,
  }));
}

/** An organization with its users, sub-accounts, subscriptions and billing details; its summary is the service's. */
export async function organizationDetail(
  db: DbOrTx,
  org: OrganizationRow,
): Promise<Omit<OpsOrganizationDetail, 'summary'>> {
  const parent = org.parentOrganizationId
    ? (await db.select().from(organizations).where(eq(organizations.id, org.parentOrganizationId)))[0]
    : undefined;
  const users = await db
    .select()
    .from(persons)
    .where(eq(persons.organizationId, org.id))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id));
  const enrolled = await db
    .select({ personId: twoFactorEnrolments.personId })
    .from(twoFactorEnrolments)
    .innerJoin(persons, eq(persons.id, twoFactorEnrolments.personId))
    .where(and(eq(persons.organizationId, org.id), isNotNull(twoFactorEnrolments.secret)));
  const twoFactor = new Set(enrolled.map((e) => e.personId));
  const subAccounts = await db
    .select({ organizationId: organizations.id, name: organizations.companyName })
    .from(organizations)
    .where(and(eq(organizations.parentOrganizationId, org.id), eq(organizations.isStore, false)))
    .orderBy(asc(organizations.companyName));
  const hasBilling = Boolean(org.billingName || org.cardLastFour || org.billingCompany);
  return {
    organization: {
      organizationId: org.id,
      name: org.companyName,
      discount: bpToFraction(org.discountBp),
      allowMonthly: org.allowMonthly,
      perpetualAccount: org.isPerpetualAccount,
      invoiceTerms: org.billedByInvoice,
      paymentTermsDays: org.paymentTermsDays,
      parentOrganizationId: org.parentOrganizationId,
      parentName: parent?.companyName ?? null,
      createdAt: org.createdAt.toISOString(),
      taxId: org.taxId,
    },
    users: users.map((p) => ({ ...toPersonDto(p), twoFactorEnabled: twoFactor.has(p.id) })),
    subAccounts,
    subscriptions: await subscriptionsOf(db, org.id),
    billingInfo: hasBilling
      ? {
          name: org.billingName,
          company: org.billingCompany,
          country: org.billingCountry,
          cardBrand: org.cardBrand,
          cardLastFour: org.cardLastFour,
          cardExpMonth: org.cardExpMonth,
          cardExpYear: org.cardExpYear,
        }
      : null,
  };
}
