/** Where the forms pages open a template: /management/form?template={id} (the editor reads it from the address). */
import { PATHS } from '@dv/contracts';

export const editorPath = (id: string): string => `${PATHS.managementForm}?template=${encodeURIComponent(id)}`;
