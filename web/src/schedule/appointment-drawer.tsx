/**
 * The appointment's panel, opened from its row: a drawer at the side (antd's Drawer: focus kept inside, Escape
 * closes it and gives the focus back) named after the patient and the time, holding the appointment panel's slot.
 * The panel draws its own heading and close button, so the drawer draws none. Loaded on first open, apart from the
 * page.
 */
import { type ScheduleAppointment } from '@dv/contracts';
import { Drawer } from 'antd';
import { PanelSlot } from './panel-slot';
import { type VerifyRequest } from './coverage-status';
import { clockTime } from './schedule-dates';
import { patientName } from './schedule-look';

export type AppointmentDrawerProps = {
  readonly appointment: ScheduleAppointment | null;
  readonly onClose: () => void;
  readonly verifying: string | null;
  readonly onVerify: (request: VerifyRequest) => void;
};

const DRAWER_WIDTH = 720;

export function AppointmentDrawer({ appointment, onClose, verifying, onVerify }: AppointmentDrawerProps) {
  return (
    <Drawer
      open={appointment !== null}
      onClose={onClose}
      size={Math.min(DRAWER_WIDTH, window.innerWidth)}
      title={null}
      closable={false}
      aria-label={appointment ? `${patientName(appointment.patient)}, ${clockTime(appointment.start)}` : 'Appointment'}
      destroyOnHidden
    >
      {appointment ? (
        <div data-testid="appointment-panel-slot" data-appointment={appointment.id}>
          <PanelSlot appointment={appointment} onClose={onClose} verifying={verifying} onVerify={onVerify} />
        </div>
      ) : null}
    </Drawer>
  );
}
