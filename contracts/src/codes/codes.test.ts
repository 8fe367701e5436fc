import { CATEGORIES, OLD_CATEGORIES, SUBCATEGORIES } from '../enums';
import { CDT_LABELS } from './cdt-table';
import { codeLabel, isKnownCode, PROCEDURE_CODES } from './code-table';
import {
  categoryOfSubcategory,
  categoryOf,
  normalizeCode,
  oldCategoryOf,
  sameCode,
  subcategoryOf,
} from './codes';

describe('normalizeCode', () => {
  it.each(['D0120', 'ADA:D0120'])('turns %s into ADA:D0120', (code) => {
    expect(normalizeCode(code)).toBe('ADA:D0120');
  });

  it('keeps every digit', () => {
    expect(normalizeCode('D9999')).toBe('ADA:D9999');
    expect(normalizeCode('ADA:D0000')).toBe('ADA:D0000');
  });

  it.each([
    '',
    'D012',
    'D01200',
    'd0120',
    'ada:D0120',
    'ADA:0120',
    '0120',
    'X0120',
    ' D0120',
    'D0120 ',
    'ADA:ADA:D0120',
    'ADA: D0120',
    'ADAD0120',
    'D01a0',
    'CAT:Basic',
  ])('rejects %j with the exact message', (code) => {
    expect(() => normalizeCode(code)).toThrow(new Error(`Unrecognized code format: ${code}`));
  });

  it('throws an Error instance', () => {
    expect(() => normalizeCode('garbage')).toThrow(Error);
  });
});

describe('sameCode', () => {
  it('ignores the ADA: prefix on either side', () => {
    expect(sameCode('D0120', 'ADA:D0120')).toBe(true);
    expect(sameCode('ADA:D0120', 'D0120')).toBe(true);
    expect(sameCode('ADA:D0120', 'ADA:D0120')).toBe(true);
    expect(sameCode('D0120', 'D0120')).toBe(true);
  });

  it('tells different codes apart', () => {
    expect(sameCode('D0120', 'D0140')).toBe(false);
    expect(sameCode('ADA:D0120', 'D0140')).toBe(false);
    expect(sameCode('ADA:D0120', 'ADA:D1120')).toBe(false);
  });
});

describe('categoryOf (SPEC section 9, category by code number)', () => {
  it.each([
    ['D0000', 'Preventative'],
    ['D0120', 'Preventative'],
    ['D1999', 'Preventative'],
    ['D2000', 'Basic'],
    ['D4999', 'Basic'],
    ['D5000', 'Major'],
    ['D7999', 'Major'],
    ['D8000', 'Orthodontics'],
    ['D8999', 'Orthodontics'],
    ['D9000', 'Adjunctive General Services'],
    ['D9999', 'Adjunctive General Services'],
  ])('%s is %s', (code, category) => {
    expect(categoryOf(code)).toBe(category);
    expect(categoryOf(`ADA:${code}`)).toBe(category);
  });

  it.each(['', 'garbage', 'd0120', 'D012', 'ADA:', 'CAT:Basic'])('%j is unknown', (code) => {
    expect(categoryOf(code)).toBe('unknown');
  });
});

describe('subcategoryOf (SPEC section 9, narrowest range wins)', () => {
  it.each([
    // Exams 0-199 lies inside Diagnostic 0-999 and wins.
    ['D0000', 'Exams'],
    ['D0120', 'Exams'],
    ['D0199', 'Exams'],
    // X-Ray 200-399 lies inside Diagnostic 0-999 and wins.
    ['D0200', 'X-Ray'],
    ['D0220', 'X-Ray'],
    ['D0399', 'X-Ray'],
    // Only Diagnostic holds 400-999.
    ['D0400', 'Diagnostic'],
    ['D0460', 'Diagnostic'],
    ['D0999', 'Diagnostic'],
    ['D1100', 'Prophylaxis'],
    ['D1110', 'Prophylaxis'],
    ['D1199', 'Prophylaxis'],
    ['D2000', 'Restorative'],
    ['D2391', 'Restorative'],
    ['D2599', 'Restorative'],
    ['D2600', 'Crowns'],
    ['D2740', 'Crowns'],
    ['D2999', 'Crowns'],
    ['D3000', 'Endodontics'],
    ['D3310', 'Endodontics'],
    ['D3999', 'Endodontics'],
    ['D4000', 'Periodontics'],
    ['D4341', 'Periodontics'],
    ['D4999', 'Periodontics'],
    ['D5000', 'Dentures'],
    ['D5110', 'Dentures'],
    ['D5999', 'Dentures'],
    ['D6000', 'Implant Services'],
    ['D6010', 'Implant Services'],
    ['D6999', 'Implant Services'],
    ['D7000', 'Oral & Maxillofacial Surgery'],
    ['D7140', 'Oral & Maxillofacial Surgery'],
    ['D7899', 'Oral & Maxillofacial Surgery'],
  ])('%s is %s', (code, subcategory) => {
    expect(subcategoryOf(code)).toBe(subcategory);
    expect(subcategoryOf(`ADA:${code}`)).toBe(subcategory);
  });

  it.each([
    'D1000',
    'D1099',
    'D1200',
    'D1206',
    'D1999',
    'D7900',
    'D7950',
    'D7999',
    'D8080',
    'D9110',
    'D9999',
  ])('%s has no subcategory', (code) => {
    expect(subcategoryOf(code)).toBeUndefined();
  });

  it.each(['', 'garbage', 'D12', 'ADA:X0120'])('%j has no subcategory', (code) => {
    expect(subcategoryOf(code)).toBeUndefined();
  });
});

