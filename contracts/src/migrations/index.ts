export { migrateTicket, migratePlan, migrateV1toV2, migrateV2toV1, migrateV2toV3, migrateV3toV2 } from './migrate';
export { MigrationError, type MigrationLog } from './errors';
