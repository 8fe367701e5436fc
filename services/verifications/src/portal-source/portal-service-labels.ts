/** The adaCodes key a portal's benefit row is about: by its procedure code, or by its service label. */
import {
  CATEGORY_KEY_PREFIX,
  categoryOf,
  categoryOfSubcategory,
  isKnownCode,
  normalizeCode,
  ownValue,
  subcategoryOf,
  SUBCATEGORY_KEY_PREFIX,
  type Category,
  type PortalBenefitRow,
  type Subcategory,
} from '@dv/contracts';

export type Target = { key: string; category: Category; subcategory?: Subcategory; code?: string };

const category = (name: Category): Target => ({ key: `${CATEGORY_KEY_PREFIX}${name}`, category: name });
const subcategory = (name: Subcategory): Target => ({
  key: `${SUBCATEGORY_KEY_PREFIX}${name}`,
  category: categoryOfSubcategory(name),
  subcategory: name,
});

/**
 * Portal service labels (lower case, '&' and 'and' alike) and the adaCodes key each means; the keys are those
 * the 271 mapping uses for the same EB03 service types.
 */
export const PORTAL_SERVICE_LABELS: Readonly<Record<string, Target>> = {
  preventive: category('Preventative'),
  preventative: category('Preventative'),
  'diagnostic and preventive': category('Preventative'),
  'preventive and diagnostic': category('Preventative'),
  'routine preventive': category('Preventative'),
  cleanings: subcategory('Prophylaxis'),
  prophylaxis: subcategory('Prophylaxis'),
  diagnostic: subcategory('Diagnostic'),
  exams: subcategory('Exams'),
  'x-rays': subcategory('X-Ray'),
  'x-ray': subcategory('X-Ray'),
  radiographs: subcategory('X-Ray'),
  basic: subcategory('Restorative'),
  'basic restorative': subcategory('Restorative'),
  'basic services': subcategory('Restorative'),
  restorative: subcategory('Restorative'),
  fillings: subcategory('Restorative'),
  endodontics: subcategory('Endodontics'),
  'root canals': subcategory('Endodontics'),
  periodontics: subcategory('Periodontics'),
  'oral surgery': subcategory('Oral & Maxillofacial Surgery'),
  extractions: subcategory('Oral & Maxillofacial Surgery'),
  major: subcategory('Crowns'),
  'major restorative': subcategory('Crowns'),
  crowns: subcategory('Crowns'),
  prosthodontics: subcategory('Prosthodontics'),
  'prosthodontics (removable)': subcategory('Prosthodontics'),
  dentures: subcategory('Dentures'),
  bridges: subcategory('Bridges'),
  implants: subcategory('Implant Services'),
  'implant services': subcategory('Implant Services'),
  orthodontics: category('Orthodontics'),
  'adjunctive services': category('Adjunctive General Services'),
  'adjunctive general services': category('Adjunctive General Services'),
};

function labelKey(label: string): string {
  return label.trim().toLowerCase().replace(/\s*&\s*/g, ' and ').replace(/\s+/g, ' ');
}

/** The adaCodes key of a benefit row: its procedure code's entry, else the key of its service label. */
export function targetOf(row: PortalBenefitRow, notes: string[]): Target | undefined {
  if (row.procedureCode !== undefined) {
    const code = row.procedureCode.trim().toUpperCase();
    if (isKnownCode(code)) {
      const key = normalizeCode(code);
      const codeCategory = categoryOf(key);
      if (codeCategory !== 'unknown') {
        const codeSubcategory = subcategoryOf(key);
        return { key, category: codeCategory, ...(codeSubcategory === undefined ? {} : { subcategory: codeSubcategory }), code: key };
      }
    }
    notes.push(`Benefit row '${row.service}': procedure ${JSON.stringify(row.procedureCode)} is not a known ADA code`);
    return undefined;
  }
  return ownValue(PORTAL_SERVICE_LABELS, labelKey(row.service));
}
