/**
 * Starting a re-check of a verification (POST /api/reverifications), from the list's picker, the ticket page's
 * link or a re-verification's "Re-verify again": the answer goes into the cache (its page shows at once, the
 * check 'checking'), the lists refetch, and the re-verification opens. A refusal keeps the user where they are
 * with the service's own words (a 409 says why: a re-check already runs, the sources have not answered yet, no
 * source serves the carrier).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { reverificationKey, REVERIFICATIONS_QUERY_KEY, startReverification } from './reverification-api';
import { reverificationPath } from './reverification-paths';

export type StartProblem = { readonly verificationId: string; readonly message: string };

export function useStartReverification({ open = true }: { open?: boolean } = {}) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** The verification whose re-check is being asked for. */
  const [starting, setStarting] = useState<string | null>(null);
  const [problem, setProblem] = useState<StartProblem | null>(null);

  async function start(verificationId: string): Promise<void> {
    setStarting(verificationId);
    setProblem(null);
    try {
      const detail = await startReverification(http, verificationId);
      queryClient.setQueryData(reverificationKey(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: [REVERIFICATIONS_QUERY_KEY, 'list'] });
      if (open) void navigate(reverificationPath(detail.id));
    } catch (error) {
      const message = error instanceof ApiCallError ? error.message : 'The re-verification could not be started';
      setProblem({ verificationId, message });
    } finally {
      setStarting(null);
    }
  }

  return { start, starting, problem, clearProblem: () => setProblem(null) };
}
