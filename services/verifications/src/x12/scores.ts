/** The confidence scores a 271 gives its values (README "Scores"). */

/** A value the 271 states. */
export const SCORE_STATED = 2;
/** A value the mapping inferred or defaulted because the 271 does not state it, or one a tolerated deviation puts in doubt. */
export const SCORE_INFERRED = 1;
