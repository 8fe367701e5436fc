/**
 * The two benefit tables: categories with their subcategories (adaCodes keys 'CAT:<Category>' and
 * 'SUB:<Subcategory>'), and procedure codes ('ADA:D####') with the label of the CDT table.
 */
import {
  ADA_PREFIX,
  CATEGORIES,
  CATEGORY_KEY_PREFIX,
  categoryOfSubcategory,
  codeLabel,
  stripCodePrefix,
  SUBCATEGORIES,
  SUBCATEGORY_KEY_PREFIX,
  type AdaCodesV3,
  type BenefitEntryV3,
} from '@dv/contracts';
import { ageCell, deductibleCell, limitationCell, planPaysCell, waitingPeriodCell } from './benefit-cells';
import { type TableRow, type TableSection } from './pdf-model';

function categoryRow(name: string, entry: BenefitEntryV3 | undefined, nested: boolean): TableRow {
  return {
    cells: [[{ text: name }], planPaysCell(entry), deductibleCell(entry), waitingPeriodCell(entry), limitationCell(entry)],
    ...(nested ? { nested } : { strong: true }),
  };
}

/** Every category, stated or not, each followed by the subcategories of it that the plan states. */
export function categoryTable(adaCodes: AdaCodesV3): TableSection {
  const rows: TableRow[] = [];
  for (const category of CATEGORIES) {
    rows.push(categoryRow(category, adaCodes[`${CATEGORY_KEY_PREFIX}${category}`], false));
    for (const subcategory of SUBCATEGORIES) {
      const entry = adaCodes[`${SUBCATEGORY_KEY_PREFIX}${subcategory}`];
      if (entry === undefined || categoryOfSubcategory(subcategory) !== category) continue;
      rows.push(categoryRow(subcategory, entry, true));
    }
  }
  return {
    kind: 'table',
    title: 'Benefits by category',
    columns: [
      { header: 'Category', weight: 2.4 },
      { header: 'Plan pays', weight: 1.1 },
      { header: 'Deductible applies', weight: 1.2 },
      { header: 'Waiting period', weight: 1.6 },
      { header: 'Limitation', weight: 1.7 },
    ],
    rows,
    empty: 'The plan states no category benefits.',
  };
}

/** The code entries in code order. */
export function procedureTable(adaCodes: AdaCodesV3): TableSection {
  const codes = Object.keys(adaCodes)
    .filter((key) => key.startsWith(ADA_PREFIX))
    .sort();
  const rows = codes.map((key): TableRow => {
    const entry = adaCodes[key];
    return {
      cells: [
        [{ text: stripCodePrefix(key) }],
        [{ text: codeLabel(key) ?? '' }],
        planPaysCell(entry),
        deductibleCell(entry),
        limitationCell(entry),
        ageCell(entry),
        waitingPeriodCell(entry),
      ],
    };
  });
  return {
    kind: 'table',
    title: 'Benefits by procedure code',
    columns: [
      { header: 'Code', weight: 0.65 },
      { header: 'Description', weight: 2 },
      { header: 'Plan pays', weight: 1.25 },
      { header: 'Deductible', weight: 0.9 },
      { header: 'Limitation', weight: 1.7 },
      { header: 'Age', weight: 1.45 },
      { header: 'Waiting period', weight: 1.4 },
    ],
    rows,
    empty: 'The plan states no procedure-code benefits.',
  };
}
