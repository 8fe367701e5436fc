export { scheduleService, startSchedule, type RunningSchedule, type ScheduleBuilt, type ScheduleOptions, type StartScheduleOptions } from './app';
export { loadScheduleConfig, ScheduleEnv, type ScheduleConfig } from './config';
export { prepareScheduleStore } from './store-setup';
