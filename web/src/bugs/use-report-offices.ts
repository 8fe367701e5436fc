/**
 * Office names for the bug pages (the office filter and the office column): the organization's offices from
 * GET /api/management/offices, which every role of /management/bugs may read. One page of the largest size is
 * read; an office beyond it shows its id.
 */
import { MANAGEMENT_PAGE_SIZE_MAX, ManagedOffice, pageOf } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../app/services-context';

const OfficeNamePage = pageOf(ManagedOffice.pick({ id: true, name: true }));

export type ReportOffices = {
  options: { value: string; label: string }[];
  nameOf: (officeId: string | null) => string;
};

export function useReportOffices(): ReportOffices {
  const { http } = useServices();
  const offices = useQuery({
    queryKey: ['management-offices', 'names'],
    queryFn: async () => {
      const result = await http.get('/api/management/offices', { pageSize: MANAGEMENT_PAGE_SIZE_MAX });
      if (!result.ok) throw new Error(result.error ?? 'The offices could not be read.');
      return OfficeNamePage.parse(result.data).items;
    },
    staleTime: 5 * 60_000,
  });
  return useMemo(() => {
    const items = offices.data ?? [];
    const names = new Map(items.map((office) => [office.id, office.name]));
    return {
      options: items.map((office) => ({ value: office.id, label: office.name })),
      nameOf: (officeId) => (officeId === null ? 'No office' : (names.get(officeId) ?? officeId)),
    };
  }, [offices.data]);
}