describe('oldCategoryOf (SPEC section 9, old category names by range)', () => {
  it.each([
    ['D0000', 'Diagnostic'],
    ['D0999', 'Diagnostic'],
    ['D1000', 'Preventive'],
    ['D1999', 'Preventive'],
    ['D2000', 'Restorative'],
    ['D2599', 'Restorative'],
    ['D2600', 'Major Restorative'],
    ['D2999', 'Major Restorative'],
    ['D3000', 'Endodontics'],
    ['D3999', 'Endodontics'],
    ['D4000', 'Periodontics'],
    ['D4999', 'Periodontics'],
    ['D5000', 'Removable Prosthodontics'],
    ['D5899', 'Removable Prosthodontics'],
    ['D5911', 'Maxillofacial Prosthetics'],
    ['D5999', 'Maxillofacial Prosthetics'],
    ['D6000', 'Implant Services'],
    ['D6999', 'Implant Services'],
    ['D7000', 'Oral and Maxillofacial Surgery'],
    ['D7999', 'Oral and Maxillofacial Surgery'],
    ['D8000', 'Orthodontics'],
    ['D8999', 'Orthodontics'],
    ['D9000', 'Adjunctive'],
    ['D9999', 'Adjunctive'],
  ])('%s is %s', (code, oldCategory) => {
    expect(oldCategoryOf(code)).toBe(oldCategory);
    expect(oldCategoryOf(`ADA:${code}`)).toBe(oldCategory);
  });

  it.each(['D5900', 'D5905', 'D5909', 'D5910'])('%s falls in the 5900-5910 gap and is unknown', (code) => {
    expect(oldCategoryOf(code)).toBe('unknown');
  });

  it.each(['', 'garbage', 'D59100'])('%j is unknown', (code) => {
    expect(oldCategoryOf(code)).toBe('unknown');
  });
});

describe('isKnownCode', () => {
  it('knows table codes with and without the prefix', () => {
    expect(isKnownCode('D0120')).toBe(true);
    expect(isKnownCode('ADA:D0120')).toBe(true);
    expect(isKnownCode('D9999')).toBe(true);
    expect(isKnownCode('ADA:D7140')).toBe(true);
  });

  it('does not know well-formed numbers outside the table', () => {
    expect(isKnownCode('D0000')).toBe(false);
    expect(isKnownCode('ADA:D0000')).toBe(false);
    expect(isKnownCode('D0121')).toBe(false);
    expect(isKnownCode('D5905')).toBe(false);
  });

  it('does not know garbage', () => {
    for (const code of ['', 'garbage', 'd0120', 'D012', 'ADA:', 'ADA:ADA:D0120', 'toString', '__proto__']) {
      expect(isKnownCode(code)).toBe(false);
    }
  });
});

describe('codeLabel', () => {
  it('gives the label of a known code, with or without the prefix', () => {
    expect(codeLabel('D0120')).toBe(CDT_LABELS.D0120);
    expect(codeLabel('ADA:D0120')).toBe(CDT_LABELS.D0120);
    expect(codeLabel('D0120')).toBe('Routine check-up exam for an existing patient');
  });

  it('gives undefined for unknown codes and garbage', () => {
    expect(codeLabel('D0000')).toBeUndefined();
    expect(codeLabel('garbage')).toBeUndefined();
    expect(codeLabel('constructor')).toBeUndefined();
  });

  it("knows no code and gives no label for the names of Object.prototype's members", () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      for (const code of [name, `ADA:${name}`]) {
        expect(isKnownCode(code)).toBe(false);
        expect(codeLabel(code)).toBeUndefined();
      }
    }
  });
});

