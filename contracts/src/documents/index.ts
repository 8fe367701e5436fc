/**
 * Zod schemas and types of the stored verification documents, schema versions 1 to 3, as DOCUMENTS.md fixes
 * them. Names end in the version (`PlanV3`, `TicketWrapperV2`); a V2 name that equals its V1 schema is an alias,
 * kept so callers never have to know where the versions happen to agree.
 */
export * from './schema-version';
export * from './dates';
export * from './scored';
export * from './procedure-codes';
export * from './mapping-info';
export * from './caveat';
export * from './age';
export * from './limitation';
export * from './waiting-period';
export * from './correlation';
export * from './exceptions';
export * from './benefit-entry';
export * from './benefits';
export * from './plan-details';
export * from './payer';
export * from './sponsor';
export * from './plan';
export * from './tooth-surfaces';
export * from './history-record';
export * from './patient';
export * from './reverification';
export * from './patient-info';
export * from './client-info';
export * from './alert-note';
export * from './ticket';
export * from './ticket-wrapper';
