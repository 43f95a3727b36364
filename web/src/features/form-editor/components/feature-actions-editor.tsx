import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { nl } from '@/messages/nl-admin';
import {
  ACTION_FIELDS,
  FEATURE_ACTION_TYPES,
  newFeatureAction,
  newFeatureActionStep,
  newFeatureCondition,
  type FeatureAction,
  type FeatureActionStep,
  type FeatureCondition,
} from '../element-types';
import type { FieldMessages } from '../element-validation';
import { RemoteSelectField } from './remote-select-field';
import { RowList } from './row-list';

interface FeatureActionsEditorProps {
  actions: readonly FeatureAction[];
  onChange(actions: FeatureAction[]): void;
  errors: FieldMessages;
  idPrefix: string;
  /** Data names of the form's other elements, for dataValue conditions. */
  dataNames: readonly string[];
}

/** Without the fields that only the other condition type uses. */
function withConditionType(condition: FeatureCondition, conditionType: string): FeatureCondition {
  const { dataName, operator, dataValue, ...rest } = condition;
  if (conditionType !== 'dataValue') return { ...rest, conditionType };
  return { ...rest, conditionType, dataName: dataName ?? '', operator: operator || '=', dataValue: dataValue ?? '' };
}

/** Without the fields that the new action type does not use. */
function withActionType(step: FeatureActionStep, actionType: string): FeatureActionStep {
  const { status, datasource_column, datasource_value, ...rest } = step;
  const old = { status, datasource_column, datasource_value };
  const next: FeatureActionStep = { ...rest, actionType };
  for (const field of ACTION_FIELDS[actionType as keyof typeof ACTION_FIELDS] ?? []) next[field] = old[field] ?? '';
  return next;
}

/**
 * Map feature actions (spec 001 section 3): when the conditions hold (all with 'and', one with
 * 'or'), the actions set the selected feature's status, set a datasource column or hide it.
 */
export function FeatureActionsEditor({ actions, onChange, errors, idPrefix, dataNames }: FeatureActionsEditorProps) {
  const t = nl.formEditor;
  const elementOptions = dataNames.length > 0 ? dataNames.map((name) => ({ value: name, label: name })) : null;
  return (
    <RowList
      title={t.featureActions}
      items={actions}
      onChange={onChange}
      newItem={newFeatureAction}
      addLabel={t.addFeatureAction}
      removeLabel={t.removeFeatureAction}
      direction="column"
      renderRow={(action, a, update) => {
        const path = `mapSettings.featureActions.${a}`;
        const n = a + 1;
        return (
          <>
            {/* One level below the element dialog's title, an h2. */}
            <Typography variant="subtitle2" component="h3">
              {t.featureAction(n)}
            </Typography>
            <RowList
              title={t.conditionsTitle}
              nested
              items={action.conditions ?? []}
              onChange={(conditions) => update({ conditions })}
              newItem={newFeatureCondition}
              addLabel={t.addCondition(n)}
              removeLabel={(c) => t.removeCondition(n, c)}
              error={errors[`${path}.conditions`]}
              renderRow={(condition, c, updateCondition, replaceCondition) => {
                const at = `${path}.conditions.${c}`;
                return (
                  <>
                    <TextField
                      id={`${idPrefix}-fa-${a}-c-${c}-type`}
                      select
                      label={t.conditionType(n, c + 1)}
                      value={condition.conditionType ?? ''}
                      onChange={(event) => replaceCondition(withConditionType(condition, event.target.value))}
                      error={Boolean(errors[`${at}.conditionType`])}
                      helperText={errors[`${at}.conditionType`]}
                      required
                      sx={{ flex: 1, minWidth: 160 }}
                    >
                      <MenuItem value="always">{t.conditionAlways}</MenuItem>
                      <MenuItem value="dataValue">{t.conditionDataValue}</MenuItem>
                    </TextField>
                    {condition.conditionType === 'dataValue' && (
                      <>
                        <RemoteSelectField
                          id={`${idPrefix}-fa-${a}-c-${c}-name`}
                          label={t.conditionDataName(n, c + 1)}
                          value={condition.dataName ?? ''}
                          onChange={(dataName) => updateCondition({ dataName, operator: '=' })}
                          options={elementOptions}
                          error={errors[`${at}.dataName`]}
                          required
                        />
                        <TextField
                          id={`${idPrefix}-fa-${a}-c-${c}-value`}
                          label={t.conditionValue(n, c + 1)}
                          value={condition.dataValue ?? ''}
                          onChange={(event) => updateCondition({ dataValue: event.target.value, operator: '=' })}
                          error={Boolean(errors[`${at}.dataValue`])}
                          helperText={errors[`${at}.dataValue`]}
                          required
                          fullWidth
                        />
                      </>
                    )}
                  </>
                );
              }}
            />
            <TextField
              id={`${idPrefix}-fa-${a}-method`}
              select
              label={t.conditionMethod(n)}
              value={action.conditionMethod ?? ''}
              onChange={(event) => update({ conditionMethod: event.target.value })}
              error={Boolean(errors[`${path}.conditionMethod`])}
              helperText={errors[`${path}.conditionMethod`]}
              required
              sx={{ maxWidth: 360 }}
            >
              <MenuItem value="and">{t.conditionAnd}</MenuItem>
              <MenuItem value="or">{t.conditionOr}</MenuItem>
            </TextField>
            <RowList
              title={t.actionStepsTitle}
              nested
              items={action.actions ?? []}
              onChange={(steps) => update({ actions: steps })}
              newItem={newFeatureActionStep}
              addLabel={t.addActionStep(n)}
              removeLabel={(s) => t.removeActionStep(n, s)}
              error={errors[`${path}.actions`]}
              renderRow={(step, s, updateStep, replaceStep) => {
                const at = `${path}.actions.${s}`;
                const field = (name: 'status' | 'datasource_column' | 'datasource_value', label: string, required: boolean) => (
                  <TextField
                    id={`${idPrefix}-fa-${a}-s-${s}-${name}`}
                    label={label}
                    value={step[name] ?? ''}
                    onChange={(event) => updateStep({ [name]: event.target.value })}
                    error={Boolean(errors[`${at}.${name}`])}
                    helperText={errors[`${at}.${name}`]}
                    required={required}
                    fullWidth
                  />
                );
                return (
                  <>
                    <TextField
                      id={`${idPrefix}-fa-${a}-s-${s}-type`}
                      select
                      label={t.actionType(n, s + 1)}
                      value={step.actionType ?? ''}
                      onChange={(event) => replaceStep(withActionType(step, event.target.value))}
                      error={Boolean(errors[`${at}.actionType`])}
                      helperText={errors[`${at}.actionType`]}
                      required
                      sx={{ flex: 1, minWidth: 200 }}
                    >
                      {FEATURE_ACTION_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {t.actionTypes[type]}
                        </MenuItem>
                      ))}
                    </TextField>
                    {step.actionType === 'setStatus' && field('status', t.actionStatus(n, s + 1), true)}
                    {step.actionType === 'setValueDatasource' && (
                      <>
                        {field('datasource_column', t.actionColumn(n, s + 1), true)}
                        {field('datasource_value', t.actionValue(n, s + 1), false)}
                      </>
                    )}
                  </>
                );
              }}
            />
          </>
        );
      }}
    />
  );
}
