/**
 * The read of /management/integrations beside the offices list (offices-api.ts's useOfficeList): for the offices
 * of the page shown, what the schedule service saw of their practice-management systems
 * (GET /api/management/integrations/status), checked against contracts.
 */
import { IntegrationStatusReply } from '@dv/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';

export function useIntegrationStatus(officeIds: readonly string[]) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['integration-status', officeIds],
    queryFn: async (): Promise<IntegrationStatusReply> => {
      const result = await http.get('/api/management/integrations/status', { officeIds: officeIds.join(',') });
      if (!result.ok) throw new Error(result.error ?? 'The integration status could not be read.');
      return IntegrationStatusReply.parse(result.data);
    },
    enabled: officeIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
