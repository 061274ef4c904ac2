import {
  isPaymentTermsDays,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type OpsTermsBody,
  PAYMENT_TERMS_MESSAGE,
} from '@store/core';
import { DomainError } from '../lib/domain-error';
import { hashPassword } from '../lib/passwords';
import { createOrganizationsService } from '../modules/accounts';
import { createCatalogService } from '../modules/catalog';
import { createSsoOperatorService } from '../modules/sso';
import { addPerpetualLicense } from '../modules/subscriptions';
import { describeOrg, findOrg, type OpsContext, type Parsed, positiveInt, required, yesNo } from './ops-args';
import { OpsError } from './ops-error';

/** Organizations, people and perpetual licenses (docs/design.md §2); null for a command of another group. */
export async function runOrgCommand(p: Parsed, ctx: OpsContext): Promise<number | null> {
  const { db, out } = ctx;
  const organizations = createOrganizationsService({ db, clock: ctx.clock, config: ctx });
  const catalog = createCatalogService({ db });
  switch (p.command) {
    case 'org:list': {
      const rows = await organizations.listCustomerOrganizations();
      for (const o of rows) out(describeOrg(o));
      if (rows.length === 0) out('No organizations yet.');
      return 0;
    }

    case 'org:create': {
      const name = required(p, 'name');
      const email = required(p, 'admin-email').toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new OpsError(`'${email}' is not an e-mail address.`);
      const password = required(p, 'admin-password');
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
        throw new OpsError(
          `The admin password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long.`,
        );
      }
      const parent = p.options.has('parent') ? await findOrg(organizations, p.options.get('parent')) : null;
      const hash = await hashPassword(password);
      const org = await organizations.createCustomerOrganization({
        companyName: name,
        parentOrganizationId: parent?.id ?? null,
        addr1: p.options.get('addr1') ?? '',
        addr2: p.options.get('addr2') ?? '',
        city: p.options.get('city') ?? '',
        state: p.options.get('state') ?? '',
        country: (p.options.get('country') ?? '').toUpperCase(),
        zip: p.options.get('zip') ?? '',
        admin: {
          firstName: required(p, 'admin-first'),
          lastName: required(p, 'admin-last'),
          email,
          passwordHash: hash,
        },
      });
      out(
        `Created organization ${org.id} '${org.companyName}'${parent ? ` under ${parent.id} '${parent.companyName}'` : ''} with admin ${email}.`,
      );
      return 0;
    }

    case 'org:verify-domain': {
      const org = await findOrg(organizations, p.args[0]);
      const domain = required(p, 'domain');
      const sso = createSsoOperatorService({ db, clock: ctx.clock });
      const verified = await sso.verifyDomainByOperator(org.id, domain);
      out(
        `Domain ${verified.domain} is verified for ${org.id} '${org.companyName}': its people are offered single sign-on.`,
      );
      return 0;
    }

    case 'org:set': {
      const org = await findOrg(organizations, p.args[0]);
      const known = ['discount', 'allow-monthly', 'perpetual', 'invoice', 'terms'];
      const unknown = [...p.options.keys()].filter((k) => !known.includes(k));
      if (unknown.length > 0)
        throw new OpsError(
          `Unknown option --${unknown[0]}. org:set takes --discount, --allow-monthly, --perpetual, --invoice, --terms.`,
        );
      if (p.options.size === 0)
        throw new OpsError(
          'Nothing to set. Give --discount, --allow-monthly, --perpetual, --invoice or --terms.',
        );
      const terms: Partial<OpsTermsBody> = {};
      if (p.options.has('discount')) {
        const d = Number(p.options.get('discount'));
        if (!Number.isFinite(d) || d < 0 || d > 1) {
          throw new OpsError(
            `--discount is a fraction from 0 to 1 (0.15 = 15 %), not '${p.options.get('discount')}'.`,
          );
        }
        terms.discount = d;
      }
      if (p.options.has('allow-monthly'))
        terms.allowMonthly = yesNo(p.options.get('allow-monthly')!, 'allow-monthly');
      if (p.options.has('perpetual'))
        terms.perpetualAccount = yesNo(p.options.get('perpetual')!, 'perpetual');
      if (p.options.has('invoice')) terms.invoiceTerms = yesNo(p.options.get('invoice')!, 'invoice');
      if (p.options.has('terms')) {
        const days = Number(p.options.get('terms'));
        if (!isPaymentTermsDays(days))
          throw new OpsError(
            `--terms: ${PAYMENT_TERMS_MESSAGE} (14, 30 or 60), not '${p.options.get('terms')}'.`,
          );
        terms.paymentTermsDays = days;
      }
      out(describeOrg(await organizations.setOrganizationTerms(org.id, terms)));
      return 0;
    }

    case 'admin:promote': {
      const email = (p.args[0] ?? '').toLowerCase();
      if (!email) throw new OpsError('Give the e-mail address: admin:promote <email> [--org <orgId>]');
      const orgId = p.options.has('org') ? positiveInt(p.options.get('org'), 'The organization id') : null;
      const found = await organizations.customerPersonsByEmail(email, orgId);
      if (found.length === 0)
        throw new OpsError(`No person with the e-mail ${email}${orgId ? ` in organization ${orgId}` : ''}.`);
      if (found.length > 1) {
        throw new OpsError(
          `${email} belongs to several organizations (${found.map((f) => `${f.organizationId} '${f.companyName}'`).join(', ')}); choose one with --org.`,
        );
      }
      const person = found[0]!;
      await organizations.promoteToAdmin(person.id).catch((error) => {
        // Already an administrator: the command's result holds all the same.
        if (!(error instanceof DomainError && error.statusCode === 409)) throw error;
      });
      out(`${email} is now an administrator of ${person.organizationId} '${person.companyName}'.`);
      return 0;
    }

    case 'license:add': {
      const org = await findOrg(organizations, p.args[0]);
      const productText = required(p, 'product');
      const product = await catalog.findProductByFlagOrName(productText);
      if (!product) {
        const names = await catalog.productNames();
        throw new OpsError(`There is no product '${productText}'. Products: ${names.join(', ')}.`);
      }
      const plan = await catalog.firstPlanOf(product.product);
      if (!plan) throw new OpsError(`Product ${product.name} has no plan to attach the license to.`);
      const description = required(p, 'description');
      const version = required(p, 'version');
      const machines = positiveInt(p.options.get('machines'), '--machines');
      const cpus = positiveInt(p.options.get('cpus'), '--cpus');
      const sub = await addPerpetualLicense(db, ctx.clock, {
        organizationId: org.id,
        plan,
        description,
        version,
        machines,
        cpus,
      });
      out(
        `Added perpetual license ${sub.subscriptionId} '${description}' (${product.name} ${version}, ${machines} machines, ${cpus} CPUs) to ${org.id} '${org.companyName}'. License key: ${sub.licenseKey}`,
      );
      return 0;
    }

    default:
      return null;
  }
}
