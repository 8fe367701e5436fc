import { Pill } from '../ui/pill';

/** A report's state, the same words as the list's status filter. */
export function SolvedTag({ solved }: { solved: boolean }) {
  return solved ? <Pill tone="green">Solved</Pill> : <Pill tone="orange">Unsolved</Pill>;
}