/** Lower case, punctuation and dashes as spaces, single spaces. */
function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A few ADA nomenclature entries (the short official names) for common codes. No label of ours may equal one of
 * them once case, punctuation and spacing are ignored.
 */
const ADA_NOMENCLATURE = [
  'periodic oral evaluation - established patient',
  'limited oral evaluation - problem focused',
  'comprehensive oral evaluation - new or established patient',
  'comprehensive periodontal evaluation - new or established patient',
  'intraoral - comprehensive series of radiographic images',
  'intraoral - periapical first radiographic image',
  'intraoral - periapical each additional radiographic image',
  'bitewings - two radiographic images',
  'bitewings - four radiographic images',
  'panoramic radiographic image',
  'pulp vitality tests',
  'diagnostic casts',
  'prophylaxis - adult',
  'prophylaxis - child',
  'topical application of fluoride varnish',
  'oral hygiene instructions',
  'sealant - per tooth',
  'amalgam - one surface, primary or permanent',
  'resin-based composite - one surface, anterior',
  'resin-based composite - one surface, posterior',
  'crown - porcelain/ceramic',
  'crown - porcelain fused to high noble metal',
  'crown - full cast high noble metal',
  'core buildup, including any pins when required',
  'post removal',
  'endodontic therapy, anterior tooth (excluding final restoration)',
  'endodontic therapy, molar tooth (excluding final restoration)',
  'periodontal scaling and root planing - four or more teeth per quadrant',
  'periodontal scaling and root planing - one to three teeth per quadrant',
  'full mouth debridement to enable a comprehensive periodontal evaluation and diagnosis on a subsequent visit',
  'periodontal maintenance',
  'complete denture - maxillary',
  'complete denture - mandibular',
  'precision attachment, by report',
  'surgical stent',
  'surgical splint',
  'radiation shield',
  'surgical placement of implant body: endosteal implant',
  'custom fabricated abutment - includes placement',
  'pontic - porcelain fused to high noble metal',
  're-cement or re-bond fixed partial denture',
  'extraction, erupted tooth or exposed root (elevation and/or forceps removal)',
  'removal of impacted tooth - soft tissue',
  'removal of impacted tooth - partially bony',
  'removal of impacted tooth - completely bony',
  'skin graft',
  'comprehensive orthodontic treatment of the adolescent dentition',
  'comprehensive orthodontic treatment of the adult dentition',
  'periodic orthodontic treatment visit',
  'palliative treatment of dental pain - per visit',
  'inhalation of nitrous oxide/analgesia, anxiolysis',
  'occlusal guard - hard appliance, full arch',
  'occlusion analysis - mounted case',
  'enamel microabrasion',
  'sales tax',
  'missed appointment',
  'cancelled appointment',
];

describe('PROCEDURE_CODES', () => {
  const codes = PROCEDURE_CODES.map((entry) => entry.code);

  it('holds every table entry once, in ADA: form', () => {
    expect(PROCEDURE_CODES).toHaveLength(Object.keys(CDT_LABELS).length);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^ADA:D\d{4}$/);
  });

  it('is sorted by code', () => {
    expect(codes).toEqual([...codes].sort());
  });

  it('has only known codes, each with its table label', () => {
    for (const entry of PROCEDURE_CODES) {
      expect(isKnownCode(entry.code)).toBe(true);
      expect(entry.label).toBe(codeLabel(entry.code));
    }
  });

  it('derives category, subcategory and old category from the number', () => {
    for (const entry of PROCEDURE_CODES) {
      expect(entry.category).toBe(categoryOf(entry.code));
      expect(entry.subcategory).toBe(subcategoryOf(entry.code));
      expect(entry.oldCategory).toBe(oldCategoryOf(entry.code));
      expect(CATEGORIES).toContain(entry.category);
      if (entry.subcategory !== undefined) expect(SUBCATEGORIES).toContain(entry.subcategory);
    }
  });

  it('gives every code an old category except the 5900-5910 gap', () => {
    for (const entry of PROCEDURE_CODES) {
      const n = Number(entry.code.slice('ADA:D'.length));
      if (n >= 5900 && n <= 5910) expect(entry.oldCategory).toBe('unknown');
      else expect(OLD_CATEGORIES).toContain(entry.oldCategory);
    }
  });

  it('has short, non-empty, trimmed labels', () => {
    for (const { code, label } of PROCEDURE_CODES) {
      expect({ code, empty: label.trim().length === 0 }).toEqual({ code, empty: false });
      expect({ code, length: label.length < 80 }).toEqual({ code, length: true });
      expect(label).toBe(label.trim());
      expect(label).not.toMatch(/\s{2}/);
    }
  });

  it('has no label identical to an ADA nomenclature entry', () => {
    const ada = new Set(ADA_NOMENCLATURE.map(normalizeText));
    const clashes = PROCEDURE_CODES.filter(({ label }) => ada.has(normalizeText(label))).map(({ code }) => code);
    expect(clashes).toEqual([]);
  });
});

