import { type LoginRequest, Messages, Rights } from '@store/core';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { organizations, persons } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { hitRateLimit } from '../../lib/rate-limit';
import { toOrganizationDto, toPersonDto } from './dto';
import type { SessionService } from './session.service';

const WINDOW_MS = 15 * 60_000;
/** Wrong passwords allowed per e-mail per window; the window slides off, so nobody is locked out for good. */
export const FAILURES_PER_EMAIL = 8;
/** Wrong passwords per client address per window, across e-mails (password spraying). */
export const FAILURES_PER_ADDRESS = 50;

export const INVALID_CREDENTIALS = 'The e-mail address or password is incorrect.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
export const EMAIL_NOT_VERIFIED =
  'Please verify your e-mail address before signing in: open the link in the e-mail we sent you.';

export function createIdentityService({
  db,
  clock,
  sessions,
}: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
}) {
  async function recentFailures(key: string): Promise<number> {
    const rows = await queryRows<{ count: number }>(
      db,
      sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start > ${new Date(clock.now().getTime() - WINDOW_MS).toISOString()}`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  return {
    /** Name and e-mail of each admin, by name: a plain user is told whom to ask (DESIGN.md §2). */
    async organizationAdmins(organizationId: number) {
      return db
        .select({ firstName: persons.firstName, lastName: persons.lastName, email: persons.email })
        .from(persons)
        .where(
          and(eq(persons.organizationId, organizationId), sql`(${persons.rights} & ${Rights.Admin}) <> 0`),
        )
        .orderBy(persons.lastName, persons.firstName, persons.id);
    },

    /** POST /api/authenticate (spec §7, DESIGN.md §4). Wrong credentials are a 200 with success false. */
    async authenticate(input: LoginRequest, address: string) {
      const email = input.email.trim().toLowerCase();
      const emailKey = `login-fail:${email}`;
      const addressKey = `login-fail-ip:${address}`;
      if (
        (await recentFailures(emailKey)) >= FAILURES_PER_EMAIL ||
        (await recentFailures(addressKey)) >= FAILURES_PER_ADDRESS
      ) {
        throw new HttpError(429, TOO_MANY_ATTEMPTS);
      }

      const candidates = await db
        .select({ person: persons, organization: organizations })
        .from(persons)
        .innerJoin(organizations, eq(organizations.id, persons.organizationId))
        .where(
          and(
            sql`lower(${persons.email}) = ${email}`,
            input.orgId == null ? undefined : eq(persons.organizationId, input.orgId),
          ),
        )
        .orderBy(organizations.companyName);
      if (candidates.length === 0) await burnPasswordCheck(input.password);
      const matched = [];
      for (const c of candidates) {
        if (await verifyPassword(c.person.passwordHash, input.password)) matched.push(c);
      }
      const failure = {
        success: false,
        token: null,
        person: null,
        organization: null,
        possibleOrganizations: [],
      };
      if (matched.length === 0) {
        // Only failures count: a shared office address signing in all day is never throttled.
        await hitRateLimit(db, clock, emailKey, Number.MAX_SAFE_INTEGER, WINDOW_MS);
        await hitRateLimit(db, clock, addressKey, Number.MAX_SAFE_INTEGER, WINDOW_MS);
        return { ...failure, error: INVALID_CREDENTIALS };
      }
      if (matched.length > 1) {
        return {
          ...failure,
          error: Messages.multipleOrganizations,
          possibleOrganizations: matched.map((m) => ({
            organizationId: m.organization.id,
            companyName: m.organization.companyName,
          })),
        };
      }
      const { person, organization } = matched[0]!;
      if (!person.emailVerified) return { ...failure, error: EMAIL_NOT_VERIFIED };
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${emailKey}`);
      const token = await sessions.issue(person.id);
      return {
        success: true,
        token,
        person: toPersonDto(person),
        organization: toOrganizationDto(organization),
        possibleOrganizations: [],
        error: null,
      };
    },
  };
}
