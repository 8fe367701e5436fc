/** Stored verification documents exist in schema versions 1 to 3; 3 is current (SPEC section 4). */
export const SCHEMA_VERSIONS = [1, 2, 3] as const;
export type SchemaVersion = (typeof SCHEMA_VERSIONS)[number];
export const CURRENT_SCHEMA_VERSION = 3 satisfies SchemaVersion;
