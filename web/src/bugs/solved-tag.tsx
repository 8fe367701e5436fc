import { Tag } from 'antd';

/** A report's state, the same words as the list's status filter. */
export function SolvedTag({ solved }: { solved: boolean }) {
  return solved ? <Tag color="green">Solved</Tag> : <Tag color="orange">Unsolved</Tag>;
}
