/**
 * Each kind of id has a type of its own, so passing one for another (a person's id where a workspace's is meant,
 * a workspace's where a brand's is) fails the type check. The schema's columns carry them (`.$type<…>()`), so a
 * row read from the database arrives typed; an id that comes as text (a route's parameter, a form's field) becomes
 * one where it is parsed. At run time each is the plain uuid string.
 */
declare const idKind: unique symbol;
type IdOf<Kind extends string> = string & { readonly [idKind]: Kind };

export type WorkspaceId = IdOf<'WorkspaceId'>;
export type UserId = IdOf<'UserId'>;
export type BrandId = IdOf<'BrandId'>;
export type ReleaseId = IdOf<'ReleaseId'>;

/**
 * A workspace's own brand (the company itself) has the workspace's id, as the migration that brought brands gave
 * every workspace; this is the one place that says so, where the one id is read as the other.
 */
export const companyBrandIdOf = (workspaceId: WorkspaceId): BrandId => workspaceId as string as BrandId;
