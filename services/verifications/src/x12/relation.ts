/**
 * Relation to subscriber (contracts' RelationToSubscriber) and the X12 individual relationship codes of the
 * 2100D INS segment (005010X279A1 allows 01 spouse, 19 child, 34 other adult).
 */
import { type RelationToSubscriber } from '@dv/contracts';

/** Self and Employee are the subscriber: no 2000D loop is sent. */
export function isSubscriber(relation: RelationToSubscriber): boolean {
  return relation === 'Self' || relation === 'Employee';
}

/**
 * INS02 for a dependent. 'Dependent' is written as a child: dental plans cover dependents as children unless
 * they are spouses or partners, and 19 is what payers match them under. A life partner or any other relation
 * is an other adult (34): 005010X279A1 has no life-partner code in the 270.
 */
export const INS_RELATIONSHIP_CODE: Record<Exclude<RelationToSubscriber, 'Self' | 'Employee'>, '01' | '19' | '34'> = {
  Spouse: '01',
  Children: '19',
  Dependent: '19',
  LifePartner: '34',
  Other: '34',
};
