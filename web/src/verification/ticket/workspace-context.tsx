/**
 * What every part of the verification page shares: the ticket, whether the user may change it, and the one way
 * to save a field (the version the page shows goes with it, so a save over another tab's newer change is
 * refused and shows the value stored now instead of overwriting it).
 *
 * A part of the page may send the saves another way while it is mounted (`useEditSender`): the agent panel of an
 * outsourced ticket sends the agent's values through the queue with the payer call behind them. The fields and
 * their messages stay the same.
 */
import { type FieldEdit, type FieldSources, type VerificationDetail } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { useServices } from '../../app/services-context';
import { useInfoBar } from '../../info-bar/info-bar';
import { editVerification, VerificationCallError, verificationKey } from './verification-api';

/** How a save ended: saved, refused with the field's message, or refused because the ticket changed meanwhile. */
export type SaveOutcome =
  | { readonly kind: 'saved' }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'conflict'; readonly message: string; readonly current: unknown }
  | { readonly kind: 'failed'; readonly message: string };

export type Workspace = {
  readonly detail: VerificationDetail;
  readonly fieldSources: FieldSources;
  /** The ticket may still change (not submitted) and the user may change it. */
  readonly canEdit: boolean;
  save(path: string, value: unknown): Promise<SaveOutcome>;
};

const WorkspaceContext = createContext<Workspace | null>(null);

/**
 * Sends a field's edit in place of PATCH /api/verifications/{id}: answers the saved ticket, or throws a
 * VerificationCallError as editVerification does (its message is what the field shows).
 */
export type EditSender = (edits: readonly FieldEdit[], version: number) => Promise<VerificationDetail>;

const EditSenderContext = createContext<((sender: EditSender | null) => void) | null>(null);

/** While the caller is mounted and `sender` is not null, the workspace's saves go through it. */
export function useEditSender(sender: EditSender | null): void {
  const register = useContext(EditSenderContext);
  useEffect(() => {
    if (register === null || sender === null) return undefined;
    register(sender);
    return () => register(null);
  }, [register, sender]);
}

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside <WorkspaceProvider>');
  return workspace;
}

/** The save's 400 problem that names this field (a trailing '.value' or a deeper path counts), else the first. */
function messageFor(error: VerificationCallError, path: string): string {
  const own = error.issues.find((issue) => issue.path === path || issue.path.startsWith(`${path}.`) || issue.path === 'edits.0.value');
  return own?.message ?? error.issues[0]?.message ?? error.message;
}

export function WorkspaceProvider({ detail, canEdit, children }: { detail: VerificationDetail; canEdit: boolean; children: ReactNode }) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const infoBar = useInfoBar();
  const { id, version } = detail;
  // Read at each save, not rendered: registering a sender changes nothing on screen.
  const sender = useRef<EditSender | null>(null);
  const register = useCallback((next: EditSender | null) => {
    sender.current = next;
  }, []);

  const save = useCallback(
    async (path: string, value: unknown): Promise<SaveOutcome> => {
      infoBar.show({ type: 'inprogress' });
      try {
        const edits = [{ path, value: value as never }];
        const saved = sender.current ? await sender.current(edits, version) : await editVerification(http, id, edits, version);
        queryClient.setQueryData(verificationKey(id), saved);
        infoBar.show({ type: 'saved' });
        return { kind: 'saved' };
      } catch (error) {
        infoBar.hide();
        if (!(error instanceof VerificationCallError)) return { kind: 'failed', message: 'The change could not be saved. Try again.' };
        if (error.status === 409 && error.conflict) {
          void queryClient.invalidateQueries({ queryKey: verificationKey(id) });
          return { kind: 'conflict', message: error.message, current: error.conflict.current[0]?.value ?? null };
        }
        if (error.status === 400) return { kind: 'invalid', message: messageFor(error, path) };
        return { kind: 'failed', message: error.message };
      }
    },
    [http, id, version, queryClient, infoBar],
  );

  const workspace = useMemo<Workspace>(
    () => ({ detail, fieldSources: detail.fieldSources, canEdit: canEdit && detail.status !== 'Completed', save }),
    [detail, canEdit, save],
  );
  return (
    <EditSenderContext.Provider value={register}>
      <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>
    </EditSenderContext.Provider>
  );
}
