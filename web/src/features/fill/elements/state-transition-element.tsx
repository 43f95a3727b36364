import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { nl } from '@/messages/nl';
import { useFillEnvironment } from '../fill-environment';
import { transitionOf } from '../form-model';
import type { ElementProps } from './types';

/**
 * Spec 000 section 4: a workflow phase's transition tells the user where sending takes the
 * registration ('fase {next_phase}') and to whom. The move itself is sent with the values
 * (`valuesToSend`) and checked by the server; the user has nothing to fill in here.
 */
export function StateTransitionElement({ element, id }: ElementProps) {
  const { assigneeName } = useFillEnvironment();
  const move = transitionOf(element);
  const assignee = move && move.assign_to_user !== '0' ? (assigneeName(move.assign_to_user) ?? nl.workflow.colleague) : null;
  return (
    <Alert id={id} severity="info" variant="outlined">
      {element.label && <AlertTitle>{element.label}</AlertTitle>}
      {move ? nl.workflow.movesTo(move.next_phase) : nl.workflow.final}
      {move && ` ${assignee ? nl.workflow.assignedTo(assignee) : nl.workflow.assignedToNobody}`}
    </Alert>
  );
}
