import { integer, type ReferenceConfig, serial, timestamp } from 'drizzle-orm/pg-core';

// The columns every table writes alike, said once.

/** The serial key of a table that has one. */
export const serialId = () => serial('id').primaryKey();

/** An instant: each one the store keeps is a timestamptz, the same moment whatever the server's zone. */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** A reference every row has: to an organization, an order, a subscription, a person... */
export const requiredReference = <TName extends string>(
  name: TName,
  ref: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).notNull().references(ref, actions);
