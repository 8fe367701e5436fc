/**
 * The day the page shows and the ways to another: the previous and next day, a date picker (the browser's own,
 * typed or picked by keyboard) and Today. Each changes the address (/schedule/{date}), so Back returns to the day
 * before and a reload or a shared link shows the same day. A day button keeps the focus across the move, also when
 * the move changes the route (from /schedule to /schedule/{date}, where the page mounts anew).
 */
import { Button } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addDays, isPickedDay, longDay, relativeDay, schedulePath } from './schedule-dates';
import '../ui/ui.css';

/** After Today (disabled once there), the picker takes the focus. */
type FocusTarget = 'previous' | 'next' | 'picker';
type NavState = { focusDayButton?: FocusTarget };

export function DayNav({ date, today }: { date: string; today: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const pickerId = useId();
  const targets = useRef<Partial<Record<FocusTarget, HTMLElement | null>>>({});
  const focusTarget = (location.state as NavState | null)?.focusDayButton;

  useEffect(() => {
    if (!focusTarget) return;
    targets.current[focusTarget]?.focus();
    // Once: a reload of this entry (the browser keeps its state) should not put the focus back on the button.
    void navigate({ search: location.search }, { replace: true, state: null });
  }, [focusTarget, navigate, location.search]);

  const go = (day: string, focus?: FocusTarget) => void navigate(schedulePath(day), { state: focus ? { focusDayButton: focus } : null });
  const relative = relativeDay(date, today);

  return (
    <div className="dv-schedule__day">
      <h2 className="dv-schedule__day-title" aria-live="polite">
        {longDay(date)}
        {relative ? <span className="dv-schedule__relative"> · {relative}</span> : null}
      </h2>
      <div className="dv-schedule__day-controls" role="group" aria-label="Choose the day">
        <Button ref={(node) => void (targets.current.previous = node)} onClick={() => go(addDays(date, -1), 'previous')}>
          <span aria-hidden="true">‹ </span>Previous day
        </Button>
        <label htmlFor={pickerId} className="dv-visually-hidden">
          Day
        </label>
        <input
          id={pickerId}
          ref={(node) => void (targets.current.picker = node)}
          type="date"
          className="dv-control dv-schedule__control"
          value={date}
          onChange={(event) => {
            if (isPickedDay(event.target.value) && event.target.value !== date) go(event.target.value);
          }}
        />
        <Button ref={(node) => void (targets.current.next = node)} onClick={() => go(addDays(date, 1), 'next')}>
          Next day<span aria-hidden="true"> ›</span>
        </Button>
        <Button disabled={date === today} onClick={() => go(today, 'picker')}>
          Today
        </Button>
      </div>
    </div>
  );
}
