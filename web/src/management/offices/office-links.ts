/** Where an office's page is: the offices list with the office named (?office={id}). */
import { PATHS } from '@dv/contracts';

export const officePath = (id: string) => `${PATHS.managementDoManagement}?office=${encodeURIComponent(id)}`;
