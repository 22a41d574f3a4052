/** The console's page of one customer (a workspace). */
export const customerPath = (workspaceId: string) => `/admin/workspaces/${encodeURIComponent(workspaceId)}`;
