import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { restoreSession } from '@/lib/auth/session';
import { isDatasourceKind, type DatasourceKind } from '../api';
import { DatasourceForm } from '../components/datasource-form';
import { forbidden, mayCreate, rightsOf } from '../policy';

interface DatasourceCreateData {
  kind: DatasourceKind;
  clientId: string;
}

/**
 * 'eform create datasources' in the current client, else the 403 reaction; an unknown kind is a
 * 404. Map features without the map module are not refused here: the list's wall keeps users
 * away, and the server answers a create with the wall's text (shown as the form's alert).
 */
export function datasourceCreateLoader({ params }: LoaderFunctionArgs): DatasourceCreateData {
  const kind = params.datasource_type;
  if (!isDatasourceKind(kind)) throw new Response(null, { status: 404 });
  const rights = rightsOf(restoreSession());
  if (!mayCreate(rights) || rights.clientId === null) forbidden();
  return { kind, clientId: rights.clientId };
}

/** Spec 002 screen 19, creating: a new datasource of the current client. */
export function DatasourceCreateRoute() {
  const { kind, clientId } = useLoaderData<DatasourceCreateData>();
  return <DatasourceForm key={kind} kind={kind} clientId={clientId} cancelTo={paths.datasource_list.build()} />;
}
