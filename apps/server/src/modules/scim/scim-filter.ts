import { ScimMessages, ScimProblem, scimAttribute } from '@store/core';
import { type Filter, parse } from 'scim2-parse-filter';
import type { PersonLookup } from '../accounts';

// RFC 7644 §3.4.2.2 filters, parsed by scim2-parse-filter; the store answers the ones identity
// providers send to find a person or a group before they create it (docs/decisions/038). Any other
// filter is refused as invalidFilter rather than answered wrongly.

const unsupported = () => new ScimProblem(400, 'invalidFilter', ScimMessages.invalidFilter);

function parsed(filter: string): Filter {
  try {
    return parse(filter);
  } catch (error) {
    throw new ScimProblem(400, 'invalidFilter', ScimMessages.filterSyntax((error as Error).message));
  }
}

/** `attribute eq "text"`: the text compared, or null for any other expression. */
function equalsText(f: Filter, attribute: string): string | null {
  if (f.op !== 'eq' || scimAttribute(f.attrPath) !== attribute) return null;
  return typeof f.compValue === 'string' ? f.compValue : null;
}

const isWorkType = (f: Filter) => equalsText(f, 'type')?.toLowerCase() === 'work';

/** The e-mail of `emails[type eq "work"].value eq "…"`, in either of the forms the parser gives it. */
function workEmailOf(f: Filter): string | null {
  const direct = equalsText(f, 'emails.value');
  if (direct !== null) return direct;
  if (f.op === 'and' && f.filters.length === 2) {
    const [selector, comparison] = f.filters as [Filter, Filter];
    if (
      selector.op === '[]' &&
      scimAttribute(selector.attrPath) === 'emails' &&
      isWorkType(selector.valFilter)
    )
      return equalsText(comparison, 'emails.value');
  }
  if (f.op === '[]' && scimAttribute(f.attrPath) === 'emails' && f.valFilter.op === 'and') {
    const parts = f.valFilter.filters;
    if (parts.length === 2 && parts.some(isWorkType))
      return parts.map((p) => equalsText(p, 'value')).find((v) => v !== null) ?? null;
  }
  return null;
}

/** The persons a Users filter asks for: userName eq, externalId eq, or the work e-mail eq. */
export function userLookup(filter: string | undefined): PersonLookup {
  if (filter === undefined || filter.trim() === '') return null;
  const f = parsed(filter);
  const userName = equalsText(f, 'username');
  if (userName !== null) return { email: userName };
  const externalId = equalsText(f, 'externalid');
  if (externalId !== null) return { externalId };
  const email = workEmailOf(f);
  if (email !== null) return { email };
  throw unsupported();
}

/** The group name a Groups filter asks for (displayName eq), or null for every group. */
export function groupNameFilter(filter: string | undefined): string | null {
  if (filter === undefined || filter.trim() === '') return null;
  const name = equalsText(parsed(filter), 'displayname');
  if (name === null) throw unsupported();
  return name;
}
