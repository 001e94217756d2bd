import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useMemo, useRef } from 'react';
import { useT } from '../i18n';

/** What a row's drag handle spreads on itself: pointer drag, and Space/arrows/Space from the keyboard. */
export type DragHandleProps = DraggableAttributes & NonNullable<DraggableSyntheticListeners>;

/** Moves the item at `from` to `to` (for move-up/down buttons next to the handle). */
export const moveItem = <T,>(items: T[], from: number, to: number): T[] =>
  to < 0 || to >= items.length ? items : arrayMove(items, from, to);

function SortableRow({
  id,
  children,
  className,
}: {
  id: string;
  className?: string;
  children: (handle: DragHandleProps, dragging: boolean) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={`${className ?? ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children({ ...attributes, ...(listeners ?? {}) } as DragHandleProps, isDragging)}
    </li>
  );
}

/**
 * A list the staff reorders by dragging a row's handle, or from the keyboard: focus the handle, Space to lift,
 * arrow keys to move, Space to drop, Escape to cancel; each step is announced to screen readers.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  onReorder,
  children,
  layout = 'vertical',
  className,
  itemClassName,
  label,
}: {
  items: T[];
  getId: (item: T) => string;
  /** how the item is named in the announcements */
  getLabel: (item: T) => string;
  onReorder: (items: T[]) => void;
  children: (item: T, index: number, handle: DragHandleProps, dragging: boolean) => ReactNode;
  layout?: 'vertical' | 'grid';
  className?: string;
  itemClassName?: string;
  /** accessible name of the list */
  label: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map(getId), [items, getId]);
  const nameOf = (id: string | number) => {
    const item = items.find((entry) => getId(entry) === String(id));
    return item ? getLabel(item) : String(id);
  };
  const accessibility = useSortAccessibility(ids, nameOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(items, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        <ul className={className} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!} {...(itemClassName ? { className: itemClassName } : {})}>
              {(handle, dragging) => children(item, index, handle, dragging)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/**
 * What a drag-and-drop list says to screen readers, in the reader's language: how to move an item, and where it was
 * picked up, moved and dropped (`ids` in their order, `nameOf` an item's name).
 */
export function useSortAccessibility(ids: readonly string[], nameOf: (id: string | number) => string) {
  const t = useT();
  const positionOf = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  // the place last announced: dnd-kit reports "over" its own place right after the pick-up, which would drown it
  const announcedOver = useRef<string | number | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return t('media.sortPicked', { name: nameOf(active.id), position: positionOf(active.id), total: ids.length });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      return t('media.sortMoved', { name: nameOf(active.id), position: positionOf(over.id), total: ids.length });
    },
    onDragEnd: ({ active, over }) =>
      over ? t('media.sortDropped', { name: nameOf(active.id), position: positionOf(over.id), total: ids.length }) : undefined,
    onDragCancel: ({ active }) => t('media.sortCanceled', { name: nameOf(active.id) }),
  };
  return { announcements, screenReaderInstructions: { draggable: t('media.sortInstructions') } };
}
