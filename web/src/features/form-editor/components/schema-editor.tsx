import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { canBeRequired, type FormElement, type Rule } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import type { FavouriteElement } from '../api';
import { levelNames, uniqueName } from '../data-name';
import { useEditorContext } from '../editor-context';
import { hasRule } from '../element-model';
import { EDITOR_TYPES, newElement, typeAvailability, typeLabel, type EditorType } from '../element-types';
import { moveItem, removeAt, replaceAt } from '../reorder';
import { rulesReferencing } from '../rule-references';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PremiumWallDialog } from '@/components/premium-wall-dialog';
import { ElementEditDialog } from './element-edit-dialog';

interface SchemaEditorProps {
  schema: readonly FormElement[];
  onChange(schema: FormElement[]): void;
  /** 0 for the form itself, 1 and more inside subforms. */
  depth: number;
  /** Accessible name of the element list. */
  label: string;
}

type Editing = { element: FormElement; index: number | null };

function newUuid(): string {
  return globalThis.crypto?.randomUUID?.() ?? `el-${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/**
 * One level of a schema: the element list (drag and drop, or the move buttons by keyboard), the
 * add panel with every type and the favourites. Subforms nest another SchemaEditor in their
 * edit dialog, so subform elements are edited with the same editor.
 */
export function SchemaEditor({ schema, onChange, depth, label }: SchemaEditorProps) {
  const t = nl.formEditor;
  const context = useEditorContext();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [removingFavourite, setRemovingFavourite] = useState<FavouriteElement | null>(null);
  const [locked, setLocked] = useState<{ text: string; module: string } | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const names = schema.map((element) => element.name);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= schema.length || from === to) return;
    const element = schema[from];
    onChange(moveItem(schema, from, to));
    if (element) setAnnouncement(t.moved(element.label || element.name, to + 1));
  };

  const startAdd = (type: EditorType) => {
    const availability = typeAvailability(type, context.modules, context.admin);
    if (availability.kind === 'premium') {
      setLocked({ text: t.premiumText(typeLabel(type)), module: availability.module });
      return;
    }
    if (availability.kind === 'admin-only') return;
    setEditing({ element: newElement(type, names), index: null });
  };

  const addFavourite = (favourite: FavouriteElement) => {
    const type = favourite.element.elementType;
    const availability = typeAvailability(type, context.modules, context.admin);
    if (availability.kind === 'premium') {
      setLocked({ text: t.premiumText(typeLabel(type)), module: availability.module });
      return;
    }
    if (availability.kind === 'admin-only') return;
    const element = structuredClone(favourite.element);
    setEditing({ element: { ...element, uuid: newUuid(), name: uniqueName(element.name || type, names) }, index: null });
  };

  const finish = (element: FormElement) => {
    if (!editing) return;
    onChange(editing.index === null ? [...schema, element] : replaceAt(schema, editing.index, element));
    setEditing(null);
  };

  const addable = EDITOR_TYPES.filter((type) => typeAvailability(type, context.modules, context.admin).kind !== 'admin-only');

  return (
    <Stack spacing={2}>
      {schema.length === 0 ? (
        <Typography color="text.secondary">{t.empty}</Typography>
      ) : (
        <List aria-label={label} dense={depth > 0} sx={{ p: 0 }}>
          {schema.map((element, index) => {
            const name = element.label || element.name;
            return (
              <ListItem
                key={element.uuid ?? `${element.name}-${index}`}
                draggable
                data-testid={`element-${index}`}
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(index));
                }}
                onDragOver={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragging !== null) move(dragging, index);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                divider
                // On a narrow phone the buttons go below the name, together, instead of past the screen's edge.
                sx={{ gap: 1, flexWrap: 'wrap', opacity: dragging === index ? 0.5 : 1, bgcolor: 'background.paper' }}
              >
                {/* Dragging is for the mouse; keyboard users have the move buttons. */}
                <DragIndicatorIcon aria-hidden sx={{ cursor: 'grab', color: 'text.secondary' }} />
                <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
                  <Typography noWrap>{name}</Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {typeLabel(element.elementType)} · {element.name}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
                  {canBeRequired(element.elementType) && !hasRule(element, 'required') && (
                    <Chip size="small" label={t.optional} />
                  )}
                  <IconButton aria-label={t.moveUp(name)} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t.moveDown(name)}
                    disabled={index === schema.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton aria-label={t.edit(name)} onClick={() => setEditing({ element, index })}>
                    <EditIcon />
                  </IconButton>
                  <IconButton aria-label={t.remove(name)} onClick={() => setRemoving(index)}>
                    <DeleteIcon />
                  </IconButton>
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>

      <Paper variant="outlined" component="section" aria-label={t.addTitle} sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t.addTitle}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {addable.map((type) => {
            const premium = typeAvailability(type, context.modules, context.admin).kind === 'premium';
            return (
              <Button
                key={type}
                size="small"
                variant="outlined"
                startIcon={premium ? <LockIcon /> : <AddIcon />}
                aria-label={premium ? t.premiumLocked(typeLabel(type)) : t.addType(typeLabel(type))}
                onClick={() => startAdd(type)}
              >
                {typeLabel(type)}
              </Button>
            );
          })}
        </Box>
      </Paper>

      <Paper variant="outlined" component="section" aria-label={t.favourites} sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t.favourites}
        </Typography>
        {context.favourites.length === 0 ? (
          <Typography color="text.secondary">{t.favouritesEmpty}</Typography>
        ) : (
          <List dense sx={{ p: 0 }}>
            {context.favourites.map((favourite) => (
              <ListItem
                key={favourite.uuid}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={t.removeFavourite(favourite.favoriteName)} onClick={() => setRemovingFavourite(favourite)}>
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <Button startIcon={<AddIcon />} aria-label={t.addFavourite(favourite.favoriteName)} onClick={() => addFavourite(favourite)}>
                  {favourite.favoriteName}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {typeLabel(favourite.element.elementType)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      {editing && (
        <ElementEditDialog
          element={editing.element}
          isNew={editing.index === null}
          rulesUsingName={depth === 0 && editing.index !== null ? rulesReferencing(context.rules, editing.element.name) : []}
          otherNames={editing.index === null ? names : levelNames(schema.filter((_, i) => i !== editing.index))}
          depth={depth}
          onDone={finish}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        text={removeText(removing === null ? undefined : schema[removing], depth === 0 ? context.rules : [])}
        confirmLabel={t.confirmRemove}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing !== null) onChange(removeAt(schema, removing));
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={removingFavourite !== null}
        title={t.removeFavouriteTitle}
        text={t.removeFavouriteConfirm(removingFavourite?.favoriteName ?? '')}
        confirmLabel={t.confirmRemove}
        onCancel={() => setRemovingFavourite(null)}
        onConfirm={() => {
          if (removingFavourite) void context.removeFavourite(removingFavourite);
          setRemovingFavourite(null);
        }}
      />
      <PremiumWallDialog locked={locked} clientId={context.clientId} onClose={() => setLocked(null)} />
    </Stack>
  );
}

function removeText(element: FormElement | undefined, rules: readonly Rule[]): string {
  if (!element) return '';
  const question = nl.formEditor.removeConfirm(element.label || element.name);
  const users = rulesReferencing(rules, element.name);
  return users.length > 0 ? `${question} ${nl.formEditor.usedInRules(users.join(', '))}` : question;
}

// Pixels in text: MUI's sx reads a bare 1 as 100 %, which made this box as wide as its column.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
