/**
 * Retry a credential's login (POST /api/portals/credentials/{id}). A refusal shows in the button's tooltip: the
 * server's message, or 'An unknown error occurred' (SPEC section 8).
 */
import { MESSAGES, type PortalCredential } from '@dv/contracts';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { type CallOutcome } from './portals-api';

export type RetryLoginButtonProps = {
  retry: () => Promise<CallOutcome<PortalCredential>>;
  onRetried: (credential: PortalCredential) => void;
};

export function RetryLoginButton({ retry, onRetried }: RetryLoginButtonProps) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tooltipOpen, setTooltipOpen] = useState(false);

  async function run() {
    setRunning(true);
    setError(null);
    setTooltipOpen(false);
    let problem: string | null = null;
    try {
      const outcome = await retry();
      if (outcome.ok) onRetried(outcome.value);
      else problem = outcome.message ?? MESSAGES.UNKNOWN_ERROR_OCCURRED;
    } catch {
      problem = MESSAGES.UNKNOWN_ERROR_OCCURRED;
    } finally {
      setRunning(false);
    }
    setError(problem);
    setTooltipOpen(problem !== null);
  }

  return (
    <Tooltip
      title={error ?? 'Log in to the portal again'}
      color={error ? 'red' : undefined}
      open={tooltipOpen}
      onOpenChange={setTooltipOpen}
    >
      <Button danger={error !== null} loading={running} onClick={() => void run()}>
        Retry login
      </Button>
    </Tooltip>
  );
}
