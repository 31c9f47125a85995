import { Assignment, AssignmentsAnswer, type CreateAssignmentBody } from '@papertrade/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { liveStatus } from '../../../lib/live-socket.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const base = (id: string) => `/contests/${encodeURIComponent(id)}/assignments`;

/** Without /live (its socket down), the teacher's table is read this often instead. */
export const ASSIGNMENTS_POLL_MS = 30_000;

/**
 * GET /contests/:id/assignments: the owner gets every member's progress, a member their own. The
 * progress is computed on the server from what members did, so it is refetched rather than patched:
 * on the member's record changing (ClassAssignments), and for the teacher's table when /live says
 * the class's progress moved (`class-progress`, live-connection.ts), polled only while the socket
 * is down.
 */
export const assignmentsQueryOptions = (id: string, wallet: string) =>
  queryOptions({
    queryKey: queryKeys.contests.assignments(id),
    queryFn: ({ signal }) => api(base(id), { schema: AssignmentsAnswer, wallet, signal }),
    refetchInterval: () => (liveStatus.isOpen() ? false : ASSIGNMENTS_POLL_MS),
  });

export function useAssignments(id: string, wallet: string) {
  return useQuery(assignmentsQueryOptions(id, wallet));
}

/** POST /contests/:id/assignments (owner): 201 with the assignment and every member's progress. */
export function useCreateAssignment(id: string, wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssignmentBody) =>
      api(base(id), { method: 'POST', body, wallet, schema: Assignment }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.assignments(id) }),
  });
}

/** DELETE /contests/:id/assignments/:assignmentId (owner). */
export function useDeleteAssignment(id: string, wallet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      api(`${base(id)}/${encodeURIComponent(assignmentId)}`, { method: 'DELETE', wallet }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.contests.assignments(id) }),
  });
}

/** GET .../progress.csv (owner): a plain link, so the browser saves the file itself. */
export const assignmentCsvPath = (id: string, assignmentId: string) =>
  `${base(id)}/${encodeURIComponent(assignmentId)}/progress.csv`;
