/** The plan score (1 to 10) as a coloured label, as the verification header shows it. */
import { Pill } from '../ui/pill';

export function PlanScore({ score, ...rest }: { score: number; 'data-testid'?: string }) {
  return (
    <Pill tone={score >= 8 ? 'green' : score >= 5 ? 'gold' : 'red'} aria-label={`Plan score ${score} of 10`} {...rest}>
      {score}/10
    </Pill>
  );
}
