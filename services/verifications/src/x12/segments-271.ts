/**
 * Named-field writers of the 271's benefit segments (EB, HSD), so that code writing 271s (the sandbox
 * clearinghouse, test fixtures) never counts element positions by hand.
 */
import { type X12SegmentValues, type X12Value } from './writer';

export type EbFields = {
  /** EB01. */
  readonly info: string;
  /** EB02. */
  readonly level?: string;
  /** EB03 (repeats with more than one). */
  readonly serviceTypes?: readonly string[];
  /** EB04. */
  readonly insuranceType?: string;
  /** EB05. */
  readonly plan?: string;
  /** EB06. */
  readonly period?: string;
  /** EB07. */
  readonly amount?: number;
  /** EB08 as a fraction ('.2'). */
  readonly percent?: number;
  /** EB09. */
  readonly quantityQualifier?: string;
  /** EB10. */
  readonly quantity?: number;
  /** EB11. */
  readonly authorization?: string;
  /** EB12: Y, N, W, U. */
  readonly network?: string;
  /** EB13: an ADA code ('D0120'), written AD:D0120. */
  readonly code?: string;
};

function serviceTypes(types: readonly string[] | undefined): X12Value {
  if (types === undefined || types.length === 0) return undefined;
  return types.length === 1 ? types[0] : { repeats: types };
}

export function eb(fields: EbFields): X12SegmentValues {
  return [
    'EB',
    fields.info,
    fields.level,
    serviceTypes(fields.serviceTypes),
    fields.insuranceType,
    fields.plan,
    fields.period,
    fields.amount,
    fields.percent,
    fields.quantityQualifier,
    fields.quantity,
    fields.authorization,
    fields.network,
    fields.code === undefined ? undefined : { components: ['AD', fields.code] },
  ];
}

export type HsdFields = {
  /** HSD01: VS visits by default. */
  readonly qualifier?: string;
  /** HSD02. */
  readonly quantity: number;
  /** HSD03. */
  readonly unit?: string;
  /** HSD04. */
  readonly modulus?: number;
  /** HSD05. */
  readonly period?: string;
  /** HSD06. */
  readonly periods?: number;
};

export function hsd(fields: HsdFields): X12SegmentValues {
  return ['HSD', fields.qualifier ?? 'VS', fields.quantity, fields.unit, fields.modulus, fields.period, fields.periods];
}
