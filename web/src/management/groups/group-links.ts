/** Where a group's page is (/management/do-groups/{id}). */
import { PATHS } from '@dv/contracts';

export const groupPath = (id: string) => PATHS.managementDoGroup.replace('{id}', encodeURIComponent(id));
