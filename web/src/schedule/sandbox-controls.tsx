/**
 * The sandbox's controls, for developers (the developer drawer's 'Schedule test', on the development host only):
 * open one of the scenario days, and reset the day's verifications (POST /api/schedule/sandbox/reset), so that
 * "Verify all" can be tried again on a day already verified. The sandbox practice has the same kinds of patients
 * every day (active, inactive, unknown member, dependent, new patient, portal-only carrier), drawn anew per day.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { SectionCard } from '../ui/section-card';
import { resetSandboxDay, SCHEDULE_QUERY_KEY } from './schedule-api';
import { scenarioDays, schedulePath } from './schedule-dates';
import '../ui/ui.css';

export function SandboxControls({ date, today }: { date: string; today: string }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => resetSandboxDay(http, date),
    onSuccess: async () => {
      setMessage("This day's verifications were reset.");
      await queryClient.invalidateQueries({ queryKey: [SCHEDULE_QUERY_KEY, 'day'] });
    },
    onError: (error) => setMessage(error.message),
  });
  const days = scenarioDays(today);
  return (
    <SectionCard size="small" title="Sandbox controls" className="dv-schedule__sandbox" data-testid="sandbox-controls">
      <div className="dv-row">
        <label className="dv-row dv-row-tight">
          <span>Scenario day</span>
          <select
            className="dv-control dv-schedule__control"
            value={days.some((option) => option.day === date) ? date : ''}
            onChange={(event) => {
              setMessage(null);
              if (event.target.value) void navigate(schedulePath(event.target.value));
            }}
          >
            <option value="">Choose a day</option>
            {days.map((option) => (
              <option key={option.label} value={option.day}>
                {option.label} ({option.day})
              </option>
            ))}
          </select>
        </label>
        <Button danger loading={reset.isPending} onClick={() => reset.mutate()}>
          Reset this day&apos;s verifications
        </Button>
        {message ? (
          <span role="status" className="dv-text-secondary">
            {message}
          </span>
        ) : null}
      </div>
    </SectionCard>
  );
}
