/**
 * Which of the ticket's plans the breakdown shows (the developer switch 'show multiple plans'). Loaded only when
 * that switch is on: no user sees it otherwise.
 */
import { Segmented } from 'antd';

export function PlanSwitch({ value, onChange, plans }: { value: string; onChange: (key: string) => void; plans: { key: string; label: string }[] }) {
  return <Segmented aria-label="Plan shown" value={value} onChange={(key) => onChange(String(key))} options={plans.map(({ key, label }) => ({ value: key, label }))} />;
}
