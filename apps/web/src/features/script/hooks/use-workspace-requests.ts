import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** What another screen asked the workspace to do, through the query string. */
export type WorkspaceRequest =
  | { kind: 'topic'; topic: string; topicId?: string }
  /** Open a generation (and the script to edit in it), e.g. from history. */
  | { kind: 'open'; generationId: string; scriptId?: string }
  /** Fill the form with a generation's input, to generate again. */
  | { kind: 'again'; generationId: string };

/**
 * The workspace stays mounted while the user is elsewhere (it is kept alive), so it cannot read
 * its query only when it mounts: every navigation to /dashboard/script with ?topic=, ?open= or
 * ?again= is handed over once, when the workspace is shown again.
 */
export function useWorkspaceRequests(onRequest: (requests: WorkspaceRequest[]) => void) {
  const location = useLocation();
  const handled = useRef<string | null>(null);
  const latest = useRef(onRequest);
  latest.current = onRequest;

  useEffect(() => {
    if (location.pathname !== paths.script || handled.current === location.key) return;
    handled.current = location.key;
    const params = new URLSearchParams(location.search);
    const requests: WorkspaceRequest[] = [];
    const topic = params.get('topic')?.trim();
    if (topic) requests.push({ kind: 'topic', topic, topicId: params.get('topicId') ?? undefined });
    const open = params.get('open');
    if (open)
      requests.push({ kind: 'open', generationId: open, scriptId: params.get('script') ?? undefined });
    const again = params.get('again');
    if (again) requests.push({ kind: 'again', generationId: again });
    if (requests.length > 0) latest.current(requests);
  }, [location.key, location.pathname, location.search]);
}
