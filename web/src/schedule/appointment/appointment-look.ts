/** How the appointment's time is written: '12/01/2026 at 8:45 AM'. Pure. */
import { type ScheduleAppointment } from '@dv/contracts';
import { displayDate } from '../../verification/ticket/breakdown-format';
import { clockTime } from '../schedule-dates';

export const appointmentTime = (appointment: Pick<ScheduleAppointment, 'date' | 'start'>) =>
  `${displayDate(appointment.date)} at ${clockTime(appointment.start)}`;
