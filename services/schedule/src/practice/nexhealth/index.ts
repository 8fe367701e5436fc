// The NexHealth adapter of the practice-management port: what the schedule service wires in.
export { nexHealthPractice, nexHealthSettingsFrom, type NexHealthPracticeOptions } from './nexhealth-practice';
export { NEXHEALTH_API_VERSION, NEXHEALTH_DEFAULT_URL } from './nexhealth-client';