describe('CDT_LABELS table', () => {
  const keys = Object.keys(CDT_LABELS);

  it('keys are plain codes', () => {
    for (const key of keys) expect(key).toMatch(/^D\d{4}$/);
  });

  it('stays within D0100 to D9999', () => {
    for (const key of keys) {
      const n = Number(key.slice(1));
      expect(n).toBeGreaterThanOrEqual(100);
      expect(n).toBeLessThanOrEqual(9999);
    }
  });

  it('holds at least 500 codes', () => {
    expect(keys.length).toBeGreaterThanOrEqual(500);
  });

  it('is written in code order', () => {
    expect(keys).toEqual([...keys].sort());
  });

  it('covers every CDT section', () => {
    const sections: [number, number][] = [
      [100, 999], // diagnostic
      [1000, 1999], // preventive
      [2000, 2999], // restorative
      [3000, 3999], // endodontics
      [4000, 4999], // periodontics
      [5000, 5899], // removable prosthodontics
      [5900, 5999], // maxillofacial prosthetics
      [6000, 6199], // implant services
      [6200, 6999], // fixed prosthodontics
      [7000, 7999], // oral and maxillofacial surgery
      [8000, 8999], // orthodontics
      [9000, 9999], // adjunctive general services
    ];
    for (const [from, to] of sections) {
      const count = keys.filter((key) => Number(key.slice(1)) >= from && Number(key.slice(1)) <= to).length;
      expect({ from, count: count >= 10 }).toEqual({ from, count: true });
    }
  });

  it('leaves out deleted codes', () => {
    const deleted = [
      'D0290', // replaced by D0251
      'D0360',
      'D0363',
      'D0421', // replaced by D0422 / D0423
      'D1203',
      'D1204',
      'D1352', // deleted in CDT 2026
      'D1515',
      'D1525',
      'D1550',
      'D1555',
      'D2941', // deleted in CDT 2025
      'D2970',
      'D4271',
      'D4320', // replaced by D4322
      'D4321', // replaced by D4323
      'D5281', // replaced by D5282 / D5283
      'D6052',
      'D6053',
      'D6054',
      'D6078',
      'D6079',
      'D7960', // replaced by D7961 / D7962
      'D8691',
      'D8692',
      'D8693',
      'D8694',
      'D9220',
      'D9221',
      'D9241',
      'D9242',
      'D9248', // deleted in CDT 2026
      'D9940', // replaced by D9944 - D9946
    ];
    expect(deleted.filter((code) => isKnownCode(code))).toEqual([]);
  });

  it('knows common everyday codes', () => {
    for (const code of ['D0120', 'D0150', 'D0210', 'D0274', 'D0330', 'D1110', 'D1206', 'D2391', 'D2740', 'D2950']) {
      expect(isKnownCode(code)).toBe(true);
    }
    for (const code of ['D3330', 'D4341', 'D4910', 'D5110', 'D6010', 'D7140', 'D7240', 'D8080', 'D9230', 'D9944']) {
      expect(isKnownCode(code)).toBe(true);
    }
  });
});

describe('categoryOfSubcategory', () => {
  it.each([
    ['Exams', 'Preventative'],
    ['X-Ray', 'Preventative'],
    ['Diagnostic', 'Preventative'],
    ['Prophylaxis', 'Preventative'],
    ['Restorative', 'Basic'],
    ['Crowns', 'Basic'],
    ['Endodontics', 'Basic'],
    ['Periodontics', 'Basic'],
    ['Dentures', 'Major'],
    ['Implant Services', 'Major'],
    ['Oral & Maxillofacial Surgery', 'Major'],
    ['Prosthodontics', 'Major'],
    ['Bridges', 'Major'],
  ] as const)('%s codes are %s', (subcategory, category) => {
    expect(categoryOfSubcategory(subcategory)).toBe(category);
  });

  it('answers for every subcategory of the enumeration', () => {
    for (const subcategory of SUBCATEGORIES) expect(CATEGORIES).toContain(categoryOfSubcategory(subcategory));
  });
});

describe('categoryOfSubcategory agrees with the code table', () => {
  it.each(SUBCATEGORIES.map((subcategory) => [subcategory]))('%s', (subcategory) => {
    const fromTable = PROCEDURE_CODES.find((info) => info.subcategory === subcategory && info.category !== 'unknown')?.category;
    expect(categoryOfSubcategory(subcategory)).toBe(fromTable ?? 'Major');
  });
});
