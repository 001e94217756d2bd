import { closestCenter, DndContext, type DragEndEvent, PointerSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KeyboardEvent, ReactNode } from 'react';
import { useT } from '../../i18n';

/**
 * A list whose rows move by drag and drop (pointer or touch, on the handle) and by keyboard: Alt+ArrowUp /
 * Alt+ArrowDown on a focused row, or its move buttons. The caller announces moves (see `useAnnouncer`).
 */
export type SortableRow = { id: string; label: string };

export function SortableList<R extends SortableRow>({
  rows,
  label,
  onMove,
  renderRow,
  selectedId,
}: {
  rows: R[];
  label: string;
  selectedId?: string | null;
  onMove: (from: number, to: number) => void;
  renderRow: (row: R, index: number, handle: ReactNode, moveKeys: (event: KeyboardEvent) => void) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((row) => row.id === active.id);
    const to = rows.findIndex((row) => row.id === over.id);
    if (from !== -1 && to !== -1) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: '' } }}
    >
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        <ul className="bld-sortable" aria-label={label}>
          {rows.map((row, index) => (
            <SortableItem
              key={row.id}
              row={row}
              index={index}
              count={rows.length}
              onMove={onMove}
              selected={row.id === selectedId}
              renderRow={renderRow}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem<R extends SortableRow>({
  row,
  index,
  count,
  onMove,
  selected,
  renderRow,
}: {
  row: R;
  index: number;
  count: number;
  selected: boolean;
  onMove: (from: number, to: number) => void;
  renderRow: (row: R, index: number, handle: ReactNode, moveKeys: (event: KeyboardEvent) => void) => ReactNode;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const moveKeys = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to >= 0 && to < count) {
      onMove(index, to);
      keepFocus(event.currentTarget as HTMLElement);
    }
  };
  const handle = (
    <button
      type="button"
      className="bld-handle"
      ref={setActivatorNodeRef}
      {...listeners}
      aria-roledescription={attributes['aria-roledescription']}
      aria-label={t('builder.dragHandle', { name: row.label })}
      title={t('builder.moveHint')}
      onKeyDown={moveKeys}
    >
      <svg viewBox="0 0 12 20" width="12" height="20" aria-hidden="true">
        {[4, 10, 16].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.6" />, <circle key={`b${y}`} cx="9" cy={y} r="1.6" />])}
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`bld-row${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-row-id={row.id}
    >
      {renderRow(row, index, handle, moveKeys)}
    </li>
  );
}

/** A row moved in the DOM loses focus; the control that moved it gets it back once the list is redrawn. */
export function keepFocus(element: HTMLElement): void {
  requestAnimationFrame(() => {
    if (element.isConnected && document.activeElement !== element) element.focus();
  });
}

/** Up / down buttons of a row, for pointer users who do not drag and for switch access. */
export function MoveButtons({
  index,
  count,
  name,
  onMove,
}: {
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
}) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        className="btn btn-icon bld-mini"
        disabled={index === 0}
        onClick={(event) => {
          onMove(index, index - 1);
          keepFocus(event.currentTarget.closest('li')?.querySelector<HTMLElement>('.bld-select') ?? event.currentTarget);
        }}
        aria-label={t('builder.moveUp', { name })}
        title={t('builder.moveUp', { name })}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-icon bld-mini"
        disabled={index === count - 1}
        onClick={(event) => {
          onMove(index, index + 1);
          keepFocus(event.currentTarget.closest('li')?.querySelector<HTMLElement>('.bld-select') ?? event.currentTarget);
        }}
        aria-label={t('builder.moveDown', { name })}
        title={t('builder.moveDown', { name })}
      >
        ↓
      </button>
    </>
  );
}
