/**
 * The HL hierarchy shared by the 270 and the 271 (005010X279A1): information source (HL03 20), receiver (21),
 * subscriber (22), dependent (23). Each level owns the segments up to the next HL; levels must nest in that
 * order, and each HL02 must name an earlier HL01.
 */
import { X12ParseError } from './errors';
import { element, type X12Segment } from './tokenizer';

export const HL_LEVELS = { source: '20', receiver: '21', subscriber: '22', dependent: '23' } as const;
export type HlLevelCode = (typeof HL_LEVELS)[keyof typeof HL_LEVELS];

const PARENT_LEVEL: Record<HlLevelCode, HlLevelCode | undefined> = { '20': undefined, '21': '20', '22': '21', '23': '22' };

export type HlLevel = {
  readonly hl: X12Segment;
  readonly levelCode: HlLevelCode;
  /** The level's segments after the HL, up to the next HL or the end of the transaction. */
  readonly segments: readonly X12Segment[];
};

function isLevelCode(code: string): code is HlLevelCode {
  return Object.prototype.hasOwnProperty.call(PARENT_LEVEL, code);
}

/** Splits a transaction body (BHT first) into its HL levels, checking how they nest. */
export function readHierarchy(body: readonly X12Segment[]): HlLevel[] {
  const levels: { hl: X12Segment; levelCode: HlLevelCode; segments: X12Segment[] }[] = [];
  const levelById = new Map<string, HlLevelCode>();
  for (const segment of body.slice(1)) {
    if (segment.tag !== 'HL') {
      const current = levels[levels.length - 1];
      if (current === undefined) {
        throw new X12ParseError('structure', `${segment.tag} before the first HL`, segment.index);
      }
      current.segments.push(segment);
      continue;
    }
    const id = element(segment, 1);
    const parentId = element(segment, 2);
    const levelCode = element(segment, 3);
    if (!isLevelCode(levelCode)) {
      throw new X12ParseError('structure', `HL03 ${JSON.stringify(levelCode)} is not an eligibility level (20, 21, 22, 23)`, segment.index);
    }
    if (id === '' || levelById.has(id)) {
      throw new X12ParseError('structure', `HL01 ${JSON.stringify(id)} is missing or repeated`, segment.index);
    }
    const expectedParent = PARENT_LEVEL[levelCode];
    const parentLevel = parentId === '' ? undefined : levelById.get(parentId);
    if (expectedParent === undefined ? parentId !== '' : parentLevel !== expectedParent) {
      throw new X12ParseError(
        'structure',
        `HL ${id} (level ${levelCode}) must have ${expectedParent === undefined ? 'no parent' : `a level ${expectedParent} parent`}; HL02 is ${JSON.stringify(parentId)}`,
        segment.index,
      );
    }
    levelById.set(id, levelCode);
    levels.push({ hl: segment, levelCode, segments: [] });
  }
  return levels;
}
