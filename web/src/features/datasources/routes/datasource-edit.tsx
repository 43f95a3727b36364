import { paths } from '@/config/paths';
import { DatasourceForm } from '../components/datasource-form';
import { useDatasourceShell } from './datasource-shell';

/**
 * Spec 002 screen 19, editing (Aanpassen, 'eform edit datasources': the shell checked it): name,
 * coordinate system, and a new file that replaces every item through a new import.
 */
export function DatasourceEditRoute() {
  const { datasource, kind, rights } = useDatasourceShell();
  const clientId = datasource.relationships.client_id.data.id || rights.clientId || '';
  return (
    <DatasourceForm
      key={datasource.id}
      kind={kind}
      clientId={clientId}
      current={datasource}
      cancelTo={paths.datasource_view.build({ datasource_type: kind, datasource_id: datasource.id })}
    />
  );
}
