import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REGISTRATION_PHASE, type Condition, type FormElement, type Rule, type RuleAction } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import {
  ACTION_METHODS,
  blankAction,
  blankCondition,
  conditionElements,
  GROUP_METHODS,
  levelSchema,
  operatorOptions,
  ruleForms,
  takesValue,
  valueTokens,
  withDataName,
} from '../rule-model';
import { TokenValueField } from './token-value-field';

interface RuleCardProps {
  rule: Rule;
  index: number;
  count: number;
  schema: readonly FormElement[];
  workflow: boolean;
  errors: Record<string, string>;
  onChange(rule: Rule): void;
  onRemove(): void;
  onMove(offset: -1 | 1): void;
}

function elementLabel(element: FormElement): string {
  return element.label ? `${element.label} (${element.name})` : element.name;
}

/** One rule: name, the form it works on, AND/OR, its conditions and its actions. */
export function RuleCard({ rule, index, count, schema, workflow, errors, onChange, onRemove, onMove }: RuleCardProps) {
  const t = nl.formRules;
  const id = `rule-${index}`;
  const level = levelSchema(schema, rule.ruleForm);
  const readable = conditionElements(level);
  const tokens = valueTokens(level);
  const conditions = rule.condition_group?.conditions ?? [];
  const actions = rule.actions ?? [];
  const error = (key: string) => errors[`${index}.${key}`];
  const title = t.rule(index + 1, rule.ruleName);

  const setConditions = (next: Condition[]) =>
    onChange({ ...rule, condition_group: { ...rule.condition_group, conditions: next } });
  const setCondition = (j: number, next: Condition) => setConditions(conditions.map((c, i) => (i === j ? next : c)));
  const setActions = (next: RuleAction[]) => onChange({ ...rule, actions: next });
  const setAction = (k: number, next: RuleAction) => setActions(actions.map((a, i) => (i === k ? next : a)));

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <IconButton aria-label={t.moveUp(rule.ruleName || String(index + 1))} disabled={index === 0} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          aria-label={t.moveDown(rule.ruleName || String(index + 1))}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={t.removeRule(rule.ruleName || String(index + 1))} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            id={`${id}-name`}
            label={t.ruleName}
            value={rule.ruleName}
            onChange={(event) => onChange({ ...rule, ruleName: event.target.value })}
            error={Boolean(error('ruleName'))}
            helperText={error('ruleName')}
            required
            fullWidth
          />
          <TextField
            id={`${id}-form`}
            select
            label={t.ruleForm}
            value={ruleForms(schema).some((form) => form.value === rule.ruleForm) ? rule.ruleForm : ''}
            // Another level has other elements: the conditions and actions start over.
            onChange={(event) =>
              onChange({
                ...rule,
                ruleForm: event.target.value,
                condition_group: { ...rule.condition_group, conditions: [blankCondition()] },
                actions: [blankAction()],
              })
            }
            error={Boolean(error('ruleForm'))}
            helperText={error('ruleForm')}
            required
            fullWidth
          >
            {ruleForms(schema).map((form) => (
              <MenuItem key={form.value} value={form.value}>
                {form.element ? t.subform(form.element.label || form.element.name) : t.mainForm}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id={`${id}-method`}
            select
            label={t.method}
            value={(rule.condition_group?.method ?? 'AND').toUpperCase()}
            onChange={(event) => onChange({ ...rule, condition_group: { ...rule.condition_group, method: event.target.value } })}
            fullWidth
          >
            {GROUP_METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {method === 'AND' ? t.methodAnd : t.methodOr}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {t.conditions}
          </Typography>
          <Stack spacing={2}>
            {conditions.map((condition, j) => {
              const key = `conditions.${j}`;
              const operators = operatorOptions(level, condition.dataName);
              return (
                <Stack
                  key={j}
                  role="group"
                  aria-label={t.conditionLabel(j + 1)}
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { md: 'flex-start' } }}
                >
                  <TextField
                    id={`${id}-c${j}-name`}
                    select
                    label={t.dataName}
                    // An element that is gone (renamed or removed) shows as not chosen, with its error.
                    value={
                      readable.some((element) => element.name === condition.dataName) ||
                      (workflow && condition.dataName === REGISTRATION_PHASE)
                        ? condition.dataName
                        : ''
                    }
                    onChange={(event) => setCondition(j, withDataName(condition, level, event.target.value))}
                    error={Boolean(error(`${key}.dataName`))}
                    helperText={error(`${key}.dataName`)}
                    required
                    sx={{ flex: 2, minWidth: 0 }}
                  >
                    {readable.map((element) => (
                      <MenuItem key={element.name} value={element.name}>
                        {elementLabel(element)}
                      </MenuItem>
                    ))}
                    {workflow && (
                      <MenuItem value={REGISTRATION_PHASE}>{t.phase}</MenuItem>
                    )}
                  </TextField>
                  <TextField
                    id={`${id}-c${j}-operator`}
                    select
                    label={t.operator}
                    value={operators.includes(condition.operator) ? condition.operator : ''}
                    onChange={(event) => setCondition(j, { ...condition, operator: event.target.value })}
                    error={Boolean(error(`${key}.operator`))}
                    helperText={error(`${key}.operator`)}
                    disabled={operators.length === 0}
                    required
                    sx={{ flex: 2, minWidth: 0 }}
                  >
                    {operators.map((operator) => (
                      <MenuItem key={operator} value={operator}>
                        {t.operators[operator] ?? operator}
                      </MenuItem>
                    ))}
                  </TextField>
                  {takesValue(condition.operator) && (
                    <TokenValueField
                      id={`${id}-c${j}-value`}
                      value={condition.value === undefined || condition.value === null ? '' : String(condition.value)}
                      onChange={(value) => setCondition(j, { ...condition, value })}
                      tokens={tokens}
                      error={error(`${key}.value`)}
                    />
                  )}
                  <IconButton aria-label={t.removeCondition(j + 1)} onClick={() => setConditions(conditions.filter((_, i) => i !== j))}>
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
          </Stack>
          {error('conditions') && <FormHelperText error>{error('conditions')}</FormHelperText>}
          <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setConditions([...conditions, blankCondition()])}>
            {t.addCondition}
          </Button>
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {t.actions}
          </Typography>
          <Stack spacing={2}>
            {actions.map((action, k) => {
              const key = `actions.${k}`;
              return (
                <Stack
                  key={k}
                  role="group"
                  aria-label={t.actionLabel(k + 1)}
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { md: 'flex-start' } }}
                >
                  <TextField
                    id={`${id}-a${k}-method`}
                    select
                    label={t.actionMethod}
                    value={(ACTION_METHODS as readonly string[]).includes(action.method) ? action.method : ''}
                    onChange={(event) => setAction(k, { ...action, method: event.target.value })}
                    error={Boolean(error(`${key}.method`))}
                    helperText={error(`${key}.method`)}
                    required
                    sx={{ flex: 1, minWidth: 0 }}
                  >
                    {ACTION_METHODS.map((method) => (
                      <MenuItem key={method} value={method}>
                        {t.actionMethods[method]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    id={`${id}-a${k}-name`}
                    select
                    label={t.dataName}
                    value={level.some((element) => element.name === action.dataName) ? action.dataName : ''}
                    onChange={(event) => setAction(k, { ...action, dataName: event.target.value })}
                    error={Boolean(error(`${key}.dataName`))}
                    helperText={error(`${key}.dataName`)}
                    required
                    sx={{ flex: 2, minWidth: 0 }}
                  >
                    {level.map((element) => (
                      <MenuItem key={element.name} value={element.name}>
                        {elementLabel(element)}
                      </MenuItem>
                    ))}
                  </TextField>
                  {action.method === 'set' && (
                    <TokenValueField
                      id={`${id}-a${k}-value`}
                      value={action.value === undefined || action.value === null ? '' : String(action.value)}
                      onChange={(value) => setAction(k, { ...action, value })}
                      tokens={tokens}
                      error={error(`${key}.value`)}
                    />
                  )}
                  <IconButton aria-label={t.removeAction(k + 1)} onClick={() => setActions(actions.filter((_, i) => i !== k))}>
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              );
            })}
          </Stack>
          {error('actions') && <FormHelperText error>{error('actions')}</FormHelperText>}
          <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => setActions([...actions, blankAction()])}>
            {t.addAction}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
