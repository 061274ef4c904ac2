import { Rights } from '@store/core';

/** Rights bit 4: a person of the store's own organization who runs the store (DESIGN.md §2). */
export const isOperator = (person: { rights: number }): boolean =>
  (person.rights & Rights.Operator) === Rights.Operator;
