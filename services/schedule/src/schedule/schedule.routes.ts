import {
  AppointmentIdParams,
  FeeSchedule,
  SCHEDULE_ROLES,
  SCHEDULE_SETTINGS_READ_ROLES,
  SCHEDULE_SETTINGS_ROLES,
  ScheduleAppointmentDetail,
  ScheduleBatch,
  ScheduleDayParams,
  ScheduleDayView,
  ScheduleSandboxResetInput,
  ScheduleSettings,
  ScheduleVerifyInput,
  ScheduleVerifyReply,
  WriteBackInput,
  WriteBackRecord,
} from '@dv/contracts';
import { NoContent, requireActor, requireRoles, type Server } from '@dv/kit';
import { type BatchService } from '../batch/batch.service';
import { type WriteBackService } from '../write-back/write-back.service';
import { type ScheduleDayService } from './schedule-day.service';
import { type SettingsService } from './settings.service';

export interface ScheduleRoutesDeps {
  readonly days: ScheduleDayService;
  readonly batches: BatchService;
  readonly writeBacks: WriteBackService;
  readonly settings: SettingsService;
}

/**
 * /api/schedule: the office's appointment schedule, for the roles of the /schedule pages (contracts SCHEDULE_ROLES);
 * its settings and fees are changed by managers (SCHEDULE_SETTINGS_ROLES). Every call acts for the office of the
 * Connected-Dental-Office header. Replies carry the office's own patients: response schemas name every field.
 */
export function scheduleRoutes(app: Server, { days, batches, writeBacks, settings }: ScheduleRoutesDeps): void {
  const onRequest = requireRoles(...SCHEDULE_ROLES);
  const managers = requireRoles(...SCHEDULE_SETTINGS_ROLES);
  // /dental-office-settings reads the settings and fees too (issue 18): its group managers as well.
  const settingsReaders = requireRoles(...SCHEDULE_SETTINGS_READ_ROLES);

  app.get('/api/schedule/settings', { onRequest: settingsReaders, schema: { response: { 200: ScheduleSettings } } }, (request) => settings.settings(requireActor(request)));
  app.put('/api/schedule/settings', { onRequest: managers, schema: { body: ScheduleSettings, response: { 200: ScheduleSettings } } }, (request) =>
    settings.saveSettings(requireActor(request), request.body),
  );
  app.get('/api/schedule/fees', { onRequest: settingsReaders, schema: { response: { 200: FeeSchedule } } }, (request) => settings.fees(requireActor(request)));
  app.put('/api/schedule/fees', { onRequest: managers, schema: { body: FeeSchedule, response: { 200: FeeSchedule } } }, (request) =>
    settings.saveFees(requireActor(request), request.body),
  );

  app.post('/api/schedule/sandbox/reset', { onRequest, schema: { body: ScheduleSandboxResetInput, response: { 204: NoContent } } }, async (request, reply) => {
    await batches.resetSandboxDay(requireActor(request), request.body.date);
    return reply.code(204).send();
  });

  app.get(
    '/api/schedule/appointments/:id',
    { onRequest, schema: { params: AppointmentIdParams, response: { 200: ScheduleAppointmentDetail } } },
    (request) => days.appointment(requireActor(request), request.params.id),
  );
  app.post(
    '/api/schedule/appointments/:id/verify',
    { onRequest, schema: { params: AppointmentIdParams, body: ScheduleVerifyInput.nullish(), response: { 200: ScheduleVerifyReply, 201: ScheduleVerifyReply } } },
    async (request, reply) => {
      const answer = await batches.verifyOne(requireActor(request), request.params.id, request.body?.coverage ?? 'primary');
      return reply.code(answer.started ? 201 : 200).send(answer);
    },
  );
  app.post(
    '/api/schedule/appointments/:id/write-back',
    { onRequest, schema: { params: AppointmentIdParams, body: WriteBackInput, response: { 201: WriteBackRecord } } },
    async (request, reply) => reply.code(201).send(await writeBacks.writeBack(requireActor(request), request.params.id, request.body)),
  );

  app.get('/api/schedule/:date', { onRequest, schema: { params: ScheduleDayParams, response: { 200: ScheduleDayView } } }, (request) =>
    days.day(requireActor(request), request.params.date),
  );
  app.post(
    '/api/schedule/:date/batch',
    { onRequest, schema: { params: ScheduleDayParams, response: { 201: ScheduleBatch } } },
    async (request, reply) => reply.code(201).send(await batches.startForUser(requireActor(request), request.params.date)),
  );
}
