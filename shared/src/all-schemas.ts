/**
 * Every input schema the route table can name, by name: schemas.ts (spec §5 and the family's forms) and
 * tryout-night-schemas.ts (issue 37). The handler wrapper and the route samples read schemas from here.
 */
export * from './schemas';
export * from './tryout-night-schemas';
export * from './offer-schemas';
export * from './team-schemas';
export * from './team-fee-schemas';
export * from './etransfer-schemas';
export * from './money-schemas';
